// The "Today" plot window, shared by the telemetry worker (which lays its
// buckets) and both painters (which show its x range). Its x range runs from
// the day's start over a span that grows in steps with the day: between two
// steps the range and the bucket grid stay put, so a refresh fetches and
// paints only the newest bucket; a step (about once an hour or two) makes the
// grid coarser and the plots fetch the whole day once.

/** Spans the day's x range steps through, in hours; past the last, whole days. */
const TODAY_SPAN_STEPS_HOURS = [1, 2, 3, 4, 6, 8, 10, 12, 16, 24] as const;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The span (seconds) shown for `elapsed` seconds since the day's start: the first step that holds it. */
export function todaySpanSeconds(elapsed: number): number {
  const seconds = Number.isFinite(elapsed) && elapsed > 0 ? elapsed : 0;
  for (const hours of TODAY_SPAN_STEPS_HOURS) if (seconds <= hours * HOUR) return hours * HOUR;
  // A day longer than 24 h (a clock change, or a replay spanning days): whole days.
  return Math.ceil(seconds / DAY) * DAY;
}
