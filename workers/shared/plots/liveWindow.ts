// A live plot's window kept up to date cheaply, shared by the UI (plotDriver)
// and the render worker (LivePlots, which refreshes live plots on its own):
// tails joined to the window already held, on a grid of absolute time, and an
// x range that moves in whole pixels (so what is drawn can be shifted).
import type { ValueRange } from "../../contract/renderProtocol";
import type { SeriesResult } from "../../contract/series";

/**
 * A live range moved on to the next whole pixel of time at or after its end:
 * between two pixels the picture stays put and only new data is drawn. The
 * right edge runs at most a pixel ahead of the newest packet.
 */
export function wholePixelRange(range: ValueRange | null, widthPx: number): ValueRange | null {
  if (!range || !(widthPx > 0)) return range;
  const span = range.max - range.min;
  if (!(span > 0)) return range;
  const pixel = span / widthPx;
  // (A newest packet exactly on a pixel's edge stays on it despite rounding.)
  const max = Math.ceil(range.max / pixel - 1e-9) * pixel;
  return { min: max - span, max };
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
 * the source changed; another grid; another day), and the whole window must
 * be fetched again.
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
  // A new day (Today after a long pause) is a new window, even on the same grid.
  if (tail.day?.start !== base.day?.start) return null;
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
    ...(tail.day ? { day: tail.day } : {}),
    // The tail's answer carries the whole window's alert spans.
    ...(tail.alertSpans ? { alertSpans: tail.alertSpans } : {}),
    ...(tail.noteSpans ? { noteSpans: tail.noteSpans } : {}),
  };
}

/** Index of the newest x whose column values are not all gaps (for the legend); null when none. */
export function lastDrawnIndex(
  data: readonly ArrayLike<number | null | undefined>[],
): number | null {
  const x = data[0] ?? [];
  for (let i = x.length - 1; i >= 0; i--) {
    for (let s = 1; s < data.length; s++) {
      const v = data[s]![i];
      if (v != null && v === v) return i;
    }
  }
  return null;
}

/**
 * Per column 1… the finite extent of its values inside `x` (all of them
 * when null), flat [min, max, …], NaN when none: what a plot's y ranges
 * follow, reckoned alike by the UI and the render worker.
 */
export function columnExtents(
  data: readonly ArrayLike<number | null | undefined>[],
  x: ValueRange | null,
): number[] {
  const xs = data[0] ?? [];
  let lo = 0;
  let hi = xs.length;
  if (x) {
    while (lo < hi && (xs[lo] as number) < x.min) lo++;
    while (hi > lo && (xs[hi - 1] as number) > x.max) hi--;
  }
  const extents: number[] = [];
  for (let s = 1; s < data.length; s++) {
    const column = data[s]!;
    let min = Infinity;
    let max = -Infinity;
    for (let i = lo; i < hi; i++) {
      const v = column[i] as number;
      if (v < min) min = v; // NaN (a gap) compares false: skipped
      if (v > max) max = v;
    }
    extents.push(min <= max ? min : NaN, min <= max ? max : NaN);
  }
  return extents;
}

/**
 * Whether some column's extent (flat [min, max, …] from column 1, as
 * columnExtents gives) lies outside its range; a column without a range, or
 * without data (NaN), is never outside.
 */
export function extentsLeave(
  extents: number[],
  columns: number,
  rangeOf: (column: number) => { min?: number | null; max?: number | null } | null | undefined,
): boolean {
  for (let c = 1; c < columns; c++) {
    const range = rangeOf(c);
    if (range?.min == null || range.max == null) continue;
    if (extents[2 * (c - 1)]! < range.min || extents[2 * (c - 1) + 1]! > range.max) return true;
  }
  return false;
}
