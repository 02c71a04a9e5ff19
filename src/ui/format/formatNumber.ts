// The one number formatter for values shown to the user (field tables,
// favourite tiles, plot legends, status bar): one placeholder, one rule.

/** Shown for a value that is missing or not a finite number. */
export const NO_VALUE = "—";

/**
 * About four significant digits: fewer decimals for larger numbers so columns
 * stay readable; integers as they are; `digits` fixes the decimals instead.
 */
export function formatNumber(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  if (digits !== undefined) return value.toFixed(digits);
  if (Number.isInteger(value)) return String(value);
  const size = Math.abs(value);
  return value.toFixed(size >= 1000 ? 0 : size >= 100 ? 1 : size >= 10 ? 2 : 3);
}

/**
 * A difference with its sign, to `digits` decimals: "+1.20", "−0.40" (a
 * typographic minus), "±0.00" when it rounds to zero either way.
 */
export function formatSigned(value: number, digits: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const size = Math.abs(value).toFixed(digits);
  const sign = Number(size) === 0 ? "±" : value > 0 ? "+" : "−";
  return `${sign}${size}`;
}

/** Decimals of a coordinate in degrees: 6 is about 0.1 m (2 would be about 1 km). */
export const COORDINATE_DIGITS = 6;

/**
 * Decimals a field's unit fixes, whatever the value's size: latitude and
 * longitude (the only fields in "°") to COORDINATE_DIGITS, as the Map shows
 * them; undefined leaves formatNumber's rule.
 */
export function unitDigits(unit: string): number | undefined {
  return unit === "°" ? COORDINATE_DIGITS : undefined;
}

// One formatter, made once: Number#toLocaleString builds a new one per call,
// which showed in the main thread's profile (the status bar formats the
// history fill ten times a second).
const COUNT_FORMAT = new Intl.NumberFormat("en-US");

/** A count with thousands separators, as `toLocaleString("en-US")` writes it ("12,345"). */
export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}
