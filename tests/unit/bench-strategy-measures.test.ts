// bench:strategy's rules (issue 56): a run-down time is held against the
// first time the pack reached its minimum after the forecast, a forecast that
// said the day ends above the minimum counts as error up to the end of the
// day, a forecast not made is not counted as right, and two forecasters are
// compared on the same days by their paired difference.
import { describe, expect, it } from "vitest";
import type { DayResult, HourCheck } from "../../bench/strategyDay";
import {
  endError,
  falseAlarm,
  inSkyBand,
  maeOf,
  pairedDifference,
  runDownError,
  runDownMae,
  skyBandWidth,
} from "../../bench/strategyMeasures";

const END = 1_000_000;
const H = 3600;

function dayOf(endSocPct: number, downAt: number[], checks: Partial<HourCheck>[]): DayResult {
  return {
    run: {
      name: "t",
      date: "2026-07-15",
      seed: 1,
      weather: "clear",
      car: "light",
      driving: { kind: "steady", kmh: 50 },
    },
    endSocPct,
    startSocPct: 90,
    distanceKm: 400,
    end: END,
    downAt,
    hours: checks.map((c) => ({
      hoursBefore: 4,
      at: END - 4 * H,
      forecast: null,
      naivePct: null,
      ...c,
    })),
    commanded: [],
    forecastMs: [],
    skyMs: [],
    skyRefused: [],
    records: 0,
  };
}

describe("bench:strategy's measures", () => {
  it("holds each forecast of the day's end against it, and a forecast not made as not measured", () => {
    const day = dayOf(
      20,
      [],
      [
        {
          forecast: { endPct: 23, emptyAt: null },
          told: { endPct: 19, emptyAt: null },
          naivePct: 40,
        },
      ],
    );
    expect(endError(day, 4, "forecast")).toBe(3);
    expect(endError(day, 4, "told")).toBe(1);
    expect(endError(day, 4, "naive")).toBe(20);
    expect(endError(day, 4, "other")).toBeNaN();
    expect(endError(day, 3, "forecast")).toBeNaN();
    expect(
      maeOf([day, dayOf(10, [], [{ forecast: { endPct: 15, emptyAt: null } }])], 4, "forecast"),
    ).toBe(4);
    expect(maeOf([day, dayOf(10, [], [{ forecast: null }])], 4, "forecast")).toBeNaN();
  });

  it("times a run-down against the first time the pack reached its minimum after the forecast", () => {
    const down = END - 2 * H;
    // It ran down once before the check (and drove on from the resume level), then again.
    const day = dayOf(
      5,
      [END - 5 * H, down],
      [
        {
          forecast: { endPct: 5, emptyAt: down + 30 * 60 },
          told: { endPct: 5, emptyAt: down - 6 * 60 },
        },
      ],
    );
    expect(runDownError(day, 4, "forecast")).toBe(30);
    expect(runDownError(day, 4, "told")).toBe(6);
  });

  it("counts a forecast that said the day ends above the minimum as off until the end of the day", () => {
    const down = END - 1.5 * H;
    const day = dayOf(5, [down], [{ forecast: { endPct: 12, emptyAt: null } }]);
    expect(runDownError(day, 4, "forecast")).toBe(90);
    // One that could not forecast is not counted as right.
    expect(runDownError(dayOf(5, [down], [{ forecast: null }]), 4, "forecast")).toBeNaN();
  });

  it("leaves days that did not run down out of the run-down MAE, and counts their false alarms", () => {
    const ranDown = dayOf(5, [END - H], [{ forecast: { endPct: 5, emptyAt: END - H + 600 } }]);
    const didNot = dayOf(30, [], [{ forecast: { endPct: 5, emptyAt: END - 2 * H } }]);
    const fine = dayOf(30, [], [{ forecast: { endPct: 30, emptyAt: null } }]);
    expect(runDownError(didNot, 4, "forecast")).toBeNull();
    expect(runDownMae([ranDown, didNot, fine], 4, "forecast")).toEqual({ mae: 10, days: 1 });
    expect(falseAlarm(didNot, 4, "forecast")).toBe(120);
    expect(falseAlarm(fine, 4, "forecast")).toBeNull();
    expect(falseAlarm(ranDown, 4, "forecast")).toBeNull();
  });

  it("compares two forecasters by the mean of their paired differences and its standard error", () => {
    const days = [
      [10, 12, 13],
      [10, 14, 15],
      [10, 11, 13],
    ].map(([end, ours, theirs]) =>
      dayOf(
        end!,
        [],
        [{ forecast: { endPct: ours!, emptyAt: null }, other: { endPct: theirs!, emptyAt: null } }],
      ),
    );
    // Differences of |error|: −1, −1, −2: mean −4/3, spread 1/√3 over √3.
    const p = pairedDifference(days, 4);
    expect(p.diff).toBeCloseTo(-4 / 3, 10);
    expect(p.se).toBeCloseTo(Math.sqrt(1 / 3) / Math.sqrt(3), 10);
    expect(p.days).toBe(3);
  });
  it("narrows the 95 % band to the nominal 90 % one before the minimum and 100 % cut it", () => {
    // 95 %: 12 ± 9.8 points, cut at the minimum 10: 10 … 21.8. The 90 % band
    // is 12 ± 8.22, still cut at 10: a day that ended at the minimum is in it.
    const sky = { endPct: 12, emptyAt: null, lowPct: 10, highPct: 21.8, bandPts: 9.8 };
    const atMinimum = dayOf(10, [END - H], [{ sky }]);
    expect(inSkyBand(atMinimum, 4)).toBe(true);
    expect(skyBandWidth(atMinimum, 4)).toBeCloseTo(2 + 9.8 * (1.6449 / 1.96), 6);
    // Above the 90 % band's high end (20.22) but inside the 95 % one: a miss.
    expect(inSkyBand(dayOf(21, [], [{ sky }]), 4)).toBe(false);
    // A band cut at 100 % stays cut there.
    const full = { endPct: 97, emptyAt: null, lowPct: 92, highPct: 100, bandPts: 5 };
    expect(inSkyBand(dayOf(100, [], [{ sky: full }]), 4)).toBe(true);
    expect(inSkyBand(dayOf(92.5, [], [{ sky: full }]), 4)).toBe(false);
    // No forecast told the weather: nothing measured.
    expect(inSkyBand(dayOf(50, [], [{}]), 4)).toBeNull();
  });
});
