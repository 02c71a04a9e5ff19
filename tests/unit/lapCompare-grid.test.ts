// The distance grid: a lap's GPS track resampled every 5 m, with stops, a
// slower GPS, gaps and glitches, against times computed by hand.
import { describe, expect, it } from "vitest";
import {
  gridPoints,
  lapOnGrid,
  valuesAt,
} from "../../workers/telemetry/laps/analysis/distanceGrid";
import { lapTrack } from "../../workers/telemetry/laps/analysis/lapTrack";
import { circlePoint } from "./lapCircuit";

const onCircle = (s: number, lengthM: number) => circlePoint(lengthM, s / lengthM);

const LENGTH = 4400;
const T0 = 1_795_000_000;

/** Rows at 10 Hz of a car at `position(t)` metres along the circle, for `seconds`. */
function rows(
  seconds: number,
  position: (t: number) => number,
  fix = (_t: number, p: { lat: number; long: number }) => p,
) {
  const n = Math.round(seconds * 10) + 1;
  const time = new Float64Array(n);
  const lat = new Float64Array(n);
  const long = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / 10;
    const p = fix(t, onCircle(position(t), LENGTH));
    time[i] = T0 + t;
    lat[i] = p.lat;
    long[i] = p.long;
  }
  return { time, lat, long };
}

function grid(r: ReturnType<typeof rows>, lapEnd = r.time.at(-1)!) {
  const track = lapTrack(r.time, r.lat, r.long);
  const points = gridPoints(track.distanceM[track.length - 1]!);
  return { track, points, lap: lapOnGrid(track, T0, lapEnd, points) };
}

describe("the distance grid", () => {
  it("resamples a steady lap every 5 m: 20 m/s reaches k × 5 m at k / 4 s", () => {
    const { lap, points, track } = grid(rows(100, (t) => 20 * t));
    // 2 km of haversine steps along the circle: within a few centimetres of the arc.
    expect(track.distanceM[track.length - 1]).toBeCloseTo(2000, 0);
    expect(points).toBe(Math.floor(track.distanceM[track.length - 1]! / 5) + 2);
    for (const k of [0, 1, 40, 200, 399]) expect(lap.elapsedS[k]).toBeCloseTo(k / 4, 2);
    // The last point lies past the lap's end: the lap's end time there.
    expect(lap.elapsedS[points - 1]).toBe(100);
    const at = onCircle(1000, LENGTH);
    expect(lap.lat[200]).toBeCloseTo(at.lat, 6);
    expect(lap.long[200]).toBeCloseTo(at.long, 6);
  });

  it("puts a stop's time at the spot where the car stood: the last time it was there", () => {
    // 204 m at 20 m/s (10.2 s), 30 s standing, then on at 20 m/s.
    const position = (t: number) => (t < 10.2 ? 20 * t : t < 40.2 ? 204 : 204 + 20 * (t - 40.2));
    const { lap } = grid(rows(60, position));
    expect(lap.elapsedS[40]).toBeCloseTo(10, 2); // 200 m: before the stop
    // 205 m: 0.05 s after the car left at 40.2 s. Taking the first time at
    // 204 m would spread the 30 s over the next 2 m (about 25 s here).
    expect(lap.elapsedS[41]).toBeCloseTo(40.25, 2);
    expect(lap.elapsedS[42]).toBeCloseTo(40.5, 2); // 210 m
  });

  it("does not bunch time when the GPS repeats its fix between packets (1 Hz fixes, 10 Hz rows)", () => {
    const heldFix = (t: number) => 20 * Math.floor(t); // the fix moves once a second
    const { lap } = grid(rows(60, heldFix));
    // Fixes at whole seconds: 20 m/s between them, so 505 m is reached at 25.25 s.
    expect(lap.elapsedS[101]).toBeCloseTo(25.25, 2);
    expect(lap.elapsedS[103]).toBeCloseTo(25.75, 2);
  });

  it("bridges a GPS gap and ignores a glitch, as the track distance does", () => {
    const gapAndGlitch = (t: number, p: { lat: number; long: number }) => {
      if (t > 20 && t < 23) return { lat: 0, long: 0 }; // no fix for 3 s
      if (Math.abs(t - 40) < 0.01) return { lat: p.lat + 0.1, long: p.long }; // 11 km away
      return p;
    };
    const { lap, track } = grid(rows(60, (t) => 20 * t, gapAndGlitch));
    expect(track.distanceM[track.length - 1]).toBeGreaterThan(1190); // 1200 m less a step or two
    expect(lap.elapsedS[86]).toBeCloseTo(21.5, 1); // 430 m: inside the gap, time interpolated
    expect(lap.elapsedS[180]).toBeCloseTo(45, 0); // 900 m: after the glitch, within a step
    for (const lat of lap.lat) expect(Math.abs(lat - 36.9)).toBeLessThan(0.01); // never at the glitch
  });

  it("reads a field at each grid time between its rows, and leaves a long gap empty", () => {
    const rowTime = [0, 1, 2, 20, 21];
    const values = [10, 20, NaN, 5, 7];
    const at = valuesAt(rowTime, values, Float64Array.from([0.5, 1.5, 10, 20.5]), false);
    expect(Array.from(at)).toEqual([15, 20, NaN, 6]);
    const held = valuesAt([0, 1], [0, 1], Float64Array.from([0.9]), true);
    expect(held[0]).toBe(0);
  });
});
