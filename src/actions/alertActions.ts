// What the Alerts tab asks of the worker: acknowledge, mute, export the log,
// and "show me this alert": plots moved to its moment, the map to where the
// car was then (the worker finds the position; no history on this thread).
import type { AlertEntry } from "../../workers/contract/alerts";
import { appState } from "../state/appState";
import { downloadBlob } from "../ui/downloadBlob";
import { focusMap } from "../state/mapFocus";
import { focusPlots } from "../state/plotFocus";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

/** Seconds shown before an alert's start and after its end on the plots. */
const ALERT_PLOT_MARGIN_S = 30;
/** The track window searched for the car's position at an alert's start, seconds each side. */
const POSITION_WINDOW_S = 15;

/** The track point nearest `time` (columns as track() returns them; NaN rows are breaks). */
export function nearestPoint(
  time: Float64Array,
  lat: Float64Array,
  long: Float64Array,
  at: number,
): { lat: number; long: number } | null {
  let best = -1;
  let bestGap = Infinity;
  for (let i = 0; i < time.length; i++) {
    if (!Number.isFinite(lat[i]!) || !Number.isFinite(long[i]!)) continue;
    const gap = Math.abs(time[i]! - at);
    if (gap < bestGap) {
      bestGap = gap;
      best = i;
    }
  }
  return best < 0 ? null : { lat: lat[best]!, long: long[best]! };
}

/** Moves the plots to the alert and the map's focus marker to where it started. */
export async function showAlertMoment(client: TelemetryClient, entry: AlertEntry): Promise<void> {
  const end = entry.end ?? entry.start + Math.max(entry.duration, 0);
  focusPlots(entry.start - ALERT_PLOT_MARGIN_S, end + ALERT_PLOT_MARGIN_S, `Alert: ${entry.label}`);
  try {
    // A few dozen points around the moment, unthinned: small, and the worker's work.
    const track = await client.api.track({
      colorField: "MotorDetails0.VehicleVelocity",
      units: appState.appUnits,
      toleranceDeg: 0,
      maxPoints: 400,
      from: entry.start - POSITION_WINDOW_S,
      to: entry.start + POSITION_WINDOW_S,
    });
    const point = nearestPoint(track.time, track.lat, track.long, entry.start);
    if (point) focusMap(entry.start, point.lat, point.long, entry.label);
  } catch {
    // The worker is restarting: the plots moved; the map keeps its view.
  }
}

/** Saves the shown log as a CSV file (the worker writes the text). */
export async function exportAlertLog(client: TelemetryClient, now = new Date()): Promise<string> {
  const text = await client.api.alertLogCsv();
  const fileName = `helios-alerts-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.csv`;
  downloadBlob(new Blob([text], { type: "text/csv" }), fileName);
  return fileName;
}
