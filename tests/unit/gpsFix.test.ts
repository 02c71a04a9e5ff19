import { describe, expect, it } from "vitest";
import { hasFix } from "../../workers/shared/gpsFix";
import { TrackDistance } from "../../workers/telemetry/geo/geo";
import { findCrossings } from "../../workers/telemetry/laps/analysis/gate";
import {
  addSample,
  createCursor,
  createWindows,
} from "../../workers/telemetry/strategy/minuteWindows";

const TRACK = { lat: 36.9905, long: -86.3725 };

describe("a GPS reading without a fix", () => {
  it("(0, 0), NaN and out-of-range readings are no fix; the equator and the meridian are", () => {
    expect(hasFix(0, 0)).toBe(false);
    expect(hasFix(NaN, -86.3)).toBe(false);
    expect(hasFix(36.9, NaN)).toBe(false);
    expect(hasFix(91, 10)).toBe(false);
    expect(hasFix(10, -180.5)).toBe(false);
    expect(hasFix(0, 32.5)).toBe(true);
    expect(hasFix(51.48, 0)).toBe(true);
    expect(hasFix(TRACK.lat, TRACK.long)).toBe(true);
  });

  it("adds no distance and moves no car position on the track", () => {
    const track = new TrackDistance();
    track.add(TRACK.lat, TRACK.long);
    track.add(0, 0);
    track.add(TRACK.lat + 0.001, TRACK.long);
    expect(track.distanceKm).toBeCloseTo(0.111, 3); // not two trips to (0, 0) and back
    expect(track.lat).toBe(TRACK.lat + 0.001);
  });

  it("keeps the strategy's position at the last fix", () => {
    const w = createWindows(4);
    const cursor = createCursor();
    const sample = { time: 60, soc: 80, packV: 120, packI: 5, speed: 10, arrayW: 500 };
    addSample(w, cursor, { ...sample, lat: TRACK.lat, long: TRACK.long });
    addSample(w, cursor, { ...sample, time: 61, lat: 0, long: 0 });
    expect([w.lat[cursor.slot], w.long[cursor.slot]]).toEqual([TRACK.lat, TRACK.long]);
  });

  it("is no step across a finish line", () => {
    const gate = { ...TRACK, radiusM: 25 };
    const d = 0.0002; // about 22 m of latitude
    const lat = [TRACK.lat - d, 0, TRACK.lat + d];
    const long = [TRACK.long, 0, TRACK.long];
    // The (0, 0) row breaks the track: no crossing from it, to it, or over it.
    expect(findCrossings([0, 1, 2], lat, long, gate)).toEqual([]);
    expect(findCrossings([0, 2], [lat[0]!, lat[2]!], [long[0]!, long[2]!], gate)).toHaveLength(1);
  });
});
