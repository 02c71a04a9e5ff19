// Battery protection in the forecast (settings: where the car's BMS stops it
// and lets it drive again): the forecast stops the car at the minimum rather
// than at 0 %, stands it in the sun until the pack is back at the resume
// level, says so in words, and a car standing in protection now waits.
import { describe, expect, it } from "vitest";
import {
  buildTimeline,
  runScenario,
  type ScenarioInputs,
} from "../../workers/telemetry/strategy/scenario";
import { recommendSpeed } from "../../workers/telemetry/strategy/speedSolver";
import {
  checkStrategySettings,
  DEFAULT_STRATEGY_SETTINGS,
} from "../../workers/telemetry/strategy/strategySettings";
import { noRecommendationText, packDownText } from "../../src/ui/format/strategyFormat";
import { strategyRecordOf } from "../../workers/telemetry/strategy/strategyDesk";
import { afternoon, carAt, NOW, sun, ZONE } from "./scenarioKit";

const HORIZON = afternoon();
/** The car with the demo's protection: it stops at 5 % and drives again at 10 %. */
const inputs = (soc: number, patch: Partial<ScenarioInputs> = {}) =>
  carAt(soc, { stopPct: 5, resumePct: 10, ...patch });
const at60 = 60 / 3.6; // 730 W at 60 km/h

describe("battery protection in the forecast", () => {
  it("stops the car at the minimum, stands it in the sun to the resume level, then drives on", () => {
    // 730 W at 60 km/h against 300 W of sun: 8.6 points an hour down from 15 %.
    const t = buildTimeline(HORIZON, sun(300));
    const run = runScenario(t, inputs(15), at60);
    // Down to 5 % after about 70 minutes, never below it.
    expect(run.emptyAt).not.toBeNull();
    expect(run.emptyAt! - NOW).toBeGreaterThan(60 * 60);
    expect(run.emptyAt! - NOW).toBeLessThan(80 * 60);
    expect(Math.min(...run.soc.values)).toBeGreaterThanOrEqual(5);
    expect(Math.min(...run.socLow)).toBeGreaterThanOrEqual(5);
    // The run-down time's band: earlier on the band's low edge, later on its high one.
    expect(run.emptyEarliest!).toBeLessThan(run.emptyAt!);
    expect(run.emptyLatest!).toBeGreaterThan(run.emptyAt!);
    expect(run.emptyLatest! - run.emptyEarliest!).toBeLessThan(60 * 60);
    // A pack that lasts the day with room to spare has no run-down, nor a band of one.
    const full = runScenario(t, inputs(95), at60);
    expect([full.emptyAt, full.emptyEarliest, full.emptyLatest]).toEqual([null, null, null]);
    // Standing, the sun's 240 W surplus brings it back to 10 % in about an
    // hour; it drives it down again in half: the day ends between the two,
    // and the distance leaves out the hours stood.
    expect(run.endSocPct).toBeGreaterThanOrEqual(5);
    expect(run.endSocPct).toBeLessThanOrEqual(10.5);
    expect(run.distanceKm).toBeGreaterThan(60 * 1.5);
    expect(run.distanceKm).toBeLessThan(60 * 3);
    // Without protection (0 and 0) the car runs the pack to 0 % instead.
    const bare = runScenario(t, inputs(15, { stopPct: 0, resumePct: 0 }), at60);
    expect(bare.endSocPct).toBeLessThan(1);
  });

  it("once at the minimum, widens the day's end to anywhere in the stop-and-go cycle", () => {
    // A sun known exactly and a car whose power is exact: the band is the cycle's alone.
    const t = buildTimeline(HORIZON, { ...sun(300), sigmaAt: () => 0 });
    const cycling = runScenario(t, inputs(15), at60);
    expect(cycling.emptyAt).not.toBeNull();
    // Anywhere between 5 % and 10 %: σ = 5 / √12 points, 1.96 σ either side.
    expect(cycling.endBandPts).toBeCloseTo((1.96 * 5) / Math.sqrt(12), 1);
    expect(cycling.socLow.at(-1)).toBeGreaterThanOrEqual(5);
    // Before it reaches the minimum, and on a day it never does, no such spread.
    const reached = cycling.soc.time.findIndex((time) => time >= cycling.emptyAt!);
    expect(cycling.socHigh[reached - 2]! - cycling.soc.values[reached - 2]!).toBeLessThan(0.2);
    expect(runScenario(t, inputs(95), at60).endBandPts).toBeLessThan(0.2);
  });

  it("keeps a car standing in protection now standing until the pack is back at the resume level", () => {
    const t = buildTimeline(HORIZON, sun(300));
    const waiting = runScenario(t, inputs(7, { protectedNow: true }), at60);
    const driving = runScenario(t, inputs(7), at60);
    // Standing, 240 W of surplus: 3 points take 37 minutes. Half an hour
    // on (a point every 5 minutes) it is still charging; the car told to
    // drive at 7 % is running it down at once.
    expect(waiting.soc.values[6]!).toBeGreaterThan(9);
    expect(driving.soc.values[1]!).toBeLessThan(7);
    expect(waiting.distanceKm).toBeLessThan(driving.distanceKm);
    // It got there earlier, not now: no new "down to its minimum" at the start.
    expect(waiting.emptyAt === null || waiting.emptyAt > NOW + 30 * 60).toBe(true);
  });

  it("never raises a pack already below a minimum just set to that minimum", () => {
    // At 3 % with the minimum set at 5 %, no sun: the car stands, and the
    // pack stays at 3 % rather than being forecast back at 5 %.
    const run = runScenario(buildTimeline(HORIZON, sun(0)), inputs(3), at60);
    expect(run.endSocPct).toBeCloseTo(3, 6);
    expect(Math.max(...run.soc.values)).toBeCloseTo(3, 6);
    expect(run.distanceKm).toBe(0);
  });

  it("names the minimum when even the slowest speed runs the pack down to it", () => {
    const t = buildTimeline(HORIZON, sun(0));
    const rec = recommendSpeed(t, inputs(12), 10, { minKmh: 20, maxKmh: 90 });
    expect(rec).toMatchObject({ ok: false, why: "empties" });
    if (rec.ok) return;
    expect(noRecommendationText(rec, 10, "metric", ZONE, 5)).toMatch(
      /^Even at 20 km\/h the pack is down to its minimum \(5 %\) at 1\d:\d\d CDT$/,
    );
    // No protection set: "empties", as before.
    expect(packDownText(NOW, ZONE, 0)).toBe("the pack empties at 13:00 CDT");
    expect(packDownText(NOW, ZONE, undefined)).toBe("the pack empties at 13:00 CDT");
  });
});

describe("battery protection in the settings", () => {
  const refusal = (patch: object) => {
    const checked = checkStrategySettings({ ...DEFAULT_STRATEGY_SETTINGS, ...patch });
    return checked.ok ? "" : checked.message;
  };

  it("defaults to the demo car's BMS, and settings saved before it was kept read as none", () => {
    expect(DEFAULT_STRATEGY_SETTINGS).toMatchObject({ stopSocPct: 5, resumeSocPct: 10 });
    const { stopSocPct: _s, resumeSocPct: _r, ...older } = DEFAULT_STRATEGY_SETTINGS;
    const checked = checkStrategySettings(older);
    expect(checked.ok && checked.settings).toMatchObject({ stopSocPct: 0, resumeSocPct: 0 });
  });

  it("refuses a resume level below the stop, or a target below it, naming the fields", () => {
    expect(refusal({ stopSocPct: 8, resumeSocPct: 6 })).toContain(
      "Battery protection lets it drive again at: must be at or above where it stops the car (8 %)",
    );
    expect(refusal({ stopSocPct: 12, resumeSocPct: 15 })).toContain(
      "Target at the end of the day: must be at or above where battery protection stops the car (12 %)",
    );
    expect(refusal({ stopSocPct: -1 })).toContain(
      "Battery protection stops the car at: must be 0 % or more",
    );
    expect(refusal({ stopSocPct: 5, resumeSocPct: 10 })).toBe("");
  });

  it("is kept with each recorded forecast, and a damaged value is dropped", () => {
    const record = {
      at: NOW,
      socNowPct: 30,
      endSocPct: 5,
      currentSpeedKmh: 60,
      recommendedKmh: 40,
      distanceLeftKm: 150,
      endAt: NOW + 4 * 3600,
      emptyAt: NOW + 3600,
      timeZone: ZONE,
      simulated: true,
    };
    expect(
      strategyRecordOf({ kind: "strategy", payload: { ...record, stopSocPct: 5 } }),
    ).toMatchObject({ stopSocPct: 5 });
    expect(
      strategyRecordOf({ kind: "strategy", payload: { ...record, stopSocPct: "5" } }),
    ).not.toHaveProperty("stopSocPct");
  });
});
