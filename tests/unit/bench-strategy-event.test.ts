// bench:strategy's multi-day events (issue 62): the hindsight search on the
// fast evaluator, on a constructed event whose best answer is known, and the
// report's arithmetic on made-up results.
import { describe, expect, it } from "vitest";
import type { DayDrive, EventResult, PlanDrive } from "../../bench/strategyEvent";
import { eventFigures, eventReport } from "../../bench/strategyEventReport";
import {
  bestDriven,
  fastEvent,
  HIGHEST_KMH,
  LOWEST_KMH,
  searchBest,
  type CarTable,
} from "../../bench/strategyHindsight";

// A made-up car: power a + c·v³ (W, v in km/h), speed exactly as commanded.
const grid = Array.from({ length: HIGHEST_KMH - LOWEST_KMH + 1 }, (_, i) => LOWEST_KMH + i);
const car: CarTable = {
  capacityAh: 40,
  resistanceOhm: 0.05,
  loadW: grid.map((v) => 80 + 0.004 * v ** 3),
  mps: grid.map((v) => v / 3.6),
  standingW: 60,
};
/** A day's sun from 07:00: a sine arch peaking at `peakW`, W per minute. */
const sunDay = (peakW: number) => ({
  arrayW: Array.from(
    { length: 720 },
    (_, m) => peakW * Math.max(0, Math.sin((Math.PI * (m + 60)) / 840)),
  ),
});
// A cloudy day, then two sunny ones, from a pack at 90 %: driving the same
// speed every day either stops on the cloudy day or fills the pack on the
// sunny ones (wasting sun), so the best is slower on day 1, faster after.
const days = [sunDay(150), sunDay(900), sunDay(900)];
const distance = (kmh: readonly number[]) => fastEvent(car, days, 0.9, kmh).distanceKm;

describe("the hindsight search", () => {
  it("finds the best speeds of a cloudy day followed by sunny ones", () => {
    const found = searchBest(
      distance,
      [
        [60, 60, 60],
        [44, 44, 44],
        [50, 50, 50],
      ],
      44,
      64,
    );
    // 1,352 km: the best over every grid point of [44, 64]³, by brute force
    // (9,261 drives, 34 s: once, by hand). It is reached by every split of
    // 169 km/h over the days that never stops and never fills the pack.
    expect(found.value).toBeCloseTo(1352, 6);
    expect(found.kmh.reduce((s, v) => s + v, 0)).toBe(169);
    expect(found.kmh[0]).toBeLessThan(found.kmh[1]!);
    // And nothing near it is better (a smaller brute force, in the test).
    for (let a = -2; a <= 2; a++)
      for (let b = -2; b <= 2; b++)
        for (let c = -2; c <= 2; c++) {
          const [x, y, z] = found.kmh as [number, number, number];
          expect(distance([x + a, y + b, z + c])).toBeLessThanOrEqual(found.value + 1e-6);
        }
  });

  it("moves speed between days where single-day steps stall", () => {
    // The same speed every day is no better than its neighbours one day at a
    // time here; only moving a km/h from day 1 to day 3 helps.
    const value = (k: readonly number[]) =>
      -((k[0]! - 40) ** 2) -
      (k[2]! - 60) ** 2 -
      50 * Math.abs(k[0]! + k[2]! - 100) -
      (k[1]! - 50) ** 2;
    expect(searchBest(value, [[50, 50, 50]], 20, 80).kmh).toEqual([40, 50, 60]);
  });

  it("ends at the protection floor when the event asks for more than the pack", () => {
    const drive = fastEvent(car, days, 0.9, [80, 80, 80]);
    expect(drive.endSocPct).toBeGreaterThanOrEqual(5 - 1e-9);
    expect(drive.distanceKm).toBeLessThan(80 * 24);
  });
});

describe("the hindsight driven for real", () => {
  // A stand-in for the simulator: a made-up distance of three days' speeds,
  // recording every speed set driven.
  const stub = (f: (k: readonly number[]) => number) => {
    const calls: number[][] = [];
    return {
      calls,
      drive: (k: readonly number[]) => {
        calls.push([...k]);
        return f(k);
      },
    };
  };
  const hill = (top: readonly number[]) => (k: readonly number[]) =>
    1000 - k.reduce((s, v, i) => s + (v - top[i]!) ** 2, 0);

  it("reports the best distance of everything driven, at most 3 + 18 drives", () => {
    const real = stub(hill([52, 47, 60]));
    // The fast optimum is off; the plan's means (rounded) are nearest.
    const best = bestDriven(real.drive, [
      [40, 40, 40],
      [50.6, 48.2, 59.4],
      [70, 30, 50],
    ]);
    expect(real.calls[1]).toEqual([51, 48, 59]);
    expect(best.start).toBe(1);
    expect(best.km).toBe(Math.max(...real.calls.map(hill([52, 47, 60]))));
    expect(best.driven.map((d) => d.km)).toEqual(real.calls.map(hill([52, 47, 60])));
    // Three rounds of ±1 km/h from 51/48/59: one day a round, the best step first.
    expect(best.kmh).toEqual([52, 47, 60]);
    expect(real.calls.length).toBeLessThanOrEqual(3 + 18);
    // Each speed set driven once.
    expect(new Set(real.calls.map((k) => k.join(","))).size).toBe(real.calls.length);
  });

  it("stops after 3 rounds, drives no speed set twice, keeps the first of equals", () => {
    const far = stub(hill([80, 80, 80]));
    const best = bestDriven(far.drive, [[60, 60, 60]]);
    expect(best.kmh).toEqual([61, 61, 61]);
    // 6 drives, then 5 (back is known), then 4 (60/61/60 was driven in round 1).
    expect(far.calls.length).toBe(1 + 6 + 5 + 4);
    const flat = stub(() => 500);
    const kept = bestDriven(flat.drive, [
      [55, 55, 55],
      [60, 60, 60],
    ]);
    expect(kept).toMatchObject({ kmh: [55, 55, 55], km: 500, start: 0 });
    expect(flat.calls.length).toBe(2 + 6);
  });
});

/** One event's result with just what the figures read. */
function result(
  car: "light" | "linear",
  km: { plan: number; ten: number; hindsight: number },
  endPct: number,
  ms: number[],
): EventResult {
  const day = (distanceKm: number): DayDrive => ({
    date: "2026-07-01",
    startSocPct: 90,
    driveEndSocPct: endPct,
    endSocPct: endPct,
    distanceKm,
    meanKmh: 50,
    arrayW: [],
    stops: 0,
  });
  const drive = (distanceKm: number, forecastMs: number[] = []): PlanDrive => ({
    days: [day(distanceKm)],
    firstPlans: [null],
    forecastMs,
  });
  return {
    run: {
      name: "x",
      seed: 1,
      car,
      dates: ["2026-07-01"],
      kinds: ["clear"],
      daySeeds: [10],
    },
    plan: drive(km.plan, ms),
    tenPercent: drive(km.ten),
    hindsight: {
      kmh: [50],
      days: [day(km.hindsight)],
      fastKm: km.hindsight + 1,
      evaluations: 1,
      fastBest: { kmh: [50], km: km.hindsight },
      start: "fast search",
      drives: 1,
      dayDrives: 1,
    },
    floorPct: 5,
    seconds: 1,
  };
}

describe("the events' figures", () => {
  const results = [
    result("light", { plan: 990, ten: 900, hindsight: 1000 }, 6, [10, 20]),
    result("linear", { plan: 480, ten: 500, hindsight: 500 }, 5.5, [30, 40]),
  ];

  it("averages plan ÷ hindsight per event, sums against the 10 % plan", () => {
    const f = eventFigures(results);
    expect(f.runs).toBe(2);
    expect(f.vsHindsight).toBeCloseTo((0.99 + 0.96) / 2, 12);
    expect(f.worst).toBeCloseTo(0.96, 12);
    expect(f.vsTenPercent).toBeCloseTo(1470 / 1400, 12);
    expect(f.endAboveMax).toBeCloseTo(1, 12);
    expect(f.endAboveMin).toBeCloseTo(0.5, 12);
    // The p95 of [10, 20, 30, 40] (strategyMeasures' quantile: no interpolation).
    expect(f.planMsP95).toBe(30);
  });

  it("writes the RESULT line", () => {
    expect(eventReport(results).result).toBe(
      "RESULT race_plan_events=2 event_distance_vs_hindsight=0.975 event_distance_worst=0.960 vs_ten_percent=1.050 end_above_floor_max_pts=1.0 plan_ms_p95=30.0",
    );
  });
});
