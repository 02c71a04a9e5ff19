// Worker series → uPlot data, typed end to end: the worker's Float64Array
// columns go to uPlot and to the series layer as they are. The worker marks
// gaps with NaN; the series layer lifts its pen there, and scales ignore NaN
// (finiteRange) — no NaN → null copy.
import type uPlot from "uplot";
import type { SeriesResult } from "../../../workers/contract/series";

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
