import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_M } from "../../workers/shared/earth";
import { TrackDistance, haversineKm, initialBearingDeg } from "../../workers/telemetry/geo/geo";

// Independent check: central angle from 3-D unit vectors (atan2 of cross and
// dot products), not the haversine formula under test.
function vectorDistanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const v = (lat: number, lon: number): number[] => [
    Math.cos(lat * r) * Math.cos(lon * r),
    Math.cos(lat * r) * Math.sin(lon * r),
    Math.sin(lat * r),
  ];
  const [ax = 0, ay = 0, az = 0] = v(lat1, lon1);
  const [bx = 0, by = 0, bz = 0] = v(lat2, lon2);
  const cross = Math.hypot(ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx);
  return (EARTH_RADIUS_M / 1000) * Math.atan2(cross, ax * bx + ay * by + az * bz);
}

const LONDON = [51.5074, -0.1278] as const;
const PARIS = [48.8566, 2.3522] as const;
const NEW_YORK = [40.7128, -74.006] as const;
const LOS_ANGELES = [34.0522, -118.2437] as const;

describe("great-circle distance and bearing", () => {
  it("London–Paris is about 343.5 km, heading about 148°", () => {
    const d = haversineKm(...LONDON, ...PARIS);
    expect(Math.abs(d - 343.5) / 343.5).toBeLessThan(0.005);
    expect(d).toBeCloseTo(vectorDistanceKm(...LONDON, ...PARIS), 6);
    expect(initialBearingDeg(...LONDON, ...PARIS)).toBeCloseTo(148.1, 0);
  });

  it("New York–Los Angeles is about 3936 km, heading about 274°", () => {
    const d = haversineKm(...NEW_YORK, ...LOS_ANGELES);
    expect(Math.abs(d - 3936) / 3936).toBeLessThan(0.005);
    expect(d).toBeCloseTo(vectorDistanceKm(...NEW_YORK, ...LOS_ANGELES), 6);
    expect(initialBearingDeg(...NEW_YORK, ...LOS_ANGELES)).toBeCloseTo(273.7, 0);
  });

  it("bearings stay in [0, 360) for the four cardinal directions", () => {
    expect(initialBearingDeg(0, 0, 1, 0)).toBeCloseTo(0, 9);
    expect(initialBearingDeg(0, 0, 0, 1)).toBeCloseTo(90, 9);
    expect(initialBearingDeg(1, 0, 0, 0)).toBeCloseTo(180, 9);
    expect(initialBearingDeg(0, 1, 0, 0)).toBeCloseTo(270, 9);
    expect(initialBearingDeg(0, 0, 1, -1e-12)).toBeLessThan(360);
  });
});

describe("track distance", () => {
  it("sums the path driven and heads along the last movement", () => {
    const track = new TrackDistance();
    for (let i = 0; i <= 10; i++) track.add(38.9 + i * 0.001, -77.03); // north, ~111 m steps
    expect(track.distanceKm).toBeCloseTo(haversineKm(38.9, -77.03, 38.91, -77.03), 6);
    expect(track.headingDeg).toBeCloseTo(0, 3);
    for (let i = 1; i <= 5; i++) track.add(38.91, -77.03 + i * 0.001); // then east
    expect(track.headingDeg).toBeCloseTo(90, 0);
    expect(track.lat).toBe(38.91);
  });

  it("ignores (0, 0) fixes and GPS jumps over 1 km", () => {
    const track = new TrackDistance();
    track.add(0, 0);
    expect(track.lat).toBeNull();
    track.add(38.9, -77.03);
    track.add(0, 0);
    track.add(39.5, -77.03); // ~67 km glitch
    track.add(38.9, -77.03); // back again
    track.add(38.901, -77.03);
    expect(track.distanceKm).toBeCloseTo(haversineKm(38.9, -77.03, 38.901, -77.03), 6);
  });

  it("keeps the heading while standing still with GPS jitter under 1 m", () => {
    const track = new TrackDistance();
    track.add(38.9, -77.03);
    track.add(38.9, -77.02); // east
    expect(track.headingDeg).toBeCloseTo(90, 0);
    track.add(38.900001, -77.02); // 0.1 m north
    track.add(38.9, -77.020001);
    expect(track.headingDeg).toBeCloseTo(90, 0);
  });
});
