import { describe, expect, it } from "vitest";
import { TelemetryStore } from "../../workers/store/TelemetryStore";
import { buildTrack } from "../../workers/geo/trackQuery";
import { CarSimulator } from "../../workers/sources/demo/CarSimulator";
import type { TrackRequest } from "../../workers/contract";

function drive(seconds: number, rate = 10) {
  const store = new TelemetryStore({ capacity: 65_536 });
  const sim = new CarSimulator({ seed: 2, startTime: 1_795_000_000 });
  const lapEnds: number[] = [];
  for (let i = 0; i < seconds * rate; i++) {
    store.ingest(sim.next(1 / rate), "DEMO");
    const lap = sim.takeCompletedLap();
    if (lap) lapEnds.push(lap.data.timeStamp / 1000);
  }
  return { store, lapEnds };
}

const request = (patch: Partial<TrackRequest> = {}): TrackRequest => ({
  colorField: "MotorDetails0.VehicleVelocity",
  units: "metric",
  toleranceDeg: 0,
  maxPoints: 100_000,
  from: null,
  to: null,
  ...patch,
});

describe("the map's track query", () => {
  const { store, lapEnds } = drive(600);

  it("returns every fix with its colour value when the budget allows", () => {
    const track = buildTrack(store.ring, [], request());
    expect(track.sourcePoints).toBe(6000);
    expect(track.lat).toHaveLength(6000);
    expect(track.unit).toBe("m/s");
    expect(track.min).toBeGreaterThanOrEqual(0);
    expect(track.max).toBeGreaterThan(15);
  });

  it("thins to about a pixel and to the point budget, always ending at the car", () => {
    const pixel = buildTrack(store.ring, [], request({ toleranceDeg: 0.0005 }));
    expect(pixel.lat.length).toBeLessThan(3000);
    const capped = buildTrack(store.ring, [], request({ maxPoints: 500 }));
    expect(capped.lat.length).toBeLessThanOrEqual(501);
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
    const s = new TelemetryStore({ capacity: 16 });
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
