import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../workers/telemetry/service/config";
import {
  backendRangeRows,
  LIVE_DAY_CAPACITY,
  replayCapacity,
} from "../../workers/telemetry/store/capacity";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";

describe("history capacity (issue 33)", () => {
  it("keeps a 9.6 h day at 10 packets/s by default, in about 250 MB", () => {
    const capacity = resolveConfig({}).historyCapacity;
    expect(capacity).toBe(345_600);
    expect(capacity / 10 / 3600).toBeCloseTo(9.6, 5);
    // One packet's columns, times the day: the figure the settings show.
    const perRow = new TelemetryStore({ layout: LAYOUT, capacity: 16 }).bytesPerPacket;
    const mb = (perRow * capacity) / 1e6;
    expect(mb).toBeGreaterThan(230);
    expect(mb).toBeLessThan(260);
  });

  it("sizes a replay to the rows it loads, within the live capacity", () => {
    expect(replayCapacity(12_000, LIVE_DAY_CAPACITY)).toBe(12_000);
    expect(replayCapacity(0, LIVE_DAY_CAPACITY)).toBe(1);
    expect(replayCapacity(Number.NaN, LIVE_DAY_CAPACITY)).toBe(1);
    expect(replayCapacity(2_000_000, LIVE_DAY_CAPACITY)).toBe(LIVE_DAY_CAPACITY);
  });

  it("plans a backend range for the car at twice its rate, bounded", () => {
    expect(backendRangeRows(1000, 1600, LIVE_DAY_CAPACITY)).toBe(600 * 20 + 16);
    expect(backendRangeRows(0, 24 * 3600, LIVE_DAY_CAPACITY)).toBe(LIVE_DAY_CAPACITY);
    expect(backendRangeRows(1600, 1000, LIVE_DAY_CAPACITY)).toBe(16);
  });
});
