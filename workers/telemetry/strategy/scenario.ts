// The state of charge over the rest of the day at one constant driving
// speed: a minute at a time, the car's power at that speed (or its standstill
// load in a stop) against the sun expected then, out of the pack's energy.
// When the pack reaches the battery protection's minimum the car stops, and
// stands while the sun recharges it up to where the protection lets it drive
// again (settings: the car's BMS). The band, at about 95 %, comes from the
// fit's residuals and the sun's: the curve's error and which sky the day is
// in, both systematic over the day; a weather forecast's random error, which
// fades with the sky's memory; each minute's scatter; and, once the car has
// reached the minimum, where in its stop-and-go cycle the day ends.
import type { StrategyScenario } from "../../contract/strategy";
import { activityAt, type Activity, type Horizon } from "./horizon";
import { powerAt, type PowerFit } from "./powerFit";
import { remembered, type SolarFit } from "./solarFit";

const STEP_S = 60;
/** A plotted point every this many steps. */
const PLOT_EVERY = 5;
const Z95 = 1.96;

/** The rest of the day cut into minutes, with what the car does and the sun expected in each. */
export interface Timeline {
  start: number;
  time: Float64Array;
  dt: Float64Array;
  activity: Activity[];
  solarW: Float64Array;
  solarSigmaW: Float64Array;
  /** The part of solarSigmaW that is a forecast's random error (SolarFit.forecastSigmaAt). */
  forecastSigmaW: Float64Array;
}

export function buildTimeline(h: Horizon, solar: SolarFit): Timeline {
  const n = Math.max(1, Math.ceil((h.endAt - h.now) / STEP_S));
  const time = new Float64Array(n);
  const dt = new Float64Array(n);
  const activity: Activity[] = [];
  const solarW = new Float64Array(n);
  const solarSigmaW = new Float64Array(n);
  const forecastSigmaW = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const from = h.now + k * STEP_S;
    const to = Math.min(h.endAt, from + STEP_S);
    const mid = (from + to) / 2;
    time[k] = to;
    dt[k] = Math.max(0, to - from);
    activity.push(activityAt(h, mid));
    solarW[k] = solar.expectedAt(mid);
    solarSigmaW[k] = solar.sigmaAt(mid);
    forecastSigmaW[k] = solar.forecastSigmaAt?.(mid) ?? 0;
  }
  return { start: h.now, time, dt, activity, solarW, solarSigmaW, forecastSigmaW };
}

export interface ScenarioInputs {
  socNowPct: number;
  /** Pack energy per point of state of charge now, Wh. */
  whPerPct: number;
  /**
   * The pack's voltage, and so its Wh per point, falls by this share per
   * point of state of charge lost (packVoltage.ts); 0 when not fitted.
   */
  voltageDropPerPct?: number;
  fit: PowerFit;
  /** Power of the standing car, W. */
  standstillW: number;
  /** Battery protection, %: the car stops at `stopPct` and drives again at `resumePct`. */
  stopPct: number;
  resumePct: number;
  /** The car stands in a protection stop now (waiting for resumePct). */
  protectedNow: boolean;
}

/** Wh per point of state of charge at `pct`: fewer as the pack's voltage falls. */
export function whPerPctAt(inp: ScenarioInputs, pct: number): number {
  const drop = inp.voltageDropPerPct ?? 0;
  return inp.whPerPct * Math.max(0.5, 1 + drop * (pct - inp.socNowPct));
}

/**
 * A forecast's random error summed over the minutes ahead, Wh (1 σ). Its
 * errors hold along the hours for the sky's memory (solarFit.ts) and then
 * fade: two minutes' errors are correlated by remembered(their distance), so
 * a 7 h band does not count the forecast's error as one held all day.
 */
function fadingErrorSum() {
  let faded = 0; // Σ the earlier minutes' σ, each times remembered(how long before)
  let variance = 0;
  let lastAt = NaN;
  return {
    add(sigmaWh: number, at: number) {
      faded *= Number.isNaN(lastAt) ? 0 : remembered(at - lastAt);
      variance += sigmaWh * sigmaWh + 2 * sigmaWh * faded;
      faded += sigmaWh;
      lastAt = at;
    },
    variance: () => variance,
  };
}

/** The sun's error at step k that holds all day: what is left of it beside the forecast's. */
const heldSunSigmaW = (t: Timeline, k: number) =>
  Math.sqrt(Math.max(0, t.solarSigmaW[k]! ** 2 - t.forecastSigmaW[k]! ** 2));

/** Half a 95 % band, points, from the errors that hold all day, the forecast's and the scatter, Wh. */
const halfBand95 = (inp: ScenarioInputs, heldWh: number, forecastWh2: number, scatterWh2: number) =>
  (Z95 * Math.sqrt(heldWh * heldWh + forecastWh2 + scatterWh2)) / inp.whPerPct;

/**
 * Once the car has reached the minimum, it stands charging up to the level
 * that lets it drive again, drives back down, and so on: where in that cycle
 * a given time falls turns on minutes of sun or pace, so the charge then is
 * anywhere between the two levels (uniform: σ = range / √12), in Wh².
 */
const cycleWh2 = (inp: ScenarioInputs) =>
  (Math.max(0, inp.resumePct - inp.stopPct) * inp.whPerPct) ** 2 / 12;

/**
 * End state of charge as if the car never stopped at empty, so that it falls
 * with the speed all the way (the solver's measure). A full pack still takes
 * no more, as in runScenario: a speed found on banked phantom charge would
 * end the day below the target.
 */
export function endSocWithoutStop(t: Timeline, inp: ScenarioInputs, speedMps: number): number {
  const drive = powerAt(inp.fit, speedMps);
  let pct = inp.socNowPct;
  for (let k = 0; k < t.dt.length; k++) {
    const a = t.activity[k]!;
    if (a === "wait") continue;
    const load = a === "drive" ? drive : inp.standstillW;
    pct = Math.min(100, pct - ((load - t.solarW[k]!) * t.dt[k]!) / 3600 / whPerPctAt(inp, pct));
  }
  return pct;
}

/**
 * The scenario at `speedMps`; `drivePowerW` replaces the fitted power at
 * that speed (the current pace's, averaged over the speeds it varied between).
 */
export function runScenario(
  t: Timeline,
  inp: ScenarioInputs,
  speedMps: number,
  drivePowerW?: number,
): StrategyScenario {
  const drive = drivePowerW ?? powerAt(inp.fit, speedMps);
  const sigmaCurve = inp.fit.sigmaAt(speedMps);
  const time: number[] = [t.start];
  const soc: number[] = [inp.socNowPct];
  const socLow: number[] = [inp.socNowPct];
  const socHigh: number[] = [inp.socNowPct];
  let pct = inp.socNowPct;
  // The pack gives nothing below the protection's minimum, nor below where it
  // already is when it is below a minimum just set: never a charge made up.
  const floor = Math.min(inp.stopPct, pct);
  let stopped = inp.protectedNow || pct <= inp.stopPct;
  let emptyAt: number | null = null;
  // The run-down band: when the band's edges reach the minimum. They follow
  // a shadow of the run that drives on through the minimum, so that the
  // high edge still has a course after the car has stopped.
  let emptyEarliest: number | null = null;
  let emptyLatest: number | null = null;
  let shadowPct = pct;
  let shadowWh = 0;
  const shadowForecast = fadingErrorSum();
  let shadowScatterWh2 = 0;
  let distanceM = 0;
  let systematicWh = 0; // curve error and the sky's, both the same sign all day
  const forecastErr = fadingErrorSum();
  let scatterWh2 = 0; // each minute's residual, independent
  let band = 0; // the last point's half-width: at the end, the day's, before it is cut
  for (let k = 0; k < t.dt.length; k++) {
    const a = t.activity[k]!;
    const hours = t.dt[k]! / 3600;
    if (a !== "wait") {
      // Above the minimum too: a protection at 0 and 0 drives again on the first sun.
      if (stopped && pct >= inp.resumePct && pct > inp.stopPct) stopped = false;
      const moving = a === "drive" && !stopped;
      const load = moving ? drive : inp.standstillW;
      pct -= ((load - t.solarW[k]!) * hours) / whPerPctAt(inp, pct);
      if (moving) {
        distanceM += speedMps * t.dt[k]!;
        systematicWh += sigmaCurve * hours;
        scatterWh2 += (inp.fit.rmsW * hours) ** 2;
      }
      systematicWh += heldSunSigmaW(t, k) * hours;
      forecastErr.add(t.forecastSigmaW[k]! * hours, t.time[k]!);
      // At the minimum the car stops (the standing loads then come from the
      // 12 V system's own battery).
      if (pct <= inp.stopPct) {
        pct = Math.max(pct, floor);
        // When it gets there: a car already standing in protection did not now.
        if (!stopped) emptyAt ??= t.time[k]!;
        stopped = true;
      }
      // A full pack takes no more: the BMS stops the charge and the array's
      // surplus is lost, so a slow sunny morning does not bank charge above 100 %.
      if (pct > 100) pct = 100; // endSocWithoutStop does the same
    }
    if (a !== "wait" && !inp.protectedNow) {
      const load = a === "drive" ? drive : inp.standstillW;
      shadowPct -= ((load - t.solarW[k]!) * hours) / whPerPctAt(inp, shadowPct);
      shadowPct = Math.min(100, shadowPct);
      shadowWh += (heldSunSigmaW(t, k) + (a === "drive" ? sigmaCurve : 0)) * hours;
      shadowForecast.add(t.forecastSigmaW[k]! * hours, t.time[k]!);
      if (a === "drive") shadowScatterWh2 += (inp.fit.rmsW * hours) ** 2;
      const shadowBand = halfBand95(inp, shadowWh, shadowForecast.variance(), shadowScatterWh2);
      if (shadowPct - shadowBand <= inp.stopPct) emptyEarliest ??= t.time[k]!;
      if (shadowPct + shadowBand <= inp.stopPct) emptyLatest ??= t.time[k]!;
    }
    if ((k + 1) % PLOT_EVERY === 0 || k === t.dt.length - 1) {
      const cycle = stopped || emptyAt !== null ? cycleWh2(inp) : 0;
      band = halfBand95(inp, systematicWh, forecastErr.variance(), scatterWh2 + cycle);
      time.push(t.time[k]!);
      soc.push(pct);
      socLow.push(Math.max(floor, pct - band));
      socHigh.push(Math.min(100, pct + band));
    }
  }
  return {
    speedKmh: speedMps * 3.6,
    endSocPct: pct,
    distanceKm: distanceM / 1000,
    emptyAt,
    // A car already at its minimum has no run-down ahead to band.
    emptyEarliest: emptyAt !== null ? Math.min(emptyEarliest ?? emptyAt, emptyAt) : emptyEarliest,
    emptyLatest: emptyAt !== null && emptyLatest !== null ? Math.max(emptyLatest, emptyAt) : null,
    soc: { time, values: soc },
    socLow,
    socHigh,
    endBandPts: band,
  };
}
