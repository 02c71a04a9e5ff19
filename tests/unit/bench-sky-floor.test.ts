// bench:strategy's floor (bench/strategySkyFloor.ts, issue 59): what the
// latest forecast's random part adds up to from a check to the day's end, as
// points of the pack. It uses the forecast a user had at the check (not the
// one issued at it, which comes 10 minutes later), and leaves out the
// cloudy-sky bias, which a forecaster can learn from the day.
import { describe, expect, it } from "vitest";
import { betaAt } from "../../bench/simulatedForecast";
import type { DayResult } from "../../bench/strategyDay";
import { ZONE } from "../../bench/strategyDay";
import { randomPartPts } from "../../bench/strategySkyFloor";
import { simulatedSkyOf } from "../../bench/strategySky";
import { localTimeOnDayOf } from "../../workers/shared/dateTime";

const H = 3600;
const NOON = Date.parse("2026-07-15T12:00:00Z") / 1000;
const END = localTimeOnDayOf(NOON, 17 * 60, ZONE);

function day(weather: DayResult["run"]["weather"]): DayResult {
  return {
    run: {
      name: "t",
      date: "2026-07-15",
      seed: 77,
      weather,
      car: "light",
      driving: { kind: "steady", kmh: 50 },
    },
    endSocPct: 40,
    startSocPct: 90,
    distanceKm: 400,
    end: END,
    downAt: [],
    hours: [4, 7].map((h) => ({
      hoursBefore: h,
      at: END - h * H,
      forecast: null,
      naivePct: null,
    })),
    commanded: [],
    forecastMs: [],
    skyMs: [],
    skyRefused: [],
    records: 0,
  };
}

/** By hand: issue `issuedAt`'s p50 less truth and bias over the hours from `from` to the end, as the light car's points. */
function byHand(r: DayResult, issuedAt: number, from: number): number {
  const { sim } = simulatedSkyOf(r.run, localTimeOnDayOf(END, 9 * 60, ZONE), END, ZONE);
  let wh = 0;
  for (const hour of sim.issue(issuedAt).hours) {
    if (hour.end <= from || hour.end > END) continue;
    const lead = (hour.end - H / 2 - issuedAt) / H;
    const bias = betaAt(lead) * (sim.clearAt(hour.end) - sim.truthAt(hour.end));
    wh += hour.p50 - sim.truthAt(hour.end) - bias;
  }
  // The light car: 920 W at 1,000 W/m², 97 % of it on average, 98 % into a 40 Ah × 115 V pack.
  return (100 * (wh / 1000) * 920 * 0.97 * 0.98) / (40 * 115);
}

describe("the forecast's random part to the day's end", () => {
  it("is the forecast a user had at the check, less the truth and the cloudy-sky bias", () => {
    for (const weather of ["broken", "overcast-afternoon"] as const) {
      const r = day(weather);
      const at = END - 4 * H;
      const part = randomPartPts(r, 4);
      expect(part).toBeCloseTo(byHand(r, at - H, at), 6);
      // The issue made at the check is not out yet: its own error is another.
      expect(Math.abs(part - byHand(r, at, at))).toBeGreaterThan(1e-3);
    }
  });

  it("grows with the hours left: 7 h before it sums more hours of a larger error", () => {
    // Over 30 days (one day's draw can go either way).
    const days = Array.from({ length: 30 }, (_, k) => ({
      ...day("clear"),
      run: { ...day("clear").run, seed: 100 + k },
    }));
    const mean = (h: number) =>
      days.reduce((sum, r) => sum + Math.abs(randomPartPts(r, h)), 0) / days.length;
    expect(mean(7)).toBeGreaterThan(1.2 * mean(4));
    expect(Number.isNaN(randomPartPts(day("clear"), 2))).toBe(true);
  });
});
