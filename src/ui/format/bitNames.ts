// A bit field's value as the names of its set bits: the one table and its
// reader live in workers/shared/motorFlags.ts, shared with the worker's alerts.
// Here: the same names as chips, each with the weight of what it means.
import { bitWeight, type BitWeight } from "../../../workers/shared/motorFlags";
export { bitFieldText } from "../../../workers/shared/motorFlags";

/** A chip's weight: a fault, news (a past reset), a limit at work, or an unknown bit. */
type FlagTone = "danger" | "primary" | "warning" | "none";

interface FlagChip {
  bit: number;
  name: string;
  tone: FlagTone;
}

const TONE_OF: Record<BitWeight, FlagTone> = {
  fault: "danger",
  news: "primary",
  limit: "none",
  unknown: "warning",
};

/**
 * The set bits of a bit field as chips: ErrorFlags bits are faults (danger)
 * except bit 4, a past reset (news); LimitFlags bits say which loop limits the
 * motor now (information, neutral, as PROTOCOL.md has it). A bit no table
 * names is shown by number; as an error bit it is still a fault. Null for a
 * value that is not a 32-bit pattern (shown as the number it is).
 */
export function flagChips(value: number, bits: readonly string[]): FlagChip[] | null {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) return null;
  const chips: FlagChip[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if (Math.floor(value / 2 ** bit) % 2 !== 1) continue;
    const tone = TONE_OF[bitWeight(bits, bit)];
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
