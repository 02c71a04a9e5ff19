// The map's colour range fits the trail's values (issue 32 item 16): a few
// spikes of pack current must not stretch the range until the rest of the
// trail is one colour.
import { describe, expect, it } from "vitest";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { buildTrack } from "../../workers/telemetry/geo/trackQuery";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { RAMP, binOf } from "../../src/panels/Map/colorScale";
import type { TrackRequest, TrackResult } from "../../workers/contract/track";
import { LAYOUT } from "../../workers/telemetry/features";

function drive(seconds: number, edit?: (i: number, current: number) => number) {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 65_536 });
  const sim = new CarSimulator({ seed: 2, startTime: 1_795_000_000 });
  for (let i = 0; i < seconds * 10; i++) {
    const packet = sim.next(0.1);
    if (edit) packet.Battery.PackCurrent = edit(i, packet.Battery.PackCurrent);
    store.ingest(packet, "DEMO");
  }
  return store;
}

const request = (colorField: string): TrackRequest => ({
  colorField,
  units: "metric",
  toleranceDeg: 0,
  maxPoints: 100_000,
  from: null,
  to: null,
});

/** Share of the drawn points that fall into the ramp's most used colour. */
function largestColourShare(track: Pick<TrackResult, "value" | "min" | "max">): number {
  const counts = new Array<number>(RAMP.length).fill(0);
  let n = 0;
  for (const v of track.value) {
    if (!Number.isFinite(v)) continue;
    counts[binOf(v, track.min, track.max)]!++;
    n++;
  }
  return Math.max(...counts) / n;
}

describe("the map's colour range", () => {
  it("spreads the pack current of a drive over the ramp despite its spikes", () => {
    // Now and then the current spikes to ±60 A (hard acceleration, regen at a stop).
    const store = drive(300, (i, amps) => (i % 499 === 0 ? (i % 2 ? 60 : -60) : amps));
    const track = buildTrack(store.ring, [], request("Battery.PackCurrent"));
    expect(track.min).toBeGreaterThan(-60);
    expect(track.max).toBeLessThan(60);
    expect(largestColourShare(track)).toBeLessThan(0.4);
    // With the full range of the same values, most of the trail was one colour.
    const values = Array.from(track.value).filter(Number.isFinite);
    const fullRange = { min: Math.min(...values), max: Math.max(...values) };
    expect(largestColourShare({ value: track.value, ...fullRange })).toBeGreaterThan(0.5);
  });

  it("still covers a field whose values all sit close together", () => {
    const store = drive(120);
    const track = buildTrack(store.ring, [], request("Battery.PackVoltage"));
    const values = Array.from(track.value).filter(Number.isFinite);
    const inside = values.filter((v) => v >= track.min! && v <= track.max!);
    expect(inside.length / values.length).toBeGreaterThan(0.8);
    expect(largestColourShare(track)).toBeLessThan(0.6);
  });
});
