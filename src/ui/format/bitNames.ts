// A bit field's value as the names of its set bits: the one table and its
// reader live in workers/shared/motorFlags.ts, shared with the worker's alerts.
// Here: the same names as chips, each with the weight of what it means.
import {
  MOTOR_ERROR_BITS,
  MOTOR_LIMIT_BITS,
  MOTOR_RESET_BIT,
} from "../../../workers/shared/motorFlags";
export { bitFieldText } from "../../../workers/shared/motorFlags";

/** A chip's weight: a fault, news (a past reset), a limit at work, or an unknown bit. */
type FlagTone = "danger" | "primary" | "warning" | "none";

interface FlagChip {
  bit: number;
  name: string;
  tone: FlagTone;
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/** Which table a field's bit names are: the controller's errors, its limits, or another's. */
function tableOf(bits: readonly string[]): "errors" | "limits" | "other" {
  if (sameNames(bits, MOTOR_ERROR_BITS)) return "errors";
  if (sameNames(bits, MOTOR_LIMIT_BITS)) return "limits";
  return "other";
}

/**
 * The set bits of a bit field as chips: ErrorFlags bits are faults (danger)
 * except bit 4, a past reset (news); LimitFlags bits say which loop limits the
 * motor now (information, neutral, as PROTOCOL.md has it). A bit no table
 * names is shown by number; as an error bit it is still a fault. Null for a
 * value that is not a 32-bit pattern (shown as the number it is).
 */
export function flagChips(value: number, bits: readonly string[]): FlagChip[] | null {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) return null;
  const table = tableOf(bits);
  const chips: FlagChip[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if (Math.floor(value / 2 ** bit) % 2 !== 1) continue;
    const tone: FlagTone =
      table === "errors"
        ? bit === MOTOR_RESET_BIT
          ? "primary"
          : "danger"
        : table === "limits"
          ? "none"
          : "warning";
    chips.push({ bit, name: bits[bit] || `bit ${bit}`, tone });
  }
  return chips;
}

/** Whether a bit field shows a fault now (a past reset alone is not one). */
export function flagsFault(value: unknown, bits: readonly string[]): boolean {
  if (typeof value !== "number") return false;
  const chips = flagChips(value, bits);
  return chips === null ? value !== 0 : chips.some((chip) => chip.tone === "danger");
}
