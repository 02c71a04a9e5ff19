// The rows of one stretch of a history (a lap, a sector) and copies of their
// columns, found by binary search on packet time, so cutting a lap never
// walks the rows before it. Copies, because a ring's window may be a view
// into a scratch array that the next read overwrites.
import type { FieldPath } from "../../../contract/fields";
import type { ColumnRing } from "../../history/ColumnRing";
import { lowerBound, upperBound } from "../../history/downsample";
import { scratchFor } from "../../history/ringScratch";

/** Logical rows [lo, lo + n) of a ring. */
interface RowSpan {
  lo: number;
  n: number;
}

/** The rows whose packet time lies in [from, to] (inclusive). */
export function rowsBetween(ring: ColumnRing, from: number, to: number): RowSpan {
  const timeAt = (i: number): number => ring.time(i);
  const lo = lowerBound(ring.length, timeAt, from);
  const hi = to < from ? lo : upperBound(ring.length, timeAt, to);
  return { lo, n: Math.max(0, hi - lo) };
}

/** The packet times of the span (epoch s), a copy. */
export function timesOf(ring: ColumnRing, span: RowSpan): Float64Array {
  return Float64Array.from(ring.timeWindow(span.lo, span.n, scratchFor(ring).x));
}

/**
 * A numeric column of the span as stored (packet field or math channel),
 * a copy; NaN where there is no value. Unknown or non-numeric paths: null.
 */
export function columnOf(ring: ColumnRing, path: FieldPath, span: RowSpan): Float64Array | null {
  const slot = ring.names.storedFieldSlot(path);
  if (!slot || slot.kind !== "number") return null;
  return Float64Array.from(ring.numericWindow(slot.index, span.lo, span.n, scratchFor(ring).y));
}
