// Thinning the GPS fixes of a history ring to what the map can show: a point
// closer than the tolerance (about a screen pixel) to the last kept one adds
// nothing visible. A jump longer than GLITCH_KM breaks the line (-1 in the
// kept list, a NaN row later) instead of drawing a chord across the map.
// The same pass continues a trail from its last point, so a tail thinned on
// its own joins the trail exactly as a whole rebuild would have.
import type { ColumnRing } from "../history/ColumnRing";
import { NUMERIC_FIELDS } from "../schema/fields";
import { GLITCH_KM, haversineKm } from "./geo";

export const LAT = NUMERIC_FIELDS.indexOf("Telemetry.GpsLatitude");
export const LONG = NUMERIC_FIELDS.indexOf("Telemetry.GpsLongitude");

export const validFix = (lat: number, long: number) =>
  !(lat === 0 && long === 0) && Math.abs(lat) <= 90 && Math.abs(long) <= 180;

/** The last point already kept, to thin on from (index -1 = nothing kept yet). */
export interface ThinStart {
  index: number;
  lat: number;
  long: number;
}

export interface Thinned {
  /** Ring indices to draw, -1 = a break. */
  kept: number[];
  /** Fixes seen in [lo, hi). */
  sourcePoints: number;
}

export function thinFixes(
  ring: ColumnRing,
  lo: number,
  hi: number,
  toleranceDeg: number,
  start: ThinStart = { index: -1, lat: NaN, long: NaN },
): Thinned {
  const kept: number[] = [];
  const tol2 = toleranceDeg * toleranceDeg;
  let sourcePoints = 0;
  let lastLat = start.lat;
  let lastLong = start.long;
  let lastKept = start.index; // the trail's last drawn point
  let lastValid = start.index;
  for (let i = lo; i < hi; i++) {
    const lat = ring.number(i, LAT);
    const long = ring.number(i, LONG);
    if (!validFix(lat, long)) continue;
    sourcePoints++;
    if (lastValid >= 0 && haversineKm(lastLat, lastLong, lat, long) > GLITCH_KM) {
      if (lastKept !== lastValid) kept.push(lastValid);
      kept.push(-1, i);
      lastKept = i;
      lastLat = lat;
      lastLong = long;
    } else if (lastValid < 0) {
      kept.push(i);
      lastKept = i;
      lastLat = lat;
      lastLong = long;
    } else {
      const dLat = lat - lastLat;
      const dLong = (long - lastLong) * Math.cos((lat * Math.PI) / 180);
      if (dLat * dLat + dLong * dLong >= tol2) {
        kept.push(i);
        lastKept = i;
        lastLat = lat;
        lastLong = long;
      }
    }
    lastValid = i;
  }
  // The car's newest fix always ends the trail.
  if (lastValid >= 0 && lastKept !== lastValid) kept.push(lastValid);
  return { kept, sourcePoints };
}

/** A range rounded outward to a 1-2-5 step, so that new values rarely leave it. */
export function roundRange(min: number, max: number): { min: number; max: number } {
  if (!(Number.isFinite(min) && Number.isFinite(max)) || max < min) return { min, max };
  const span = max - min || Math.max(1, Math.abs(max));
  const raw = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const lo = Math.floor(min / step) * step;
  let hi = Math.ceil(max / step) * step;
  if (hi === lo) hi = lo + step;
  return { min: lo, max: hi };
}
