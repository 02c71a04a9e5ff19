import { describe, expect, it } from "vitest";
import { trackRequest } from "./trackKit";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { buildTrack } from "../../workers/telemetry/geo/trackQuery";
import { colourRange } from "../../workers/telemetry/geo/colourRange";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import type { TrackCursor, TrackResult } from "../../workers/contract/track";
import { LAYOUT } from "../../workers/telemetry/features";

function drive(seconds: number, rate = 10) {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 65_536 });
  const sim = new CarSimulator({ seed: 2, startTime: 1_795_000_000 });
  const lapEnds: number[] = [];
  for (let i = 0; i < seconds * rate; i++) {
    store.ingest(sim.next(1 / rate), "DEMO");
    const lap = sim.takeCompletedLap();
    if (lap) lapEnds.push(lap.data.timeStamp / 1000);
  }
  return { store, lapEnds };
}

const request = trackRequest;

describe("the map's track query", () => {
  const { store, lapEnds } = drive(600);

  it("returns every fix with its colour value when the budget allows", () => {
    const track = buildTrack(store.ring, [], request());
    expect(track.sourcePoints).toBe(6000);
    expect(track.lat).toHaveLength(6000);
    expect(track.unit).toBe("km/h"); // the car sends m/s; the legend reads km/h (metric)
    expect(track.min).toBeGreaterThanOrEqual(0);
    expect(track.max).toBeGreaterThan(15 * 3.6);
  });

  it("thins to about a pixel and to the point budget, always ending at the car", () => {
    const pixel = buildTrack(store.ring, [], request({ toleranceDeg: 0.0005 }));
    expect(pixel.lat.length).toBeLessThan(3000);
    const capped = buildTrack(store.ring, [], request({ maxPoints: 500 }));
    expect(capped.lat.length).toBeLessThanOrEqual(250); // half the budget: room for tails
    expect(capped.toleranceDeg).toBeGreaterThan(0);
    const newest = store.ring.length - 1;
    expect(capped.time.at(-1)).toBe(store.ring.time(newest));
    expect(pixel.time.at(-1)).toBe(store.ring.time(newest));
  });

  it("converts the colour field for imperial units", () => {
    const metric = buildTrack(store.ring, [], request({ colorField: "Battery.PackVoltage" }));
    expect(metric.unit).toBe("V");
    const imperial = buildTrack(store.ring, [], request({ units: "imperial" }));
    expect(imperial.unit).toBe("mph");
  });

  it("reads only the asked window and marks where laps ended", () => {
    const t0 = store.ring.time(0);
    const window = buildTrack(store.ring, lapEnds, request({ from: t0 + 100, to: t0 + 200 }));
    expect(window.sourcePoints).toBe(1001);
    const all = buildTrack(store.ring, lapEnds, request());
    expect(lapEnds.length).toBeGreaterThanOrEqual(2);
    expect(all.lapMarks.map((m) => m.lap)).toEqual(lapEnds.map((_, i) => i + 1));
  });

  it("breaks the line at a GPS jump and survives a bad request", () => {
    const s = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    const sim = new CarSimulator({ seed: 1 });
    for (let i = 0; i < 4; i++) {
      const p = sim.next(0.5);
      if (i >= 2) p.Telemetry.GpsLatitude += 1; // 111 km away
      s.ingest(p, "DEMO");
    }
    const track = buildTrack(s.ring, [], request());
    expect(Array.from(track.lat).some(Number.isNaN)).toBe(true);
    expect(() => buildTrack(s.ring, [], { colorField: 5 } as never)).not.toThrow();
  });
});

/** The cursor the map sends after drawing `track` on top of what it had. */
function cursorAfter(track: TrackResult, before: TrackCursor | null): TrackCursor {
  const last = track.time.length - 1;
  return {
    time: track.time[last]!,
    lat: track.lat[last]!,
    long: track.long[last]!,
    count: (track.tail && before ? before.count : 0) + track.time.length,
    sourcePoints: track.sourcePoints,
    toleranceDeg: track.toleranceDeg,
    min: track.min,
    max: track.max,
  };
}

describe("the map's track in tails", () => {
  it("answers only the new points, which join exactly as a whole rebuild draws them", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 65_536 });
    const sim = new CarSimulator({ seed: 2, startTime: 1_795_000_000 });
    const drive = (packets: number) => {
      for (let i = 0; i < packets; i++) store.ingest(sim.next(0.1), "DEMO");
    };
    drive(3000);
    const ask = (after: TrackCursor | null) =>
      buildTrack(store.ring, [], request({ toleranceDeg: 0.00003, maxPoints: 20_000, after }));
    const first = ask(null);
    expect(first.tail).toBe(false);
    let cursor = cursorAfter(first, null);
    const times = [...first.time];
    for (let step = 0; step < 20; step++) {
      drive(3); // 0.3 s of driving between two map refreshes
      const next = ask(cursor);
      expect(next.tail).toBe(true);
      expect(next.time.length).toBeLessThanOrEqual(4);
      expect(next.details.map((d) => d.values.length)).toEqual(
        [4, 4, 4, 4, 4].fill(next.time.length),
      );
      times.push(...next.time);
      cursor = cursorAfter(next, cursor);
    }
    expect(cursor.sourcePoints).toBe(3060);
    // The points the tails added are those a whole rebuild keeps, except the
    // car's newest fix, which each answer ends on even when it is closer than a pixel.
    const whole = new Set(ask(null).time);
    const extra = times.filter((t) => !whole.has(t));
    expect(extra.length).toBeLessThanOrEqual(20);
    expect(times.at(-1)).toBe(store.ring.time(store.ring.length - 1));
  });

  it("sends the whole trail again for another history, a colour out of range, or no room", () => {
    const { store } = drive(60);
    const ask = (after: TrackCursor) =>
      buildTrack(store.ring, [], request({ maxPoints: 10_000, after })).tail;
    // The map drew the first 50 s; 10 s more have come in since.
    const earlier = buildTrack(store.ring, [], request({ to: store.ring.time(500) }));
    const cursor = cursorAfter(earlier, null);
    expect(ask(cursor)).toBe(true);
    expect(ask({ ...cursor, lat: cursor.lat + 0.001 })).toBe(false); // not this history's point
    expect(ask({ ...cursor, min: 1000, max: 1001 })).toBe(false); // the colours would be wrong
    expect(ask({ ...cursor, count: 9_999 })).toBe(false); // over the map's budget
  });

  it("rounds the colour range outward so new values rarely leave it", () => {
    const range = (values: number[]) => colourRange(Float64Array.from(values));
    expect(range([0.3, NaN, 27.4])).toEqual({ min: 0, max: 28 });
    expect(range([-812, 1630])).toEqual({ min: -1000, max: 1800 });
    expect(range([5, 5])).toEqual({ min: 5, max: 5.5 });
    expect(range([NaN])).toBeNull();
    // From 50 values on, a tenth at each end is left out: 0…99 colours 10…89.
    expect(range(Array.from({ length: 100 }, (_, i) => i))).toEqual({ min: 10, max: 90 });
  });

  it("gives the hover fields in the current units", () => {
    const { store } = drive(30);
    const track = buildTrack(store.ring, [], request({ units: "imperial" }));
    const labels = track.details.map((d) => `${d.label} (${d.unit})`);
    expect(labels).toEqual([
      "Motor 0 Vehicle Velocity (mph)",
      "Pack Power (W)",
      "Pack Voltage (V)",
      "Pack Current (A)",
      "MPPT Array Power (All Channels) (W)",
    ]);
    expect(track.details[2]!.values[10]).toBeGreaterThan(50);
  });
});
