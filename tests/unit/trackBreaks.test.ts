// The map's trail breaks where the fixes are not one drive (a time gap, a jump
// no car makes) instead of drawing a straight line across the infield: after a
// DEMO reload (the restored history, then a new simulated car at the finish
// line) and after a GPS dropout. The live map and a replay read the same query.
import { describe, expect, it } from "vitest";
import { trackRequest } from "./trackKit";
import type { TrackResult } from "../../workers/contract/track";
import { haversineKm } from "../../workers/telemetry/geo/geo";
import { buildTrack } from "../../workers/telemetry/geo/trackQuery";
import { trailBreaks } from "../../workers/telemetry/geo/trackThin";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;
const request = trackRequest;

/** The drawn stretches of a trail: runs of points between NaN breaks. */
function stretches(track: TrackResult): { time: number; lat: number; long: number }[][] {
  const out: { time: number; lat: number; long: number }[][] = [[]];
  track.lat.forEach((lat, i) => {
    if (Number.isNaN(lat)) out.push([]);
    else out.at(-1)!.push({ time: track.time[i]!, lat, long: track.long[i]! });
  });
  return out.filter((s) => s.length > 0);
}

/** The longest line the map draws between two consecutive points, metres. */
function longestLineM(track: TrackResult): number {
  let longest = 0;
  for (const stretch of stretches(track))
    for (let i = 1; i < stretch.length; i++) {
      const [a, b] = [stretch[i - 1]!, stretch[i]!];
      longest = Math.max(longest, 1000 * haversineKm(a.lat, a.long, b.lat, b.long));
    }
  return longest;
}

function driveInto(store: TelemetryStore, sim: CarSimulator, seconds: number, rate = 2) {
  for (let i = 0; i < seconds * rate; i++) store.ingest(sim.next(1 / rate), "DEMO");
}

/** A restored drive (100 s of one car), then a reload 3 s later: a new car from the finish line. */
function reloadedDemo() {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 4096 });
  const before = new CarSimulator({ seed: 2, startTime: T0 });
  driveInto(store, before, 100);
  const lastBefore = store.ring.length - 1;
  const after = new CarSimulator({ seed: 2, startTime: store.ring.time(lastBefore) + 3 });
  driveInto(store, after, 30);
  return { store, lastBefore };
}

describe("the map's trail", () => {
  it("breaks where a DEMO reload started a new car, instead of a line across the infield", () => {
    const { store, lastBefore } = reloadedDemo();
    const track = buildTrack(store.ring, [], request());
    const parts = stretches(track);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.at(-1)!.time).toBe(store.ring.time(lastBefore));
    expect(parts[1]![0]!.time).toBe(store.ring.time(lastBefore + 1));
    // The jump is across the infield (well under the 1 km of a GPS glitch), yet no
    // drawn line is longer than half a second of driving.
    const [a, b] = [parts[0]!.at(-1)!, parts[1]![0]!];
    expect(haversineKm(a.lat, a.long, b.lat, b.long)).toBeGreaterThan(0.5);
    expect(haversineKm(a.lat, a.long, b.lat, b.long)).toBeLessThan(1);
    expect(longestLineM(track)).toBeLessThan(15);
  });

  it("breaks in a tail answer too, where the live map appends what came since", () => {
    const { store, lastBefore } = reloadedDemo();
    const drawn = buildTrack(store.ring, [], request({ to: store.ring.time(lastBefore) }));
    const last = drawn.time.length - 1;
    const tail = buildTrack(
      store.ring,
      [],
      request({
        after: {
          time: drawn.time[last]!,
          lat: drawn.lat[last]!,
          long: drawn.long[last]!,
          count: drawn.time.length,
          sourcePoints: drawn.sourcePoints,
          toleranceDeg: drawn.toleranceDeg,
          min: -1000,
          max: 1000,
        },
      }),
    );
    expect(tail.tail).toBe(true);
    expect(Number.isNaN(tail.lat[0]!)).toBe(true);
    expect(tail.time[1]).toBe(store.ring.time(lastBefore + 1));
  });

  it("breaks at a GPS dropout: no fix for 20 s, or a fix frozen for 20 s", () => {
    for (const dropout of ["no fix", "frozen"] as const) {
      const store = new TelemetryStore({ layout: LAYOUT, capacity: 4096 });
      const sim = new CarSimulator({ seed: 3, startTime: T0 });
      driveInto(store, sim, 40);
      let frozen: [number, number] | null = null;
      for (let i = 0; i < 40; i++) {
        const p = sim.next(0.5);
        if (dropout === "no fix") [p.Telemetry.GpsLatitude, p.Telemetry.GpsLongitude] = [0, 0];
        else {
          frozen ??= [p.Telemetry.GpsLatitude, p.Telemetry.GpsLongitude];
          [p.Telemetry.GpsLatitude, p.Telemetry.GpsLongitude] = frozen;
        }
        store.ingest(p, "DEMO");
      }
      driveInto(store, sim, 40);
      const track = buildTrack(store.ring, [], request());
      expect(stretches(track), dropout).toHaveLength(2);
      expect(longestLineM(track), dropout).toBeLessThan(15);
    }
  });

  it("draws an unbroken line while the car drives, at any packet rate, and after a short gap", () => {
    for (const rate of [1, 2, 10]) {
      const store = new TelemetryStore({ layout: LAYOUT, capacity: 8192 });
      const sim = new CarSimulator({ seed: 4, startTime: T0 });
      driveInto(store, sim, 300, rate);
      sim.next(3); // 3 s without packets: the link hiccuped, the car drove on
      driveInto(store, sim, 60, rate);
      expect(stretches(buildTrack(store.ring, [], request())), `${rate}/s`).toHaveLength(1);
    }
  });

  it("breaks exactly where a step is a jump no car drives, near the equator and far north", () => {
    // Steps of 0–200 m taken 0.1–1 s apart: the trail must break where, and
    // only where, the great-circle rule says (the quick test for short steps
    // must never hide a jump).
    for (const startLat of [0.5, 64.8]) {
      const store = new TelemetryStore({ layout: LAYOUT, capacity: 4096 });
      const sim = new CarSimulator({ seed: 5, startTime: T0 });
      let [lat, long, time] = [startLat, 20, T0];
      let expected = 1;
      let seed = 17;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      for (let i = 0; i < 3000; i++) {
        const seconds = 0.1 + 0.9 * random();
        const metres = random() < 0.9 ? 5 * random() : 200 * random();
        const bearing = 2 * Math.PI * random();
        const next = [
          lat + (metres * Math.cos(bearing)) / 111_195,
          long + (metres * Math.sin(bearing)) / (111_195 * Math.cos((lat * Math.PI) / 180)),
        ] as const;
        if (i > 0 && trailBreaks(haversineKm(lat, long, next[0], next[1]), seconds)) expected++;
        [lat, long, time] = [next[0], next[1], time + seconds];
        const p = sim.next(seconds);
        [p.TimeStamp, p.Telemetry.GpsLatitude, p.Telemetry.GpsLongitude] = [time, lat, long];
        store.ingest(p, "DEMO");
      }
      expect(expected, "the walk has jumps to find").toBeGreaterThan(10);
      expect(stretches(buildTrack(store.ring, [], request())), `${startLat}°`).toHaveLength(
        expected,
      );
    }
  });
});
