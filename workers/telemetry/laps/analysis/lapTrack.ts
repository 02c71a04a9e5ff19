// The GPS track of one lap as distance against time: the points the distance
// grid (distanceGrid.ts) interpolates between. Distance is the haversine sum
// of consecutive fixes with TrackDistance's glitch rule (geo.ts), from 0 at
// the lap's first fix, so every lap of every history is measured alike.
import { TrackDistance } from "../../geo/geo";

/** A fix held this long without moving is the car standing still, not a slower GPS. */
const STOP_HOLD_S = 2;

/** The lap's track: parallel columns, time ascending, distance never decreasing. */
export interface LapTrack {
  /** Packet time, epoch s. */
  time: Float64Array;
  /** Metres from the lap's first fix. */
  distanceM: Float64Array;
  lat: Float64Array;
  long: Float64Array;
  length: number;
}

/**
 * The lap's track from its rows (time ascending). Left out:
 * - rows without a fix ((0, 0) or out of range): they say nothing of where the car was;
 * - a fix that jumped more than GLITCH_KM (geo.ts) from the one before: the
 *   distance does not count it, and its position is not the car's;
 * - a fix equal to the one before it, unless it ends a hold of STOP_HOLD_S or
 *   more. A GPS slower than the packets repeats its last fix; keeping those
 *   rows would make the car look stopped and then jump, bunching each step's
 *   time at its end. A long hold is a real stop: its last row is kept, so
 *   the time spent standing lies at that distance (see distanceGrid.ts).
 */
export function lapTrack(
  time: ArrayLike<number>,
  lat: ArrayLike<number>,
  long: ArrayLike<number>,
): LapTrack {
  const n = time.length;
  const out = {
    time: new Float64Array(n),
    distanceM: new Float64Array(n),
    lat: new Float64Array(n),
    long: new Float64Array(n),
  };
  const sum = new TrackDistance();
  let kept = 0;
  let heldSince = NaN; // time of the first row of the current run of equal fixes
  let held = -1; // its last row, not yet kept
  const keep = (i: number, distanceKm: number) => {
    out.time[kept] = time[i] as number;
    out.distanceM[kept] = distanceKm * 1000;
    out.lat[kept] = lat[i] as number;
    out.long[kept] = long[i] as number;
    kept++;
  };
  for (let i = 0; i < n; i++) {
    const la = lat[i] as number;
    const lo = long[i] as number;
    const before = sum.distanceKm;
    const hadFix = sum.lat !== null;
    const same = hadFix && la === sum.lat && lo === sum.long;
    sum.add(la, lo);
    if (sum.lat !== la || sum.long !== lo) continue; // no fix: ignored by the sum too
    if (same) {
      held = i;
      continue;
    }
    if (held >= 0 && (time[held] as number) - heldSince >= STOP_HOLD_S) keep(held, before);
    held = -1;
    heldSince = time[i] as number;
    // A glitch: the sum did not move, and the fix is not where the car was.
    if (hadFix && sum.distanceKm === before) continue;
    keep(i, sum.distanceKm);
  }
  if (held >= 0 && (time[held] as number) - heldSince >= STOP_HOLD_S) keep(held, sum.distanceKm);
  return {
    time: out.time.subarray(0, kept),
    distanceM: out.distanceM.subarray(0, kept),
    lat: out.lat.subarray(0, kept),
    long: out.long.subarray(0, kept),
    length: kept,
  };
}
