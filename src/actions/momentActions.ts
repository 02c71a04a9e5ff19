// "Show me this moment": the plots moved to a window around it, the map's
// focus marker to where the car was then (the worker finds the position; no
// history on this thread). An alert's row and a state timeline's band ask it.
import { appState } from "../state/appState";
import { focusMap } from "../state/mapFocus";
import { focusPlots } from "../state/plotFocus";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

/** Seconds shown before a moment's start and after its end on the plots. */
const PLOT_MARGIN_S = 30;
/** The track window searched for the car's position at a moment, seconds each side. */
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

/**
 * Moves the plots to [start, end] with a margin, labelled `label`, and the
 * map's focus marker to where the car was at `start`.
 */
export async function showMoment(
  client: TelemetryClient,
  start: number,
  end: number,
  label: string,
): Promise<void> {
  focusPlots(start - PLOT_MARGIN_S, end + PLOT_MARGIN_S, label);
  try {
    // A few dozen points around the moment, unthinned: small, and the worker's work.
    const track = await client.api.track({
      colorField: "MotorDetails0.VehicleVelocity",
      units: appState.appUnits,
      toleranceDeg: 0,
      maxPoints: 400,
      from: start - POSITION_WINDOW_S,
      to: start + POSITION_WINDOW_S,
    });
    const point = nearestPoint(track.time, track.lat, track.long, start);
    if (point) focusMap(start, point.lat, point.long, label);
  } catch {
    // The worker is restarting: the plots moved; the map keeps its view.
  }
}
