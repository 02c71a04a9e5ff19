// How one cell is written to (and read back from) CSV. Numbers are written by
// hand (they never need quoting), every string cell goes through papaparse
// (always quoted, inner quotes doubled, spreadsheet formulas neutralised).
import Papa from "papaparse";

/** Decimals kept per display unit ("as displayed" export); unit-less values keep 3. */
const DECIMALS: Record<string, number> = {
  s: 3,
  "°": 7,
  V: 3,
  A: 3,
  W: 1,
  Ah: 3,
  "°C": 2,
  "°F": 2,
  "%": 2,
  rpm: 1,
  "m/s": 3,
  "km/h": 3,
  mph: 3,
  m: 1,
  ft: 1,
  km: 3,
  mi: 3,
  Hz: 2,
  g: 3,
  "°/s": 2,
};

export function decimalsFor(displayUnit: string): number {
  return DECIMALS[displayUnit] ?? 3;
}

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * A number at display precision, without trailing zeros ("12.5", "3", "-0.25").
 * k/10^d is printed as its shortest decimal, so re-reading it and writing it
 * again gives the same text (the round trip is idempotent).
 */
export function formatRounded(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return "";
  const p = POW10[decimals] ?? 1;
  const rounded = Math.round(value * p) / p;
  return rounded === 0 ? "0" : String(rounded); // no "-0"
}

/** The shortest text that reads back to the same float32 (raw export of a Float32 column). */
export function formatFloat32(value: number): string {
  if (!Number.isFinite(value)) return "";
  if (Number.isInteger(value)) return String(value);
  for (let digits = 6; digits < 9; digits++) {
    const text = String(Number(value.toPrecision(digits)));
    if (Math.fround(Number(text)) === value) return text;
  }
  return String(Number(value.toPrecision(9)));
}

export function formatFloat64(value: number): string {
  return Number.isFinite(value) ? String(value) : "";
}

export const formatBoolean = (value: boolean): string => (value ? "true" : "false");

const UNPARSE_STRING: Papa.UnparseConfig = { quotes: true, escapeFormulae: true, header: false };
const quotedCache = new Map<string, string>();

/**
 * A string cell: quoted, inner quotes doubled, and prefixed with `'` when a
 * spreadsheet would run it as a formula (=, +, -, @, tab, CR). Strings repeat
 * (Title, Rfid), so each distinct one is quoted once.
 */
export function quoteString(value: string): string {
  let cell = quotedCache.get(value);
  if (cell === undefined) {
    cell = Papa.unparse([[value]], UNPARSE_STRING);
    if (quotedCache.size > 10_000) quotedCache.clear();
    quotedCache.set(value, cell);
  }
  return cell;
}

/** Header cells: quoted only when they must be (they are field paths, with units). */
export function headerLine(names: readonly string[]): string {
  return Papa.unparse([names as string[]], { header: false });
}

/** Undo the formula neutralisation of quoteString on import. */
export function unneutralise(cell: string): string {
  return cell.length > 1 && cell.charCodeAt(0) === 39 /* ' */ && /^'[=+\-@\t\r]/.test(cell)
    ? cell.slice(1)
    : cell;
}

const POOL_LIMIT = 4096;

/**
 * String cells of an import, stored in the history. A cell papaparse returns
 * can be a slice of the whole piece of text it read (about 1 MB), and keeping
 * the slice keeps the piece: a long import would hold the whole file. Each
 * distinct string is copied once, detached from the piece (a concatenation
 * flattened into a new string), and repeats share the copy.
 */
export class StringPool {
  private readonly copies = new Map<string, string>();

  get(cell: string): string {
    let copy = this.copies.get(cell);
    if (copy === undefined) {
      copy = (" " + cell).slice(1);
      if (this.copies.size >= POOL_LIMIT) this.copies.clear();
      this.copies.set(copy, copy);
    }
    return copy;
  }
}

/**
 * A decimal number as an export writes it: sign, digits, a point, an
 * exponent. JavaScript's Number() also reads 0x10 as 16 (and 0b, 0o), which
 * no CSV of telemetry means: such a cell is refused, not read as another value.
 */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * The import's fast check: could `cell` be a radix literal (0x…, 0o…, 0b…) or
 * padded text? Such cells go to parseNumberCell, which says why they are refused.
 */
export function maybeNotDecimal(cell: string): boolean {
  const second = cell.charCodeAt(1) | 32; // lower case
  return (
    second === 120 /* x */ ||
    second === 111 /* o */ ||
    second === 98 /* b */ ||
    cell.charCodeAt(0) <= 32
  );
}

/** A number cell on import; null when empty or not a decimal number. */
export function parseNumberCell(cell: string, decimalComma: boolean): number | null {
  const text = decimalComma ? cell.replace(",", ".") : cell;
  if (!DECIMAL.test(text)) return null;
  const value = +text;
  return value !== Infinity && value !== -Infinity ? value : null;
}

/** A boolean cell on import (true/false in any case, or 1/0); null otherwise. */
export function parseBooleanCell(cell: string): boolean | null {
  if (cell === "true" || cell === "1") return true;
  if (cell === "false" || cell === "0") return false;
  const lower = cell.trim().toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : null;
}
