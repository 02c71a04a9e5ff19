// Cutting a history into laps: by lap events, else by the GPS track's
// finish-line crossings, with the flags that keep a lap out of "best".
import { describe, expect, it } from "vitest";
import { crossingFraction, findCrossings } from "../../workers/telemetry/laps/analysis/gate";
import { cutLaps } from "../../workers/telemetry/laps/analysis/lapSpans";
import { circlePoint, driveCircuit, T0 } from "./lapCircuit";
import { LAYOUT } from "../../workers/telemetry/features";

const shown = { kind: "shown" } as const;
const cut = (
  c: ReturnType<typeof driveCircuit>,
  events = c.events,
  line: typeof c.line | null = null,
) =>
  cutLaps({
    ring: c.store.ring,
    laps: events,
    drivers: { "0xA1": "Alice" },
    finishLine: line,
    origin: shown,
    simulated: false,
  });

describe("a gate across the track", () => {
  const gate = { lat: 36.9, long: -86.4, radiusM: 25 };
  const north = (m: number) => 36.9 + m / 111_195;
  const east = (m: number) => -86.4 + m / (111_195 * Math.cos((36.9 * Math.PI) / 180));

  it("is crossed where the step passes the point, at the right fraction of the step", () => {
    // From 10 m south to 30 m north, 5 m east of the point: crossed a quarter of the way.
    const t = crossingFraction(gate, north(-10), east(5), north(30), east(5));
    expect(t).toBeCloseTo(0.25, 3);
  });

  it("is not crossed by a step that passes further away than its radius, or stands still", () => {
    expect(crossingFraction(gate, north(-10), east(40), north(30), east(40))).toBeNull();
    expect(crossingFraction(gate, north(1), east(1), north(1), east(1))).toBeNull();
    // A step that ends before the line does not cross it.
    expect(crossingFraction(gate, north(-30), east(0), north(-10), east(0))).toBeNull();
  });

  it("finds each lap's crossing of a circuit, interpolated between packets", () => {
    const c = driveCircuit({ laps: 3 });
    const ring = c.store.ring;
    const n = ring.length;
    const time = Float64Array.from({ length: n }, (_, i) => ring.time(i));
    const lat = Float64Array.from({ length: n }, (_, i) => ring.number(i, latIndex()));
    const long = Float64Array.from({ length: n }, (_, i) => ring.number(i, longIndex()));
    const crossings = findCrossings(time, lat, long, { ...c.line, radiusM: 25 });
    // Lap 1 starts at the first packet (no crossing seen); the ends of laps 1–3 are.
    expect(crossings).toHaveLength(3);
    crossings.forEach((at, i) => expect(at).toBeCloseTo(c.ends[i]!, 1));
  });
});

const latIndex = () => LAYOUT.storedFieldSlot("Telemetry.GpsLatitude")!.index;
const longIndex = () => LAYOUT.storedFieldSlot("Telemetry.GpsLongitude")!.index;

describe("cutting a history into laps", () => {
  it("takes the lap events' times where there are lap events, with the driver's name", () => {
    const c = driveCircuit({ laps: 3 });
    const laps = cut(c);
    expect(laps.map((l) => l.number)).toEqual([1, 2, 3]);
    laps.forEach((lap, i) => {
      expect(lap.start).toBeCloseTo(c.starts[i]!, 6);
      expect(lap.end).toBeCloseTo(c.ends[i]!, 6);
      expect(lap.lapTimeS).toBeCloseTo(50, 1); // 1000 m at 20 m/s
      expect(lap.boundary).toBe("event");
      expect(lap.driver).toBe("Alice");
      expect(lap.key).toEqual({ origin: shown, start: lap.start });
    });
    expect(laps[1]!.flags).toEqual([]);
  });

  it("cuts at the finish-line crossings of the GPS track when there are no lap events", () => {
    const c = driveCircuit({ laps: 4 });
    const laps = cut(c, [], c.line);
    // Crossings end laps 1–4; laps run between them: 2, 3 and 4.
    expect(laps).toHaveLength(3);
    laps.forEach((lap, i) => {
      expect(lap.boundary).toBe("crossing");
      expect(lap.start).toBeCloseTo(c.starts[i + 1]!, 1);
      expect(lap.end).toBeCloseTo(c.ends[i + 1]!, 1);
      expect(lap.flags).toEqual([]);
    });
  });

  it("has no laps without lap events or a finish line, or when the line is off the track", () => {
    const c = driveCircuit({ laps: 2 });
    expect(cut(c, [], null)).toEqual([]);
    expect(cut(c, [], circlePoint(20_000, 0.5))).toEqual([]);
  });

  it("leaves out laps wholly outside the history and marks one that runs past its start", () => {
    const c = driveCircuit({ laps: 2 });
    const before = { ...c.events[0]!, endMs: (T0 - 100) * 1000, lapTime: 50 };
    const straddling = { ...c.events[0]!, endMs: (T0 + 10) * 1000, lapTime: 50 };
    const laps = cut(c, [before, straddling, ...c.events.slice(1)]);
    expect(laps).toHaveLength(2);
    expect(laps[0]!.flags).toEqual(["partial"]);
    expect(laps[0]!.flagReason).toMatch(/data starts 40 s into the lap/);
    expect(laps[1]!.flags).toEqual([]);
  });

  it("marks a lap with a gap in the data or in the GPS as partial", () => {
    const c = driveCircuit({
      laps: 3,
      dropRow: (t) => t > T0 + 60 && t < T0 + 75,
      dropFix: (t) => t > T0 + 110 && t < T0 + 130,
    });
    const [a, b, third] = cut(c);
    expect(a!.flags).toEqual([]);
    expect(b!.flags).toEqual(["partial"]);
    expect(b!.flagReason).toMatch(/gap of 15 s in the data/);
    expect(third!.flags).toEqual(["partial"]);
    expect(third!.flagReason).toMatch(/GPS gap of 20 s/);
  });

  it("marks a lap that starts after standing a minute and a half as an out-lap", () => {
    const c = driveCircuit({ laps: 3, standBefore: (lap) => (lap === 1 ? 90 : 0) });
    // The backend times the lap from the line: the stand is inside lap 2.
    const events = c.events.map((e, i) => (i === 1 ? { ...e, lapTime: e.lapTime + 90 } : e));
    const laps = cut(c, events);
    expect(laps[1]!.flags).toEqual(["out-lap"]);
    expect(laps[1]!.flagReason).toMatch(/stopped 90 s in the first half/);
    expect(laps[0]!.flags).toEqual([]);
    expect(laps[2]!.flags).toEqual([]);
  });

  it("marks a lap that covers two laps, as when a lap event is missing", () => {
    const c = driveCircuit({ laps: 4 });
    const events = [
      c.events[0]!,
      { ...c.events[2]!, lapTime: c.ends[2]! - c.starts[1]! },
      c.events[3]!,
    ];
    const laps = cut(c, events);
    expect(laps.map((l) => l.flags)).toEqual([[], ["partial"], []]);
    expect(laps[1]!.flagReason).toMatch(/a lap event may be missing/);
  });
});
