// One simulated race day for bench:strategy: a simulated car driven
// 09:00–17:00 at the track on an accelerated clock, its packets through the
// worker's own code (TelemetryStore with its pipeline, the strategy stage
// among its stages), forecasts asked as the Strategy tab asks them. The bench
// knows the run's car, weather and driving; the forecaster sees only the
// packets and the team's settings (the weather factor left at its default).
import type { StrategyAnswer, StrategySettings } from "../workers/contract/strategy";
import { localTimeOnDayOf } from "../workers/shared/dateTime";
import { LAYOUT } from "../workers/telemetry/features";
import {
  CarSimulator,
  PROTECT_SOC,
  RESUME_SOC,
} from "../workers/telemetry/sources/demo/CarSimulator";
import { CARS, type CarKind } from "../workers/telemetry/sources/demo/cars";
import type { WeatherKind } from "../workers/telemetry/sources/demo/weather";
import { forecastNaiveWh, skyFeedOf } from "./strategySky";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import type { StrategyContext } from "../workers/telemetry/strategy/strategyStage";
import { THIS_FORECASTER, type Forecaster } from "./strategyForecaster";

export const ZONE = "America/Chicago";

/**
 * The team's settings for each car: its pack as the data sheet gives it
 * (32 cells in series at 3.6 V nominal; 12 or 24 cells of 3.35 Ah in
 * parallel), its array's rating as its data sheet gives it (the simulated
 * array's power at 1,000 W/m²), its battery protection as the BMS is set
 * (the demo cars': it stops at 5 % and drives again at 10 %), the day as the
 * rules give it. Not which car it is, nor its power curve: the forecaster
 * learns those.
 */
export function teamSettings(car: CarKind): StrategySettings {
  return {
    capacity: { kind: "Ah", ah: car === "light" ? 40 : 80, nominalV: 115 },
    targetSocPct: 10,
    stopSocPct: PROTECT_SOC * 100,
    resumeSocPct: RESUME_SOC * 100,
    weatherFactor: 1,
    arrayRatingW: CARS[car].arrayPeakW,
    timeZone: ZONE,
    schedule: { start: "09:00", end: "17:00", stops: [], morningCharge: null, eveningCharge: null },
    raceDays: [],
  };
}

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
  car: CarKind;
  driving: Driving;
}

/** A forecast's end of the day and when it says the pack reaches its minimum (epoch s; null: not today). */
export interface Said {
  endPct: number;
  emptyAt: number | null;
}

export interface HourCheck {
  hoursBefore: number;
  /** Epoch seconds of the check. */
  at: number;
  /** The forecast at the current average speed; null: it could not forecast (`reason`). */
  forecast: Said | null;
  /** The same forecast told the rest of the day's sun (see runDay). */
  told?: Said | null;
  /** The compared forecaster's, on the same packets (`--compare`). */
  other?: Said | null;
  /** Told the weather forecasts available by then (strategySky.ts), with its band's ends. */
  sky?: (Said & { lowPct: number; highPct: number; bandPts: number }) | null;
  /** The forecast-naive baseline: the latest forecast's p50 × the last hour's array factor, no blend. */
  forecastNaive?: Said | null;
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
  /** Epoch seconds of the day's end (17:00). */
  end: number;
  /** When the pack reached its protection minimum and the car stopped (epoch s), each time it did. */
  downAt: number[];
  hours: HourCheck[];
  /** Closed loop: the speeds commanded (km/h) and the end against the target. */
  commanded: number[];
  forecastMs: number[];
  /** Each forecast told the weather forecasts, ms (one forecast update). */
  skyMs: number[];
  /** The day's forecast files the app refused (strategySky.ts), why each. */
  skyRefused: string[];
  records: number;
}

const HZ = 2;

/** What a run's day looks like on the clock: its start and end, epoch seconds. */
function dayOf(run: DayRun): { start: number; end: number } {
  const noon = Date.parse(`${run.date}T12:00:00Z`) / 1000;
  return {
    start: localTimeOnDayOf(noon, 9 * 60, ZONE),
    end: localTimeOnDayOf(noon, 17 * 60, ZONE),
  };
}

function simulatorOf(run: DayRun, start: number): CarSimulator {
  const d = run.driving;
  return new CarSimulator({
    seed: run.seed,
    startTime: start,
    weather: run.weather,
    car: run.car,
    commandedKmh: d.kind === "stints" ? d.kmh[0]! : d.kmh,
  });
}

/** The driver's next stint, `elapsed` seconds into the day. */
function drive(sim: CarSimulator, driving: Driving, elapsed: number): void {
  if (driving.kind !== "stints") return;
  const { kmh, minutes } = driving;
  if (elapsed % (minutes * 60) === 0)
    sim.setCommandedSpeed(kmh[Math.floor(elapsed / (minutes * 60)) % kmh.length]!);
}

/**
 * The array's energy so far (Wh) at each whole second of an open-loop day,
 * from the simulator alone: the same packets as the day's run (same seed,
 * steps and speeds), so "the rest of the day's sun" is known at each check.
 */
function solarSoFar(run: DayRun): Float64Array {
  const { start, end } = dayOf(run);
  const sim = simulatorOf(run, start);
  const steps = (end - start) * HZ;
  const wh = new Float64Array(end - start + 1);
  let sum = 0;
  for (let i = 1; i <= steps; i++) {
    sim.next(1 / HZ);
    sum += sim.state.solarPower / HZ / 3600;
    if (i % HZ === 0) wh[i / HZ] = sum;
    drive(sim, run.driving, i / HZ);
  }
  return wh;
}

const saidBy = (answer: StrategyAnswer): Said | null =>
  answer.ok
    ? { endPct: answer.forecast.current.endSocPct, emptyAt: answer.forecast.current.emptyAt }
    : null;

/**
 * Runs one day. At each hourly check the forecast is also asked "told the
 * sun" (open-loop days): with the weather factor set to what the array then
 * gave to the end of the day over what the forecast expected, as a team with
 * a perfect weather forecast would set it; the factor goes back to 1 at once,
 * so the run drives as without it. `other`: a second forecaster fed the same
 * packets, asked at each check too.
 */
export function runDay(run: DayRun, other?: Forecaster): DayResult {
  const { start, end } = dayOf(run);
  const open = run.driving.kind !== "closed loop";
  const sunAhead = open ? solarSoFar(run) : null;
  const sky = open ? skyFeedOf(run, start, end, ZONE) : null;
  const sim = simulatorOf(run, start);
  let records = 0;
  const ours = THIS_FORECASTER;
  const store = new TelemetryStore({
    layout: LAYOUT,
    capacity: 8 * 3600 * HZ + 100,
    onStageEvent: (e) => void (e.kind === "strategy" && records++),
    stages: other ? [...LAYOUT.stages, other.stage] : LAYOUT.stages,
  });
  const state = store.pipeline.state(ours.stage)!;
  const settings = teamSettings(run.car);
  const context: StrategyContext = { settings, raceInfo: null, emitRecords: true, simulated: true };
  ours.configure(state, context);
  const otherState = other ? store.pipeline.state(other.stage)! : null;
  if (other) other.configure(otherState, { ...context, emitRecords: false });

  // The naive forecast's memory: the pack's energy out, sampled each minute.
  const packWhAtMinute: number[] = [];
  // The array's energy so far, each minute (the forecast-naive baseline's last hour).
  const arrayWhAtMinute: number[] = [0];
  let packWh = 0;
  const hours: HourCheck[] = [];
  const commanded: number[] = [];
  const forecastMs: number[] = [];
  const skyMs: number[] = [];
  const downAt: number[] = [];
  let startSocPct = NaN;
  let lastSoc = NaN;
  let distanceKm = 0;
  let solarWh = 0;
  let stopped = false;
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
    if (sim.state.protectionStop && !stopped) downAt.push(sim.state.time);
    stopped = sim.state.protectionStop;
    if (i % HZ !== 0) continue;
    const elapsed = i / HZ;
    if (elapsed % 60 === 0) {
      packWhAtMinute.push(packWh);
      arrayWhAtMinute.push(solarWh);
    }
    const now = start + elapsed;
    if (elapsed % 300 === 0 && now < end) {
      const t0 = performance.now();
      const answer = ours.forecast(state, 50);
      forecastMs.push(performance.now() - t0);
      const left = end - now;
      if (left % 3600 === 0) {
        const check: HourCheck = {
          hoursBefore: left / 3600,
          at: now,
          forecast: saidBy(answer),
          naivePct: null,
        };
        if (answer.ok) {
          const f = answer.forecast;
          check.lowPct = f.current.socLow.at(-1);
          check.highPct = f.current.socHigh.at(-1);
          const expected = energyBetween(f.solar.expected, now, end);
          if (sunAhead && expected > 0) {
            // Not capped at the settings' 2: a dim morning that clears may bring
            // three times the sun the forecast expected, and told is told.
            const factor = (sunAhead.at(-1)! - sunAhead[elapsed]!) / expected;
            ours.configure(state, { ...context, settings: { ...settings, weatherFactor: factor } });
            check.told = saidBy(ours.forecast(state, 50));
            ours.configure(state, context);
          }
          if (sky) {
            const known = sky.knownBy(now);
            ours.configure(state, { ...context, skyForecasts: () => known });
            const t1 = performance.now();
            const told = ours.forecast(state, 50);
            skyMs.push(performance.now() - t1);
            check.sky = told.ok
              ? {
                  ...saidBy(told)!,
                  lowPct: told.forecast.current.socLow.at(-1)!,
                  highPct: told.forecast.current.socHigh.at(-1)!,
                  bandPts: told.forecast.current.endBandPts,
                }
              : null;
            const minutes = arrayWhAtMinute.length;
            const lastHourWh = arrayWhAtMinute[minutes - 1]! - arrayWhAtMinute[minutes - 61]!;
            const naiveWh = forecastNaiveWh(known, lastHourWh, now, end);
            check.forecastNaive = null;
            if (Number.isFinite(naiveWh) && expected > 0) {
              const factor = naiveWh / expected;
              ours.configure(state, {
                ...context,
                settings: { ...settings, weatherFactor: factor },
              });
              check.forecastNaive = saidBy(ours.forecast(state, 50));
            }
            ours.configure(state, context);
          }
          // Naive: the last 30 minutes' net pack power continues to the end.
          const minutes = packWhAtMinute.length;
          const netW = ((packWhAtMinute[minutes - 1]! - packWhAtMinute[minutes - 31]!) * 60) / 30;
          check.naivePct = Math.max(
            0,
            Math.min(100, lastSoc - (netW * (left / 3600)) / (f.capacityWh / 100)),
          );
        } else check.reason = answer.reason;
        if (other) check.other = saidBy(other.forecast(otherState, 50));
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
    drive(sim, run.driving, elapsed);
  }
  // The sun known ahead was this day's own: the same packets, to the last watt.
  if (sunAhead && sunAhead.at(-1) !== solarWh)
    throw new Error(`${run.name}: the day ran differently from its sun's run`);
  return {
    run,
    endSocPct: lastSoc,
    startSocPct,
    distanceKm,
    end,
    downAt,
    hours,
    commanded,
    forecastMs,
    skyMs,
    skyRefused: sky?.refused ?? [],
    records,
  };
}

/** Energy under a power series (W) over [from, to] (epoch s), Wh: linear between its points. */
export function energyBetween(
  series: { time: number[]; values: number[] },
  from: number,
  to: number,
): number {
  const { time, values } = series;
  const at = (k: number, t: number) =>
    values[k - 1]! +
    ((values[k]! - values[k - 1]!) * (t - time[k - 1]!)) / (time[k]! - time[k - 1]!);
  let wh = 0;
  for (let k = 1; k < time.length; k++) {
    const t0 = Math.max(from, time[k - 1]!);
    const t1 = Math.min(to, time[k]!);
    if (t1 <= t0) continue;
    wh += (((at(k, t0) + at(k, t1)) / 2) * (t1 - t0)) / 3600;
  }
  // The series' points are 5 minutes apart from its first sample, so its
  // last may fall up to 5 minutes short of the day's end: held to the end,
  // not left out (left out, the told factor came out high by what was missed).
  const last = time.at(-1);
  if (last !== undefined && last < to) wh += (values.at(-1)! * (to - Math.max(from, last))) / 3600;
  return wh;
}

/** What a driver does with the answer: the recommended speed, or the slowest / fastest when none reaches the target. */
function recommendedSpeed(answer: StrategyAnswer, fallback: number): number {
  if (!answer.ok) return fallback;
  // None reaches the target: the slowest (or the fastest) speed is the answer's speedKmh.
  return answer.forecast.recommended.speedKmh;
}
