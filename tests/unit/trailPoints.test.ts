import { describe, expect, it } from "vitest";
import type { TrackResult } from "../../workers/contract/track";
import { TrailPoints } from "../../src/panels/Map/trailPoints";
import { hoverRows } from "../../src/panels/Map/TrackHoverCard";
import { RAMP } from "../../src/panels/Map/colorScale";

function answer(tail: boolean, times: number[], patch: Partial<TrackResult> = {}): TrackResult {
  const col = (f: (t: number) => number) => Float64Array.from(times, f);
  return {
    tail,
    time: col((t) => t),
    lat: col((t) => 37 + t / 1000),
    long: col((t) => -86 - t / 1000),
    value: col((t) => t),
    details: [
      {
        path: "Battery.PackVoltage",
        label: "Pack Voltage",
        unit: "V",
        values: col((t) => 100 + t),
      },
    ],
    unit: "m/s",
    label: "Vehicle Velocity",
    min: 0,
    max: 100,
    toleranceDeg: 0.0001,
    sourcePoints: times.length * 3,
    lapMarks: [],
    ...patch,
  };
}

describe("the map's drawn trail", () => {
  it("appends a tail after a whole trail and says where it ends", () => {
    const trail = new TrailPoints();
    expect(trail.take(answer(false, [0, 10, 20]))).toBe(0);
    expect(trail.take(answer(true, [30, 40], { sourcePoints: 15 }))).toBe(3);
    expect(Array.from(trail.time.data.subarray(0, trail.length))).toEqual([0, 10, 20, 30, 40]);
    expect(trail.cursor()).toEqual({
      time: 40,
      lat: 37.04,
      long: -86.04,
      count: 5,
      sourcePoints: 15,
      toleranceDeg: 0.0001,
      min: 0,
      max: 100,
    });
    expect(trail.bins[0]).toBe(0);
    expect(trail.bins[4]).toBe(Math.floor(0.4 * RAMP.length));
    expect(trail.north).toBeCloseTo(37.04);
  });

  it("replaces everything on a whole trail, also after a reset", () => {
    const trail = new TrailPoints();
    trail.take(answer(false, [0, 10, 20]));
    trail.take(answer(false, [5]));
    expect(trail.length).toBe(1);
    trail.clear();
    expect(trail.cursor()).toBeNull();
    expect(trail.take(answer(true, [7, 8]))).toBe(0); // a tail with nothing to join is a start
    expect(trail.length).toBe(2);
  });

  it("grows past its first capacity and finds the point under the mouse", () => {
    const trail = new TrailPoints();
    trail.take(answer(false, [0]));
    for (let t = 1; t < 3000; t++) trail.take(answer(true, [t]));
    expect(trail.length).toBe(3000);
    trail.project(0, 15, (lat, long) => [long * 1000, lat * 1000]);
    const i = trail.nearest(-86 * 1000 - 1234, 37 * 1000 + 1234.5, 2);
    expect(trail.time.data[i]).toBe(1234);
    expect(trail.nearest(0, 0, 10)).toBe(-1);
  });

  it("lists the hovered moment's values with their units, without repeating the colour field", () => {
    const trail = new TrailPoints();
    trail.take(
      answer(false, [1], {
        label: "Pack Voltage",
        unit: "V",
        details: [
          {
            path: "Battery.PackVoltage",
            label: "Pack Voltage",
            unit: "V",
            values: new Float64Array([101]),
          },
          {
            path: "Derived.PackPower",
            label: "Pack Power",
            unit: "W",
            values: new Float64Array([NaN]),
          },
        ],
      }),
    );
    const rows = hoverRows({ x: 0, y: 0, time: 1, value: 101, details: [101, NaN] }, trail.meta!);
    expect(rows).toEqual([
      ["Pack Voltage", "101.00 V"],
      ["Pack Power", "—"],
    ]);
  });

  it("hover shows a coordinate field with the 6 decimals of every other coordinate", () => {
    const trail = new TrailPoints();
    trail.take(answer(false, [1, 2], { unit: "°", label: "GPS Latitude", details: [] }));
    expect(hoverRows({ x: 0, y: 0, time: 1, value: 37.001482, details: [] }, trail.meta!)).toEqual([
      ["GPS Latitude", "37.001482 °"],
    ]);
  });
});
