// One simulated race day for bench:strategy: the demo car's simulator driven
// 09:00–17:00 at the track on an accelerated clock, its packets through the
// worker's own code (TelemetryStore with its pipeline, the strategy stage
// among its stages), forecasts asked as the Strategy tab asks them. The bench
// knows the run's weather and driving; the forecaster sees only the packets
// and the settings (the weather factor left at its default).
import type { StrategySettings } from "../workers/contract/strategy";
import {
  CarSimulator,
  PROTECT_SOC,
  RESUME_SOC,
} from "../workers/telemetry/sources/demo/CarSimulator";
import type { WeatherKind } from "../workers/telemetry/sources/demo/weather";
import { localTimeOnDayOf } from "../workers/shared/dateTime";
import {
  configureStrategy,
  forecastNow,
  strategyStage,
} from "../workers/telemetry/strategy/strategyStage";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../workers/telemetry/features";

export const ZONE = "America/Chicago";
/**
 * The team's settings: the pack as its data sheet gives it, its battery
 * protection as the BMS is set (the demo car's: it stops at 5 % and drives
 * again at 10 %), the day as the rules give it.
 */
export const BENCH_SETTINGS: StrategySettings = {
  capacity: { kind: "Ah", ah: 40, nominalV: 115 },
  targetSocPct: 10,
  stopSocPct: PROTECT_SOC * 100,
  resumeSocPct: RESUME_SOC * 100,
  weatherFactor: 1,
  timeZone: ZONE,
  schedule: { start: "09:00", end: "17:00", stops: [], morningCharge: null, eveningCharge: null },
};

export type Weather = WeatherKind;
export type Driving =
  | { kind: "steady"; kmh: number }
  | { kind: "stints"; kmh: number[]; minutes: number }
  /** Steady at kmh until 11:00, then the recommended speed, updated every 15 min. */
  | { kind: "closed loop"; kmh: number };

export interface DayRun {
  name: string;
  /** Local date at the track, "2026-06-16". */
  date: string;
  seed: number;
  weather: Weather;
  driving: Driving;
}

interface HourCheck {
  hoursBefore: number;
  forecastPct: number | null;
  /** The array energy the forecast expects from now to the end of the day, Wh. */
  expectedSolarWh?: number;
  /** What the array then gave, Wh (known after the day). */
  actualSolarWh?: number;
  /** The same forecast told the rest of the day's sun through the weather factor (see runDay's `knownSun`). */
  knownSunPct?: number | null;
  naivePct: number | null;
  /** The forecast's band at the end of the day. */
  lowPct?: number;
  highPct?: number;
  reason?: string;
}

export interface DayResult {
  run: DayRun;
  endSocPct: number;
  startSocPct: number;
  distanceKm: number;
  hours: HourCheck[];
  /** Closed loop: the speeds commanded (km/h) and the end against the target. */
  commanded: number[];
  forecastMs: number[];
  records: number;
}

const HZ = 2;

/**
 * `knownSun`: the weather factor to set at each hourly check (by hours before
 * the end), as a team with a perfect weather forecast would set it: what the
 * array gave from then on over what the forecast expected (from a first run
 * of the same day). The forecast so told is recorded as `knownSunPct`; the
 * factor goes back to 1 at once, so the run drives as without it.
 */
export function runDay(run: DayRun, knownSun?: ReadonlyMap<number, number>): DayResult {
  const noon = Date.parse(`${run.date}T12:00:00Z`) / 1000;
  const start = localTimeOnDayOf(noon, 9 * 60, ZONE);
  const end = localTimeOnDayOf(noon, 17 * 60, ZONE);
  const firstKmh = run.driving.kind === "stints" ? run.driving.kmh[0]! : run.driving.kmh;
  const sim = new CarSimulator({
    seed: run.seed,
    startTime: start,
    weather: run.weather,
    commandedKmh: firstKmh,
  });
  let records = 0;
  const store = new TelemetryStore({
    layout: LAYOUT,
    capacity: 8 * 3600 * HZ + 100,
    onStageEvent: (e) => void (e.kind === "strategy" && records++),
  });
  const state = store.pipeline.state(strategyStage)!;
  const context = {
    settings: BENCH_SETTINGS,
    raceInfo: null,
    emitRecords: true,
    simulated: true,
  };
  configureStrategy(state, context);
  // The array's energy so far (Wh), each second: what the sun gave after each check.
  const solarWhAtSecond: number[] = [0];
  let solarWh = 0;

  // The naive forecast's memory: the pack's energy out, sampled each minute.
  const packWhAtMinute: number[] = [];
  let packWh = 0;
  const hours: HourCheck[] = [];
  const commanded: number[] = [];
  const forecastMs: number[] = [];
  let startSocPct = NaN;
  let lastSoc = NaN;
  let distanceKm = 0;
  const steps = (end - start) * HZ;
  for (let i = 1; i <= steps; i++) {
    const packet = sim.next(1 / HZ);
    if (!store.ingest(packet, "DEMO")) throw new Error(`${run.name}: packet ${i} rejected`);
    const b = packet.Battery as {
      PackVoltage: number;
      PackCurrent: number;
      PackStateOfCharge: number;
    };
    packWh += (b.PackVoltage * b.PackCurrent) / HZ / 3600;
    lastSoc = b.PackStateOfCharge;
    if (Number.isNaN(startSocPct)) startSocPct = lastSoc;
    distanceKm += sim.state.speed / HZ / 1000;
    solarWh += sim.state.solarPower / HZ / 3600;
    if (i % HZ !== 0) continue;
    const elapsed = i / HZ;
    solarWhAtSecond.push(solarWh);
    if (elapsed % 60 === 0) packWhAtMinute.push(packWh);
    const now = start + elapsed;
    if (elapsed % 300 === 0 && now < end) {
      const t0 = performance.now();
      const answer = forecastNow(state, 50);
      forecastMs.push(performance.now() - t0);
      const left = end - now;
      if (left % 3600 === 0) {
        const check: HourCheck = { hoursBefore: left / 3600, forecastPct: null, naivePct: null };
        if (answer.ok) {
          const current = answer.forecast.current;
          check.forecastPct = current.endSocPct;
          check.expectedSolarWh = energyAfter(answer.forecast.solar.expected, now);
          const factor = knownSun?.get(left / 3600);
          if (factor !== undefined) {
            configureStrategy(state, {
              ...context,
              settings: { ...BENCH_SETTINGS, weatherFactor: factor },
            });
            const told = forecastNow(state, 50);
            check.knownSunPct = told.ok ? told.forecast.current.endSocPct : null;
            configureStrategy(state, context);
          }
          check.lowPct = current.socLow.at(-1);
          check.highPct = current.socHigh.at(-1);
          // Naive: the last 30 minutes' net pack power continues to the end.
          const minutes = packWhAtMinute.length;
          const netW = ((packWhAtMinute[minutes - 1]! - packWhAtMinute[minutes - 31]!) * 60) / 30;
          check.naivePct = Math.max(
            0,
            Math.min(100, lastSoc - (netW * (left / 3600)) / (answer.forecast.capacityWh / 100)),
          );
        } else check.reason = answer.reason;
        hours.push(check);
      }
      if (
        run.driving.kind === "closed loop" &&
        now >= start + 2 * 3600 &&
        (now - start) % 900 === 0
      ) {
        const speed = recommendedSpeed(answer, run.driving.kmh);
        commanded.push(speed);
        sim.setCommandedSpeed(speed);
      }
    }
    if (run.driving.kind === "stints") {
      const { kmh, minutes } = run.driving;
      if (elapsed % (minutes * 60) === 0)
        sim.setCommandedSpeed(kmh[Math.floor(elapsed / (minutes * 60)) % kmh.length]!);
    }
  }
  for (const check of hours) {
    const at = end - start - check.hoursBefore * 3600;
    check.actualSolarWh = solarWh - solarWhAtSecond[at]!;
  }
  return {
    run,
    endSocPct: lastSoc,
    startSocPct,
    distanceKm,
    hours,
    commanded,
    forecastMs,
    records,
  };
}

/** Energy under a power series (W) from `from` (epoch s) on, Wh (trapezoids). */
function energyAfter(series: { time: number[]; values: number[] }, from: number): number {
  let wh = 0;
  for (let k = 1; k < series.time.length; k++) {
    const t0 = Math.max(from, series.time[k - 1]!);
    const t1 = series.time[k]!;
    if (t1 <= t0) continue;
    wh += (((series.values[k - 1]! + series.values[k]!) / 2) * (t1 - t0)) / 3600;
  }
  return wh;
}

/** What a driver does with the answer: the recommended speed, or the slowest / fastest when none reaches the target. */
function recommendedSpeed(answer: ReturnType<typeof forecastNow>, fallback: number): number {
  if (!answer.ok) return fallback;
  // None reaches the target: the slowest (or the fastest) speed is the answer's speedKmh.
  return answer.forecast.recommended.speedKmh;
}
