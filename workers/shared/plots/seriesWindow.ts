// Where a plot's whole window starts, as a series answer says it: the marks
// features add to an answer (alert spans, notes) cover the whole window even
// when the answer is a live tail, since they replace what the joined window held.
import type { SeriesRequest, SeriesResult } from "../../contract/series";

/** Where the plot's window starts (null: no data, no window). */
export function windowStart(request: SeriesRequest, result: SeriesResult): number | null {
  if (request.today) return result.day?.start ?? result.from;
  if (request.liveWindowSeconds !== undefined)
    return result.to === null ? null : result.to - request.liveWindowSeconds;
  return request.from ?? -Infinity;
}
