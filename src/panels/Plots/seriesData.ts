// Worker series → uPlot data, typed end to end: the worker's Float64Array
// columns go to uPlot as they are. The worker marks gaps with NaN; uPlot would
// join the line across a NaN, so each series clips them out with `nanGaps`
// (plotOptions), and scales ignore NaN (finiteRange) — no NaN → null copy.
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

/**
 * Pixel spans (canvas pixels along x) to clip out of a series: from the last
 * value before a run of NaN to the first value after it, so no line joins
 * across a gap. `pixelForX` maps an x value to a canvas pixel.
 */
export function nanGapSpans(
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  idx0: number,
  idx1: number,
  pixelForX: (x: number) => number,
): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = idx0; i <= idx1; i++) {
    const v = ys[i];
    if (v === v && v != null) continue; // v !== v only for NaN
    let to = i;
    while (to + 1 <= idx1 && !(ys[to + 1] === ys[to + 1] && ys[to + 1] != null)) to++;
    const before = i > 0 ? i - 1 : i;
    const after = to + 1 < xs.length ? to + 1 : to;
    const from = pixelForX(xs[before] as number);
    const until = pixelForX(xs[after] as number);
    if (until >= from) spans.push([from, until]);
    i = to;
  }
  return spans;
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
