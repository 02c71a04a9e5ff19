// The motor controllers' (Tritium WaveSculptor) flag bits, named once
// (PROTOCOL.md "Motor controller flags"): the field labels give them to the
// tables and tiles, the alerts name the bits that fired. Both threads read
// this file, so a name is never spelt twice.

/** ErrorFlags, by bit number. Every bit is a fault except MOTOR_RESET_BIT. */
export const MOTOR_ERROR_BITS: readonly string[] = [
  "hardware over current",
  "software over current",
  "DC bus over voltage",
  "bad motor position (Hall) sequence",
  "watchdog caused last reset",
  "config read error",
  "15 V rail under-voltage lockout",
  "desaturation fault",
  "motor over speed",
];

/** LimitFlags, by bit number: which control loop limits the motor now (information, not alarms). */
export const MOTOR_LIMIT_BITS: readonly string[] = [
  "output voltage (PWM) limit",
  "motor current limit",
  "velocity limit",
  "bus current limit",
  "bus voltage upper limit",
  "bus voltage lower limit",
  "motor (IPM) temperature limit",
];

/** ErrorFlags bit 4 records that the watchdog reset the controller in the past: news, not a fault. */
export const MOTOR_RESET_BIT = 4;

/**
 * ErrorFlags bits that are faults: every bit but the past reset, unnamed ones
 * too (a bit the protocol does not name is not known to be harmless).
 */
export const MOTOR_FAULT_MASK = 0xffffffff - 2 ** MOTOR_RESET_BIT;

/**
 * A bit field's value as the names of its set bits ("motor current limit"
 * rather than "2"). Bits the table does not name are shown by number, odd
 * values (negative, fractional, too large) as they are.
 */
export function bitFieldText(value: number, bits: readonly string[]): string {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) return String(value);
  if (value === 0) return "none";
  const names: string[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if (Math.floor(value / 2 ** bit) % 2 === 1) names.push(bits[bit] || `bit ${bit}`);
  }
  return names.join(", ");
}

/**
 * What a set bit means: an ErrorFlags bit is a fault, except the past reset
 * (news); a LimitFlags bit says which loop limits the motor now (information,
 * as PROTOCOL.md has it); a bit of another table is unknown, so worth a look.
 */
export type BitWeight = "fault" | "news" | "limit" | "unknown";

export function bitWeight(bits: readonly string[], bit: number): BitWeight {
  if (sameNames(bits, MOTOR_ERROR_BITS)) return bit === MOTOR_RESET_BIT ? "news" : "fault";
  if (sameNames(bits, MOTOR_LIMIT_BITS)) return "limit";
  return "unknown";
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((name, i) => name === b[i]));
}
