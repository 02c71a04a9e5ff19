// How a batch of series answers travels to the render worker or the UI.
//
// A live refresh answers twelve plots with a few new points each: ~60 tiny
// columns. Transferring a buffer has a fixed cost per buffer (detaching it,
// a new backing store on the other side, its collection later), so sixty
// tiny transfers cost ~2.5× what one buffer holding all sixty columns costs
// (bench/RESULTS.md, stop 24). A large answer (a whole window, after a
// hand-over or a zoom) is moved column by column instead: copying it into
// one buffer would cost more than the transfers save.
import type { SeriesRequest, SeriesResult } from "../../contract/series";

/** Answers with at most this many values in all go out in one buffer. */
export const PACK_MAX_VALUES = 4096;

/**
 * The buffers to transfer with `results`. A small batch has its columns
 * rewritten (in place) as views on one new buffer; columns that several plots
 * share stay shared. Each buffer is listed once.
 */
export function seriesTransferList(results: SeriesResult[]): ArrayBuffer[] {
  const distinct = new Set<Float64Array>();
  let values = 0;
  for (const result of results)
    for (const column of result.data) {
      if (distinct.has(column)) continue;
      distinct.add(column);
      values += column.length;
    }
  if (values > PACK_MAX_VALUES)
    return [...new Set([...distinct].map((column) => column.buffer as ArrayBuffer))];
  const packed = new Float64Array(values);
  const viewOf = new Map<Float64Array, Float64Array>();
  let at = 0;
  for (const column of distinct) {
    packed.set(column, at);
    viewOf.set(column, packed.subarray(at, at + column.length));
    at += column.length;
  }
  for (const result of results) result.data = result.data.map((column) => viewOf.get(column)!);
  return [packed.buffer];
}

/** The answer for a request the history could not serve: no points, the shape intact. */
export function emptySeries(request: SeriesRequest): SeriesResult {
  const n = Array.isArray(request?.fields) ? request.fields.length : 0;
  return {
    data: Array.from({ length: n + 1 }, () => new Float64Array(0)),
    from: null,
    to: null,
    bucketSeconds: 0,
    hasGaps: new Array<boolean>(n).fill(false),
    units: new Array<string>(n).fill(""),
  };
}
