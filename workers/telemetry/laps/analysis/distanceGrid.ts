// Laps on a common distance grid (every GRID_STEP_M metres from the line):
// at each grid point, the time the lap reached it and where the car was, then
// any field at that time. Comparing laps point by point needs one x axis, and
// distance (not time) lines up the same corner on every lap.
import { MAX_STEP_SECONDS } from "../../history/integrate";
import type { LapTrack } from "./lapTrack";

export const GRID_STEP_M = 5;

/**
 * Grid points for laps whose tracks end at `maxDistanceM`: from 0 to one
 * step past the longest, so the last point lies beyond every lap's end and
 * each lap's elapsed time there is its lap time (the delta then ends at the
 * lap-time difference, whatever each lap's GPS distance).
 */
export function gridPoints(maxDistanceM: number, stepM = GRID_STEP_M): number {
  const longest = Number.isFinite(maxDistanceM) && maxDistanceM > 0 ? maxDistanceM : 0;
  return Math.floor(longest / stepM) + 2;
}

interface LapOnGrid {
  /** Packet time, epoch s, at each grid point (fields are read there). */
  time: Float64Array;
  /** Seconds since the lap's start. */
  elapsedS: Float64Array;
  lat: Float64Array;
  long: Float64Array;
}

/**
 * The lap resampled on `points` grid points. Between two track points the
 * time and position are interpolated on distance. Where the car stood still
 * (time passes, distance does not) a grid point is reached several times:
 * the last is taken, so the time spent standing counts before that point, as
 * a stopwatch at that spot would show it when the car leaves; the next grid
 * point then follows on from the moment the car moved again, not from when it
 * stopped (which would spread the stop over the following 5 m). Past the
 * track's last point the lap is over: its end time, its last position.
 */
export function lapOnGrid(
  track: LapTrack,
  lapStart: number,
  lapEnd: number,
  points: number,
  stepM = GRID_STEP_M,
): LapOnGrid {
  const out: LapOnGrid = {
    time: new Float64Array(points),
    elapsedS: new Float64Array(points),
    lat: new Float64Array(points),
    long: new Float64Array(points),
  };
  const { time, distanceM: d, lat, long, length: n } = track;
  if (n === 0) {
    for (const column of Object.values(out) as Float64Array[]) column.fill(NaN);
    return out;
  }
  let i = 0; // the last track point with distance ≤ the grid point
  for (let k = 0; k < points; k++) {
    const g = k * stepM;
    while (i + 1 < n && (d[i + 1] as number) <= g) i++;
    let t: number;
    if (i + 1 < n && (d[i] as number) <= g) {
      const f = (g - (d[i] as number)) / ((d[i + 1] as number) - (d[i] as number));
      t = lerp(time[i] as number, time[i + 1] as number, f);
      out.lat[k] = lerp(lat[i] as number, lat[i + 1] as number, f);
      out.long[k] = lerp(long[i] as number, long[i + 1] as number, f);
    } else {
      // Before the first fix's distance (only at 0) or past the last one.
      t = i + 1 < n || g === d[i] ? (time[i] as number) : lapEnd;
      out.lat[k] = lat[i] as number;
      out.long[k] = long[i] as number;
    }
    out.time[k] = t;
    out.elapsedS[k] = t - lapStart;
  }
  return out;
}

/**
 * A field's values at the grid's times, from its rows (`rowTime` ascending).
 * Numbers are interpolated between the rows around each time (one side alone
 * when the other is NaN); a step over MAX_STEP_SECONDS is a gap (NaN).
 * Booleans (`stepped`) hold their value until the next row.
 */
export function valuesAt(
  rowTime: ArrayLike<number>,
  values: ArrayLike<number>,
  times: Float64Array,
  stepped: boolean,
): Float64Array {
  const out = new Float64Array(times.length);
  const n = rowTime.length;
  let j = 0; // the last row at or before the time
  for (let k = 0; k < times.length; k++) {
    const t = times[k] as number;
    if (!(t >= (rowTime[0] as number))) {
      out[k] = n > 0 && t === t ? (values[0] as number) : NaN;
      continue;
    }
    while (j + 1 < n && (rowTime[j + 1] as number) <= t) j++;
    const a = values[j] as number;
    const ta = rowTime[j] as number;
    if (stepped || j + 1 >= n || t === ta) {
      out[k] = a;
      continue;
    }
    const tb = rowTime[j + 1] as number;
    const b = values[j + 1] as number;
    if (tb - ta > MAX_STEP_SECONDS) out[k] = NaN;
    else if (a !== a) out[k] = b;
    else if (b !== b) out[k] = a;
    else out[k] = lerp(a, b, (t - ta) / (tb - ta));
  }
  return out;
}

/** Each lap's elapsed time minus the reference's, s, point by point (positive = slower). */
export function deltaTrace(elapsedS: Float64Array, referenceS: Float64Array): Float64Array {
  const out = new Float64Array(elapsedS.length);
  for (let k = 0; k < out.length; k++) out[k] = (elapsedS[k] as number) - (referenceS[k] as number);
  return out;
}

const lerp = (a: number, b: number, f: number) => a + (b - a) * f;
