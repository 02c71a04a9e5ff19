// The plan over a race's days (issue 62): cases whose best answer is known.
import { describe, expect, it } from "vitest";
import type { StrategySettings } from "../../workers/contract/strategy";
import { DEFAULT_STRATEGY_SETTINGS } from "../../workers/telemetry/strategy/strategySettings";
import { planHorizon } from "../../workers/telemetry/strategy/horizon";
import { raceDaysFrom, todayOf } from "../../workers/telemetry/strategy/eventTimeline";
import { planTheRace, type PlanAsk } from "../../workers/telemetry/strategy/planTheRace";
import { standingOnly } from "../../workers/telemetry/strategy/powerFit";
import type { ScenarioInputs } from "../../workers/telemetry/strategy/scenario";
import { configureStrategy, forecastNow } from "../../workers/telemetry/strategy/strategyStage";
import { strategyRecordOf } from "../../workers/telemetry/strategy/strategyDesk";
import { CAR, createWorld, drive, SETTINGS, ZONE } from "./strategyKit";

const DAYS = ["2026-06-16", "2026-06-17", "2026-06-18"];
const settings: StrategySettings = { ...DEFAULT_STRATEGY_SETTINGS, timeZone: ZONE, raceDays: DAYS };
/** 07:00 CDT on the first day: the morning's charging is about to start. */
const SEVEN_AM = Date.UTC(2026, 5, 16, 12) / 1000;

const pack = (socNowPct: number): ScenarioInputs => ({
  socNowPct,
  whPerPct: 50, // a 5 kWh pack
  fit: { ...standingOnly(0), a: CAR.a, b: CAR.b, c: CAR.c },
  standstillW: CAR.a,
  stopPct: 5,
  resumePct: 10,
  protectedNow: false,
});

/** A sky of 1,000 W at noon under a clear sky (a half sine over 06:00–20:00 CDT), times each day's share. */
function skyOf(shares: number[]): PlanAsk["sun"] {
  const at = (t: number) => {
    const day = DAYS.indexOf(todayOf(t, ZONE));
    const hours = ((t - SEVEN_AM) / 3600 + 1 + 24) % 24; // 0 at 06:00
    const clear = hours < 14 ? 1000 * Math.sin((Math.PI * hours) / 14) : 0;
    return clear * (shares[day] ?? 0);
  };
  return { today: at, forecast: at, typical: () => NaN };
}

function plan(shares: number[], socNowPct = 90, now = SEVEN_AM, s = settings) {
  const planned = planHorizon(now, s, null);
  if (!planned.ok) throw new Error(planned.reason);
  return planTheRace(
    {},
    {
      now,
      settings: s,
      serverDates: [],
      horizon: planned.horizon,
      pack: pack(socNowPct),
      sun: skyOf(shares),
      forecasts: 1,
      bounds: { minKmh: 20, maxKmh: 110 },
      textZone: ZONE,
    },
  )!;
}

describe("the race plan", () => {
  it("keeps less charge at the end of a cloudy day when a sunny one follows, and ends at the floor", () => {
    const sunnyAfter = plan([0.8, 0.25, 1]);
    const cloudyAfter = plan([0.8, 0.25, 0.25]);
    expect(sunnyAfter.days.map((d) => d.date)).toEqual(DAYS);
    expect(sunnyAfter.problem).toBeNull();
    expect(sunnyAfter.days[1]!.targetSocPct).toBeLessThan(cloudyAfter.days[1]!.targetSocPct - 3);
    // Tomorrow's sun is spent before it comes: more distance over the event.
    expect(sunnyAfter.distanceKm).toBeGreaterThan(cloudyAfter.distanceKm);
    for (const p of [sunnyAfter, cloudyAfter]) {
      expect(p.endSocPct).toBeGreaterThanOrEqual(5);
      expect(p.endSocPct).toBeLessThan(5 + 3);
      expect(p.days.at(-1)!.targetSocPct).toBeCloseTo(p.endSocPct, 6);
    }
  });

  it("gives days of the same sun the same speed (the car's power is convex in speed)", () => {
    const even = plan([1, 1, 1], 100);
    const speeds = even.days.map((d) => d.speedKmh);
    expect(Math.max(...speeds) - Math.min(...speeds)).toBeLessThanOrEqual(3);
    expect(even.ms).toBeLessThan(200);
  });

  it("says clearly when even the slowest speed runs the pack down before the event ends", () => {
    const down = plan([0.05, 0.05, 0.05], 20);
    // Its figures stop at the floor, as the car does: never a charge below it.
    for (const day of down.days) expect(day.targetSocPct).toBeGreaterThanOrEqual(5);
    expect(Math.min(...down.soc.values)).toBeGreaterThanOrEqual(5);
    expect(down.problem).toMatch(
      /Even at the slowest speed .* falls to its protection's stop level \(5 %\)/,
    );
  });

  it("says so when the sun gives more than the car can use at its top speed", () => {
    const flush: StrategySettings = { ...settings, stopSocPct: 5 };
    const p = planTheRace(
      {},
      {
        ...askAt(SEVEN_AM, flush),
        sun: { today: () => 20_000, forecast: () => 20_000, typical: () => 20_000 },
      },
    )!;
    expect(p.problem).toMatch(/Even at the top speed every day/);
  });

  it("takes the race's days from the server's dates when they include today, else the settings'", () => {
    expect(raceDaysFrom(SEVEN_AM, settings, ["2026-06-16", "2026-06-17"])).toEqual({
      dates: ["2026-06-16", "2026-06-17"],
      from: "the server's race dates (raceInfo)",
    });
    const seeded = raceDaysFrom(SEVEN_AM, settings, ["2025-07-14", "2025-07-15"])!;
    expect(seeded.dates).toEqual(DAYS);
    expect(seeded.from).toMatch(/settings .*2025-07-14 to 2025-07-15, do not include today/);
    expect(raceDaysFrom(SEVEN_AM, { ...settings, raceDays: ["2026-06-17"] }, [])).toBeNull();
  });

  it("keeps its plan for 15 minutes, and says why when a new one moves today's target by more than 5 points", () => {
    const memory = {};
    const first = planTheRace(memory, askAt(SEVEN_AM, settings, [0.8, 0.8, 1]))!;
    expect(planTheRace(memory, askAt(SEVEN_AM + 600, settings, [0.8, 0.8, 0.2]))).toBe(first);
    const later = planTheRace(memory, askAt(SEVEN_AM + 900, settings, [0.8, 0.8, 0.2]))!;
    expect(later.days[0]!.targetSocPct).toBeGreaterThan(first.days[0]!.targetSocPct + 5);
    expect(later.change?.why).toMatch(/^06\/18\/2026's expected sun fell by 80 %/);
  });
});

function askAt(now: number, s: StrategySettings, shares = [1, 1, 1]): PlanAsk {
  const planned = planHorizon(now, s, null);
  if (!planned.ok) throw new Error(planned.reason);
  return {
    now,
    settings: s,
    serverDates: [],
    horizon: planned.horizon,
    pack: pack(90),
    sun: skyOf(shares),
    forecasts: 1,
    bounds: { minKmh: 20, maxKmh: 110 },
    textZone: ZONE,
  };
}

describe("the forecast on a race day", () => {
  const race = { ...SETTINGS, raceDays: ["2026-06-16", "2026-06-17", "2026-06-18"] };

  it("steers today's speed to the plan's target and records the plan each minute", () => {
    const world = createWorld(90);
    configureStrategy(world.state, { settings: race, raceInfo: null, emitRecords: true });
    drive(world, 60, 3600);
    const answer = forecastNow(world.state, null);
    if (!answer.ok) throw new Error(answer.reason);
    const f = answer.forecast;
    expect(f.plan?.days.map((d) => d.date)).toEqual(race.raceDays);
    expect(f.targetSocPct).toBeCloseTo(f.plan!.days[0]!.targetSocPct, 6);
    expect(f.recommended.ok && f.recommended.endSocPct).toBeCloseTo(f.targetSocPct, 0);
    expect(f.inputs.find((i) => i.label === "Target at the end of the day")?.source).toMatch(
      /race plan/,
    );
    const recorded = world.events.filter((e) => e.kind === "strategy").at(-1)!;
    const record = strategyRecordOf(recorded)!;
    expect(record.plan?.days.map((d) => d.date)).toEqual(race.raceDays);
  });

  it("plans the next morning, before the car drives, with the power of its last drive", () => {
    const world = createWorld(90);
    // Live: a forecast each minute, as the desk records them.
    configureStrategy(world.state, { settings: race, raceInfo: null, emitRecords: true });
    drive(world, 60, 3600);
    world.time = Date.UTC(2026, 5, 17, 12, 30) / 1000; // 07:30 CDT the next day
    drive(world, 0, 1800);
    const answer = forecastNow(world.state, null);
    if (!answer.ok) throw new Error(answer.reason);
    expect(answer.forecast.notDrivenYet).toBe(true);
    expect(answer.forecast.plan?.days.map((d) => d.date)).toEqual(race.raceDays.slice(1));
    expect(answer.forecast.inputs.find((i) => i.label === "Race plan")?.source).toMatch(
      /as fitted on its last drive \(not driven today\)/,
    );
  });

  it("keeps the settings' target on a day outside the race", () => {
    const world = createWorld(90);
    configureStrategy(world.state, {
      settings: { ...race, raceDays: ["2026-07-01"] },
      raceInfo: null,
    });
    drive(world, 60, 3600);
    const answer = forecastNow(world.state, null);
    expect(answer.ok && answer.forecast.plan).toBeNull();
    expect(answer.ok && answer.forecast.targetSocPct).toBe(SETTINGS.targetSocPct);
  });
});
