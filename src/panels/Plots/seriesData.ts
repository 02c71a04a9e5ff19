// Worker series → uPlot data. uPlot draws null as a gap but NaN as garbage, and
// the worker marks gaps with NaN; only columns flagged hasGaps are converted,
// into arrays reused frame to frame, so the common case costs nothing.
import type uPlot from "uplot";
import type { SeriesResult } from "../../../workers/contract";

export type GapColumn = (number | null)[];

/**
 * Build uPlot AlignedData from a series result. `scratch[i]` is reused for the
 * i-th y column when it has gaps (it is overwritten: uPlot must not still need
 * its old content, which holds because setData follows synchronously).
 */
export function toAlignedData(result: SeriesResult, scratch: GapColumn[]): uPlot.AlignedData {
  const x = result.data[0] ?? EMPTY;
  const out: [Float64Array, ...(Float64Array | GapColumn)[]] = [x];
  for (let i = 1; i < result.data.length; i++) {
    const column = result.data[i] as Float64Array;
    if (!result.hasGaps[i - 1]) {
      out.push(column);
      continue;
    }
    const nulls = (scratch[i - 1] ??= []);
    nulls.length = column.length;
    for (let j = 0; j < column.length; j++) {
      const v = column[j] as number;
      nulls[j] = v === v ? v : null; // v !== v only for NaN
    }
    out.push(nulls);
  }
  return out;
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
