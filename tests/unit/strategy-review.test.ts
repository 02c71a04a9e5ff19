// Issue 35: after the day, its recorded forecasts are held against what
// happened: the forecast recorded nearest each whole hour before the end,
// against the state of charge the last minute before the end recorded.
import { describe, expect, it } from "vitest";
import type { StrategyRecord } from "../../workers/contract/strategy";
import { reviewDay } from "../../workers/telemetry/strategy/review";

const END = Date.UTC(2026, 6, 21, 22) / 1000; // 17:00 CDT
const record = (at: number, endSocPct: number, socNowPct: number, endAt = END): StrategyRecord => ({
  at,
  socNowPct,
  endSocPct,
  currentSpeedKmh: 60,
  recommendedKmh: 62,
  distanceLeftKm: 100,
  endAt,
  timeZone: "America/Chicago",
  simulated: true,
});

/** A day recorded each minute from 09:03 to 16:59, the forecast drifting down to 40 %. */
function day(): StrategyRecord[] {
  const out: StrategyRecord[] = [];
  for (let at = END - 8 * 3600 + 180; at <= END - 60; at += 60) {
    const left = (END - at) / 3600;
    out.push(record(at, 40 + left, 40 + 5 * left));
  }
  return out;
}

describe("the day's forecasts against what happened", () => {
  it("holds the forecast nearest each whole hour before the end against the end reached", () => {
    const review = reviewDay(day())!;
    expect(review.endAt).toBe(END);
    expect(review.endSeenAt).toBe(END - 60);
    expect(review.actualEndSocPct).toBeCloseTo(40 + 5 / 60, 6);
    expect(review.timeZone).toBe("America/Chicago");
    // 1 … 7 h before (09:00, 8 h before, has no record within 90 s: the first is 09:03).
    expect(review.forecasts.map((f) => f.hoursBefore)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const four = review.forecasts.find((f) => f.hoursBefore === 4)!;
    expect(four.at).toBe(END - 4 * 3600);
    expect(four.forecastPct).toBeCloseTo(44, 6);
    expect(four.errorPts).toBeCloseTo(44 - (40 + 5 / 60), 6);
  });

  it("waits for the day to end: none while the records stop short of it", () => {
    expect(reviewDay([])).toBeNull();
    expect(reviewDay(day().filter((r) => r.at < END - 3600))).toBeNull();
  });

  it("reviews only the last day: an earlier day's records are left out", () => {
    const yesterday = day().map((r) => ({ ...r, at: r.at - 86_400, endAt: END - 86_400 }));
    const review = reviewDay([...yesterday, ...day()])!;
    expect(review.endAt).toBe(END);
    expect(review.forecasts.every((f) => f.at > END - 86_400 + 3600)).toBe(true);
    expect(review.forecasts).toHaveLength(7);
  });
});
