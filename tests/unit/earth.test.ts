import { describe, expect, it } from "vitest";
import { toLatLong } from "../../workers/shared/trackCoords";
import { haversineKm } from "../../workers/telemetry/geo/geo";
import { nearestApproachM } from "../../workers/telemetry/laps/analysis/gate";

describe("one Earth for every position sum", () => {
  it("a kilometre of the simulated circuit is a kilometre on the track and at a gate", () => {
    const start = toLatLong(0, 0);
    const north = toLatLong(0, 1000);
    const east = toLatLong(1000, 0);
    // The circuit's metres (trackCoords), the map's distance (haversine) and
    // the gates' flat projection must use one radius: any other puts the
    // finish line metres away from where the simulated car crosses it.
    expect(haversineKm(start.lat, start.long, north.lat, north.long) * 1000).toBeCloseTo(1000, 6);
    expect(haversineKm(start.lat, start.long, east.lat, east.long) * 1000).toBeCloseTo(1000, 1);
    expect(nearestApproachM([north.lat], [north.long], start.lat, start.long)).toBeCloseTo(1000, 6);
    expect(nearestApproachM([east.lat], [east.long], start.lat, start.long)).toBeCloseTo(1000, 6);
  });
});
