// The forecast's band at the day's end: which errors hold all day and which
// fade along the hours (scenario.ts).
import { describe, expect, it } from "vitest";
import { buildTimeline, runScenario } from "../../workers/telemetry/strategy/scenario";
import { SKY_MEMORY_S } from "../../workers/telemetry/strategy/solarFit";
import { afternoon, carAt, sun } from "./scenarioKit";

const SUN_W = 500;
const SIGMA_W = 100;
const HOURS = 4; // the kit's afternoon
const Z95 = 1.96;
const WH_PER_PCT = 50;

/** The band's half-width at the day's end, the car standing, with this share of the sun's σ a forecast's. */
function endBand(forecastShare: number): number {
  const sky = { ...sun(SUN_W), sigmaAt: () => SIGMA_W };
  const withForecast = forecastShare > 0 ? { forecastSigmaAt: () => forecastShare * SIGMA_W } : {};
  const t = buildTimeline(afternoon(), { ...sky, ...withForecast });
  // Standing all afternoon: no power curve's error and no scatter, only the sun's.
  const standing = { ...t, activity: t.activity.map(() => "stand" as const) };
  return runScenario(standing, carAt(50), 60 / 3.6).endBandPts;
}

describe("the end-of-day band", () => {
  it("holds the sky's error all day: four hours of 100 W unknown are 400 Wh", () => {
    expect(endBand(0)).toBeCloseTo((Z95 * SIGMA_W * HOURS) / WH_PER_PCT, 1);
  });

  it("lets a forecast's own error fade with the sky's memory, so far ahead it counts less than one held all day", () => {
    const tau = SKY_MEMORY_S / 3600;
    // The sum over T hours of an error correlated by exp(−Δ/τ): √(2τT − 2τ²(1 − e^(−T/τ))) hours' worth.
    const effectiveHours = Math.sqrt(
      2 * tau * HOURS - 2 * tau * tau * (1 - Math.exp(-HOURS / tau)),
    );
    const faded = endBand(1);
    expect(faded / endBand(0)).toBeCloseTo(effectiveHours / HOURS, 2);
    expect(faded).toBeLessThan(0.85 * endBand(0));
    // Part forecast, part held: the two are independent, so they add as squares.
    const held = Math.sqrt(1 - 0.6 ** 2) * SIGMA_W * HOURS;
    const forecast = 0.6 * SIGMA_W * effectiveHours;
    expect(endBand(0.6)).toBeCloseTo((Z95 * Math.hypot(held, forecast)) / WH_PER_PCT, 1);
  });
});
