// Worker series → uPlot data, typed end to end: the worker's Float64Array
// columns go to uPlot and to the series layer as they are. The worker marks
// gaps with NaN; the series layer lifts its pen there, and scales ignore NaN
// (finiteRange) — no NaN → null copy.
import type uPlot from "uplot";
import type { SeriesResult } from "../../../workers/contract";

/** uPlot AlignedData from a series result, without copying a column. */
export function toAlignedData(result: SeriesResult): uPlot.AlignedData {
  const x = result.data[0] ?? EMPTY;
  return [x, ...result.data.slice(1)] as uPlot.AlignedData;
}

const EMPTY = new Float64Array(0);

/** Empty data with the right number of columns, for a chart before its first result. */
export function emptyData(fieldCount: number): uPlot.AlignedData {
  const out: [Float64Array, ...Float64Array[]] = [EMPTY];
  for (let i = 0; i < fieldCount; i++) out.push(EMPTY);
  return out;
}

/** Index of the newest x whose column values are not all gaps, for the live legend. */
export function lastDrawnIndex(data: uPlot.AlignedData): number | null {
  const x = data[0];
  for (let i = x.length - 1; i >= 0; i--) {
    for (let s = 1; s < data.length; s++) {
      const v = data[s]![i];
      if (v != null && v === v) return i;
    }
  }
  return null;
}

/** Finite [min, max] of the given columns (NaN and null ignored); nulls when none. */
export function finiteExtent(
  columns: readonly ArrayLike<number | null | undefined>[],
): [number, number] | [null, null] {
  let min = Infinity;
  let max = -Infinity;
  for (const column of columns) {
    for (let i = 0; i < column.length; i++) {
      const v = column[i];
      if (v == null || v !== v) continue;
      if (v! < min) min = v!;
      if (v! > max) max = v!;
    }
  }
  return min <= max ? [min, max] : [null, null];
}

/**
 * Time of the first point of the newest bucket (grid of `bucketSeconds`), or
 * null when there is none: a tail fetched from it re-summarises that bucket
 * from its first sample, exactly as a whole fetch would.
 */
export function newestBucketStart(xs: ArrayLike<number>, bucketSeconds: number): number | null {
  let i = xs.length - 1;
  if (i < 0) return null;
  const bucket = Math.floor((xs[i] as number) / bucketSeconds);
  while (i > 0 && Math.floor((xs[i - 1] as number) / bucketSeconds) === bucket) i--;
  return xs[i] as number;
}

/**
 * A live plot's window brought up to date from a tail: `base` is the window
 * as last fetched, `tail` everything from `tailFrom` (the first sample of
 * the newest bucket on the same absolute grid, so the buckets before it are
 * complete and equal to what a whole fetch would return). Points left of `windowFrom` drop out.
 * Null when the two do not join (the tail is empty or older than the base:
 * the source changed), and the whole window must be fetched again.
 */
export function mergeTail(
  base: SeriesResult,
  tail: SeriesResult,
  tailFrom: number,
  windowFrom: number | null,
): SeriesResult | null {
  if (tail.to === null || base.to === null || tail.to < base.to) return null;
  if (tail.bucketSeconds !== base.bucketSeconds || tail.data.length !== base.data.length)
    return null;
  const xs = base.data[0]!;
  let cut = xs.length;
  while (cut > 0 && (xs[cut - 1] as number) >= tailFrom) cut--;
  let lo = 0;
  if (windowFrom !== null) while (lo < cut && (xs[lo] as number) < windowFrom) lo++;
  const tailLength = tail.data[0]!.length;
  const data = base.data.map((column, i) => {
    const out = new Float64Array(cut - lo + tailLength);
    out.set(column.subarray(lo, cut), 0);
    out.set(tail.data[i]!, cut - lo);
    return out;
  });
  return {
    data,
    from: data[0]!.length > 0 ? (data[0]![0] as number) : null,
    to: tail.to,
    hasGaps: tail.hasGaps.map((gaps, i) => gaps || base.hasGaps[i] === true),
    units: tail.units,
    bucketSeconds: tail.bucketSeconds,
  };
}
