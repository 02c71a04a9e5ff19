// Thinning the GPS fixes of a history ring to what the map can show: a point
// closer than the tolerance (about a screen pixel) to the last kept one adds
// nothing visible. Where the fixes are not one drive, the line breaks (-1 in
// the kept list, a NaN row later) instead of drawing a chord across the map:
// after a time gap (a GPS dropout, the link down, a restarted simulated car)
// or a jump no car drives (a glitch, a restored history followed by a car
// that starts elsewhere).
// The same pass continues a trail from its last point, so a tail thinned on
// its own joins the trail exactly as a whole rebuild would have.
import type { ColumnRing } from "../history/ColumnRing";
import { NUMERIC_FIELDS } from "../schema/fields";
import { hasFix } from "../../shared/gpsFix";
import { haversineKm } from "./geo";

export const LAT = NUMERIC_FIELDS.indexOf("Telemetry.GpsLatitude");
export const LONG = NUMERIC_FIELDS.indexOf("Telemetry.GpsLongitude");

/** Fixes further apart in time than this are not joined: nothing is known in between. */
const TRAIL_GAP_S = 5;
/** Faster than any solar car (216 km/h): a step implying more is a jump, not driving. */
const MAX_PLAUSIBLE_MPS = 60;
/** Steps shorter than this never break the line (GPS jitter, fixes of one instant). */
const JUMP_MIN_M = 50;
/**
 * Steps under this many degrees in latitude and in longitude are under 47 m
 * anywhere on Earth (a degree of either is at most 111.2 km), so shorter than
 * JUMP_MIN_M: no jump, and no great-circle distance to work out. At 10 Hz
 * almost every step is one, which keeps a day's trail (324,000 fixes) quick.
 */
const SURELY_SHORT_DEG = 3e-4;

/**
 * Whether consecutive fixes `km` apart and `seconds` apart (by packet time)
 * belong to different stretches of driving. Out-of-order or same-instant fixes
 * count as a second apart: a few metres of shuffle, not a jump.
 */
export function trailBreaks(km: number, seconds: number): boolean {
  if (seconds > TRAIL_GAP_S) return true;
  const metres = km * 1000;
  return metres > JUMP_MIN_M && metres > MAX_PLAUSIBLE_MPS * Math.max(1, seconds);
}

/** The last point already kept, to thin on from (index -1 = nothing kept yet). */
interface ThinStart {
  index: number;
  lat: number;
  long: number;
}

interface Thinned {
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
  let lastLat = start.lat; // the trail's last drawn point
  let lastLong = start.long;
  let lastKept = start.index;
  let lastValid = start.index; // the fix before this one, drawn or not
  let prevLat = start.lat;
  let prevLong = start.long;
  let prevTime = start.index >= 0 ? ring.time(start.index) : NaN;
  const keep = (i: number, lat: number, long: number) => {
    kept.push(i);
    lastKept = i;
    lastLat = lat;
    lastLong = long;
  };
  for (let i = lo; i < hi; i++) {
    const lat = ring.number(i, LAT);
    const long = ring.number(i, LONG);
    if (!hasFix(lat, long)) continue;
    sourcePoints++;
    const time = ring.time(i);
    if (lastValid < 0) {
      keep(i, lat, long);
    } else if (
      time - prevTime > TRAIL_GAP_S ||
      ((Math.abs(lat - prevLat) >= SURELY_SHORT_DEG ||
        Math.abs(long - prevLong) >= SURELY_SHORT_DEG) &&
        trailBreaks(haversineKm(prevLat, prevLong, lat, long), time - prevTime))
    ) {
      // The stretch before ends at its last fix; the next one starts afresh.
      if (lastKept !== lastValid) kept.push(lastValid);
      kept.push(-1);
      keep(i, lat, long);
    } else {
      const dLat = lat - lastLat;
      const dLong = (long - lastLong) * Math.cos((lat * Math.PI) / 180);
      if (dLat * dLat + dLong * dLong >= tol2) keep(i, lat, long);
    }
    lastValid = i;
    prevLat = lat;
    prevLong = long;
    prevTime = time;
  }
  // The car's newest fix always ends the trail.
  if (lastValid >= 0 && lastKept !== lastValid) kept.push(lastValid);
  return { kept, sourcePoints };
}
