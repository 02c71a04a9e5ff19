// Where the shown history's alerts appear beside their data: as spans in the
// series answers (plots shade them behind the lines) and as pins in the track
// answer (the car's position when each started). Both read the log's own
// indexes (per subject, in start order), never the history's rows, except a
// binary search per pin for the position.
import type { AlertSeverity } from "../../contract/alerts";
import type { AlertSpan, SeriesRequest, SeriesResult } from "../../contract/series";
import type { AlertPin } from "../../contract/track";
import type { AlertMark } from "../../contract/alerts";
import { windowStart } from "../../shared/plots/seriesWindow";
import type { ColumnRing } from "../history/ColumnRing";
import { placeAt } from "../geo/placeAt";

/** What a window's view reads of its alerts (the live log, or a replay's). */
export interface ShownAlerts {
  spans(subject: string, from: number, to: number): AlertMark[];
  starts(from: number, to: number, limit: number): (AlertMark & { message: string })[];
}

/** Pins on the map at most (the newest): more would hide the track. */
const MAX_ALERT_PINS = 200;

/**
 * Adds to each answer the alerts of its fields over the plot's whole window
 * (a live tail's answer covers the window, not only the tail), up to the
 * playback clock in a replay: an alert ending after it is still active there.
 */
export function addAlertSpans(
  requests: readonly SeriesRequest[],
  results: SeriesResult[],
  alerts: ShownAlerts,
  clock: number | null,
): void {
  results.forEach((result, i) => {
    const request = requests[i];
    if (!request || !Array.isArray(request.fields)) return;
    const to = Math.min(request.to ?? Infinity, clock ?? Infinity);
    const from = windowStart(request, result);
    if (from === null) return;
    const spans: AlertSpan[] = [];
    request.fields.forEach((field, f) => {
      for (const mark of alerts.spans(field, from, to))
        spans.push({
          column: f + 1,
          start: mark.start,
          end: mark.end !== null && mark.end <= to ? mark.end : null,
          severity: mark.severity,
        });
    });
    if (spans.length > 0) result.alertSpans = spans;
  });
}

/** The alerts that started in [from, to], newest first, pinned where the car was then. */
export function alertPins(
  ring: ColumnRing,
  alerts: ShownAlerts,
  from: number | null,
  to: number | null,
): AlertPin[] {
  const pins: AlertPin[] = [];
  const n = ring.length;
  if (n === 0) return pins;
  for (const mark of alerts.starts(from ?? -Infinity, to ?? Infinity, MAX_ALERT_PINS)) {
    const place = placeAt(ring, mark.start);
    if (!place) continue;
    pins.push({
      seq: mark.seq,
      time: mark.start,
      severity: mark.severity as AlertSeverity,
      message: mark.message,
      ...place,
    });
  }
  return pins;
}
