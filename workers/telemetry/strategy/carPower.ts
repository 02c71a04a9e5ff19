// The car's consumption as today's minutes show it: the standing load
// (measured while the car stood, or bounded by physics until it has), the
// power curve fitted to the minutes of driving (powerFit.ts), and whether the
// car has driven today at all. With the Inputs table's lines that say where
// each figure comes from.
import type { StrategyInput } from "../../contract/strategy";
import { fitPower, type PowerFit } from "./powerFit";
import type { MinuteWindows } from "./minuteWindows";

/** A window counts when this much of its minute was integrated, s. */
export const MIN_COVERED_S = 45;
/** … and as driving when the car moved this share of it. */
export const DRIVING_SHARE = 0.9;
export const MIN_FIT_WINDOWS = 3;
/** The car has driven today once it has moved this long, s. */
const DRIVEN_S = 60;
/**
 * The standing load's bound before the car has stood still, as a share of
 * the array's clear-noon power: a car that drew more standing could hardly
 * charge in the rules' charging windows, and solar cars' electronics (BMS,
 * telemetry, controllers idling, the 12 V system) draw a few to a few tens
 * of per cent of their arrays. Without it a fit at one speed put 1.4 kW in
 * the constant, against 260 W measured when the car later stood.
 */
const STANDING_SHARE_OF_ARRAY = 0.4;

const round = (x: number, digits = 0) => Number(x.toFixed(digits));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export interface CarPower {
  /** null: too few minutes of driving to fit (see `windows`). */
  fit: PowerFit | null;
  drivenToday: boolean;
  /** The standing car's power, W: measured, or the fit's constant within its bound. */
  standingW: number;
  speeds: number[];
  powers: number[];
  topSpeedMps: number;
  inputs: StrategyInput[];
}

/** `clearNoonW`: the array's clear-sky power at noon (rating, or the day's), for the bound. */
export function carPower(w: MinuteWindows, slots: number[], clearNoonW: number): CarPower {
  const speeds: number[] = [];
  const powers: number[] = [];
  const standing: number[] = [];
  let topSpeedMps = 0;
  let movedS = 0;
  for (const slot of slots) {
    movedS += w.movingS[slot]!;
    const covered = w.coveredS[slot]!;
    if (covered < MIN_COVERED_S) continue;
    const p = ((w.packWh[slot]! + w.arrayWh[slot]!) * 3600) / covered;
    if (w.movingS[slot] === 0) standing.push(p);
    const v = w.distanceM[slot]! / covered;
    // Stops and regen-only stretches (a descent, braking) tell nothing of the steady power.
    if (w.movingS[slot]! < DRIVING_SHARE * covered || !(p > 0) || v < 2) continue;
    speeds.push(v);
    powers.push(p);
    topSpeedMps = Math.max(topSpeedMps, v);
  }
  const measured = standing.length >= 3 ? median(standing) : null;
  const boundW = STANDING_SHARE_OF_ARRAY * clearNoonW;
  const fit = speeds.length >= MIN_FIT_WINDOWS ? fitPower(speeds, powers, measured, boundW) : null;
  // Until the car has stood, a tenth of the array (a quarter of the bound):
  // the driving curve's constant is no measure of it. Extrapolated from the
  // speeds driven to standstill, a line meets the axis about twice the
  // aerodynamic power below P(0) when the curve bends upward (bench/RESULTS.md:
  // 0–50 W against 260 W drawn), and a cubic's constant is as loose.
  const standingW = measured ?? boundW / 4;
  const inputs: StrategyInput[] = [];
  if (fit)
    inputs.push({
      label: "Power model",
      value: `${fit.form}: P = ${round(fit.a)} + ${round(fit.b, 1)}·v + ${round(fit.c, 4)}·v³ W (v in m/s), ${fit.kind === "fitted" ? `R² ${round(fit.r2, 2)}, ` : ""}RMS ${round(fit.rmsW)} W`,
      source: `${fit.windows} one-minute windows of driving today (the form ${fit.formWhy.replace(/^the speeds/, "a typical car's: the speeds")})`,
    });
  inputs.push({
    label: "Standing load",
    value: `${round(standingW)} W`,
    source:
      measured !== null
        ? `measured in ${standing.length} minutes standing today`
        : `not measured yet (the car has not stood 3 minutes today): a quarter of the bound of ${round(boundW)} W (${STANDING_SHARE_OF_ARRAY * 100} % of the array's ${round(clearNoonW)} W at a clear noon); the driving curve's constant is no measure of it`,
  });
  return {
    fit,
    drivenToday: movedS >= DRIVEN_S,
    standingW,
    speeds,
    powers,
    topSpeedMps,
    inputs,
  };
}
