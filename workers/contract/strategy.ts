// The race strategy channel: the settings a strategy engineer gives (pack
// capacity, race-day schedule, target), the forecast of the state of charge
// over the rest of the day that the worker computes from the car's own
// telemetry (workers/telemetry/strategy/), what is recorded each minute with
// the session, and the part of the TelemetryApi that reads and sets them.
// The UI only shows and edits. Types only.
import type { SessionEvent } from "./events";

/** A local time of day "HH:MM" (24 h) in StrategySettings.timeZone. */
export type LocalTime = string;

/** A planned stop: the car stands still (and charges from the sun) for `minutes` from `at`. */
export interface PlannedStop {
  at: LocalTime;
  minutes: number;
  /** e.g. "Control stop". */
  label: string;
}

/** A span the rules allow the stationary car to charge from the sun (morning and evening). */
export interface ChargeWindow {
  from: LocalTime;
  to: LocalTime;
}

/** The race day as planned, in the settings' time zone. */
export interface RaceSchedule {
  /** Driving starts and ends (the race day). */
  start: LocalTime;
  end: LocalTime;
  stops: PlannedStop[];
  /** Rules' stationary charging before the start and after the end; null: none. */
  morningCharge: ChargeWindow | null;
  eveningCharge: ChargeWindow | null;
}

/** The pack's usable energy: Ah at a nominal voltage, or Wh. */
export type PackCapacity =
  { kind: "Ah"; ah: number; nominalV: number } | { kind: "Wh"; wh: number };

export interface StrategySettings {
  capacity: PackCapacity;
  /** The state of charge the recommended speed ends the day at, % (default 10). */
  targetSocPct: number;
  /**
   * The car's battery protection, as its BMS is set: at `stopSocPct` the pack
   * gives no more and the car stops; it stands, charging from the sun, until
   * the pack is back at `resumeSocPct`, then drives on, %. Both 0 (settings
   * saved before they were kept): the car drives until the pack is empty.
   */
  stopSocPct: number;
  resumeSocPct: number;
  /** The user's own weather forecast: multiplies the expected sun (1 = as fitted, 0.5 = half). */
  weatherFactor: number;
  /**
   * The array's rating: its power at 1,000 W/m² of sun on the array (a clear
   * noon), W, from its data sheet; null: not set (the forecaster then learns
   * the array from today's data).
   */
  arrayRatingW: number | null;
  /** IANA time zone the schedule is in, e.g. "America/Chicago" (the demo track's). */
  timeZone: string;
  schedule: RaceSchedule;
  /**
   * The race's days, local dates "YYYY-MM-DD" in `timeZone`, oldest first,
   * each run to `schedule`: the plan over the event uses them when the
   * backend's raceInfo dates do not include today. Empty: no race set here.
   */
  raceDays: string[];
}

/** Where one input of the forecast comes from, as the Strategy tab lists it. */
export interface StrategyInput {
  /** e.g. "Time left today". */
  label: string;
  /** Formatted value, e.g. "4 h 12 min". */
  value: string;
  /** e.g. "from the server's raceInfo", "from the schedule in settings", "fitted from the last 90 min". */
  source: string;
  /** A speed, km/h: the tab shows it in the user's unit (mph in imperial) instead of `value`. */
  speedKmh?: number;
}

/** Time (epoch s) against a value, for a plot. */
export interface TimeSeriesData {
  time: number[];
  values: number[];
}

/** One way to drive the rest of the day, and where it leaves the pack. */
export interface StrategyScenario {
  /** Constant driving speed, km/h. */
  speedKmh: number;
  /** State of charge at the end of the race day, %. */
  endSocPct: number;
  /** Distance covered from now to the end of the day, km. */
  distanceKm: number;
  /** When the pack reaches its minimum (stopSocPct) at this speed, and the car stops (epoch s); null: it does not today. */
  emptyAt: number | null;
  /**
   * The run-down time's ~95 % band: when the band's low edge reaches the
   * minimum (null: not today), and when its high edge does (null: it may last
   * the day). Both null when even the low edge lasts the day.
   */
  emptyEarliest: number | null;
  emptyLatest: number | null;
  /** The forecast state of charge from now to the end of the day, % (a point a few minutes apart). */
  soc: TimeSeriesData;
  /** The uncertainty band from the fit's residuals, % (same times as `soc`). */
  socLow: number[];
  socHigh: number[];
  /**
   * The ~95 % band's half-width at the day's end, points, before the pack's
   * minimum and full cut it (socLow/socHigh end at endSocPct ∓ this, within
   * them): a narrower band is this scaled, then cut.
   */
  endBandPts: number;
}

/**
 * The recommended constant speed (on a day to end at the stop level that no
 * speed lasts, the one that goes furthest with the stops to charge: its
 * `emptyAt` is then set), or why none ends the day at the target:
 * even the slowest speed (`speedKmh`) empties the pack ("empties", at
 * `emptyAt`) or ends the day below the target ("below"), or every speed up
 * to the fastest (`speedKmh`) reaches it ("any"); `endSocPct` is the day's
 * end at that speed. The tab words it in the user's units ("Even at 20 km/h
 * the pack empties at 15:40 CDT"), so the worker sends figures, not text.
 */
export type Recommendation =
  | ({ ok: true } & StrategyScenario)
  | {
      ok: false;
      why: "empties" | "below" | "any" | "not driven";
      speedKmh: number;
      endSocPct: number;
      emptyAt: number | null;
    };

/**
 * The power curve's forms: linear and cubic (rolling and air), linear only
 * (a car whose losses rise with speed: drivetrain, tyres), cubic only (air),
 * or a typical solar car's shape scaled to the car's power.
 */
export type PowerForm = "linear and cubic" | "linear" | "cubic" | "typical car's shape";

/** The car's power against speed, fitted from recent driving: P(v) = a + b·v + c·v³ (v in m/s, P in W). */
export interface PowerModel {
  a: number;
  b: number;
  c: number;
  /**
   * "fitted": all three terms from today's windows; "scaled prior": their
   * speeds were too alike for that, so a typical solar car's shape is scaled
   * to the measured power (its R² then says nothing: the power's scatter at
   * one speed is noise, not the curve).
   */
  kind: "fitted" | "scaled prior";
  /** The curve's form, chosen by its error on minutes held out of the fit. */
  form: PowerForm;
  /** Why that form, in words: each form's held-out error, or why none could be compared. */
  formWhy: string;
  /** The slowest and fastest window's mean speed, km/h. */
  speedRangeKmh: [number, number];
  /** Coefficient of determination and RMS residual of the fit, W. */
  r2: number;
  rmsW: number;
  /** Windows the fit used, and the auxiliary load it found (W at standstill). */
  windows: number;
  auxW: number;
  /** The windows: mean speed km/h and mean pack power W (measured), for the scatter plot. */
  points: { speedKmh: number[]; powerW: number[] };
  /** The fitted curve over the plotted speed range. */
  curve: { speedKmh: number[]; powerW: number[] };
}

/** The array's power: measured, and the course expected to the end of the day. */
export interface SolarModel {
  /** Array power now (MPPT), W. */
  nowW: number;
  /** Fitted ratio of the measured power to a clear sky's at the sun's elevation (clouds lower it). */
  clearSkyFactor: number;
  /** The factor the sky ahead relaxes to from now's (the day's so far and a typical sky's, by the share of the day seen). */
  skyAheadFactor: number;
  /** The settings' manual weather factor, as applied. */
  weatherFactor: number;
  /** Measured array power, W, per minute. */
  measured: TimeSeriesData;
  /** Expected array power from now to the end of the day (and the day so far, for comparison), W. */
  expected: TimeSeriesData;
  /**
   * The latest weather forecast as array power (its irradiance × the array
   * factor, today's bias removed), W, over the hours it covers from the day's
   * start to its end; null without a forecast known.
   */
  forecastW: TimeSeriesData | null;
  /** Which guide rules the sky ahead, from now to the day's end, in order (the tab says so). */
  sources: SkySource[];
}

/**
 * A span of the sky ahead and the guide that rules it: the sky the car sees
 * now ("recent"), the weather forecast, or a typical sky beyond it.
 */
export interface SkySource {
  /** Packet time, s. */
  from: number;
  to: number;
  kind: "recent" | "forecast" | "typical";
  /** In words, e.g. "Open-Meteo forecast (file today.json, issued 11:00 CDT)". */
  label: string;
}

/** One day of the race plan: how it is driven and where it leaves the pack. */
export interface RacePlanDay {
  /** Local date "YYYY-MM-DD" (settings' zone). */
  date: string;
  /** The plan's constant driving speed that day (today: for the rest of it), km/h. */
  speedKmh: number;
  /** State of charge at the end of its driving, %: the day's target. */
  targetSocPct: number;
  /** Distance that day (today: from now), km. */
  distanceKm: number;
  /** The array energy expected that day (today: from now), Wh, and what it comes from. */
  sunWh: number;
  sunFrom: "today's sky" | "weather forecast" | "typical sky" | "forecast and typical sky";
}

/**
 * The plan over the race's days (issue 62): each day's constant speed and
 * end-of-day target that together cover the most distance, with the pack
 * at its protection floor when the event ends and never below it before.
 */
export interface RacePlan {
  /** Packet time it was made at, epoch s. */
  at: number;
  /** Where the race's days come from, in words ("the server's raceInfo dates"). */
  daysFrom: string;
  /** Today first; days already past are not in it. */
  days: RacePlanDay[];
  /** The last day's end, %, and the floor it plans to (battery protection's stop level). */
  endSocPct: number;
  floorPct: number;
  /** Distance over the days planned, km. */
  distanceKm: number;
  /** The state of charge over the rest of the event, %, a point every 15 minutes of day. */
  soc: TimeSeriesData;
  /** Why the plan cannot keep above the floor (even the slowest speed runs down), in words; null when it can. */
  problem: string | null;
  /** Why today's target moved by more than 5 points since the plan noted last, in words; null when it has not. */
  change: { at: number; fromPct: number; toPct: number; why: string } | null;
  /** ms the plan took. */
  ms: number;
}

/** A forecast of the rest of the day, made at packet time `at`. */
export interface StrategyForecast {
  at: number;
  /** The race day's time zone (settings): the Strategy tab shows its times there, named. */
  timeZone: string;
  /** The history is the demo car's: shown marked as simulated. */
  simulated: boolean;
  socNowPct: number;
  /** Cross-check: the state of charge from the integrated pack current since the day's first packet; null when unknown. */
  socIntegratedPct: number | null;
  /**
   * When the pack current and the state of charge imply a capacity far from
   * the setting (after 5 points or more of charge moved): what to check, in
   * words; null when they agree or it is too early to say.
   */
  capacityWarning: string | null;
  capacityWh: number;
  /** End of the race day (epoch s) and time of driving left, s (planned stops taken out). */
  endAt: number;
  drivingLeftS: number;
  targetSocPct: number;
  /** The battery protection the forecast stops the car at and drives again from, % (settings). */
  stopSocPct: number;
  resumeSocPct: number;
  /** The state of charge so far today, %, per minute. */
  history: TimeSeriesData;
  /**
   * The car has not driven today: it is forecast as standing (charging from
   * the sun) until it moves, and no speed is recommended (its power is not
   * known yet). The power model is then empty.
   */
  notDrivenYet: boolean;
  /**
   * Set when the sky changed in the last hour more than the forecast's band
   * allowed: the figures are uncertain, in words why; null otherwise.
   */
  uncertain: string | null;
  power: PowerModel;
  solar: SolarModel;
  /** (a) at the current average speed, (b) at the slider's speed (null when none asked), (c) the recommendation. */
  current: StrategyScenario;
  slider: StrategyScenario | null;
  recommended: Recommendation;
  /**
   * The plan over the race's days when today is one of them (its today's
   * target is `targetSocPct`); null otherwise. A replay shows the plan
   * recorded at its clock when there is one (`planRecorded`).
   */
  plan: RacePlan | null;
  planRecorded?: boolean;
  inputs: StrategyInput[];
}

/** A forecast, or why there is none ("Cannot forecast: no state of charge yet"), never a wrong number. */
export type StrategyAnswer =
  | { ok: true; forecast: StrategyForecast }
  | { ok: false; reason: string; simulated: boolean; inputs: StrategyInput[] };

/**
 * What is recorded with the session each minute (session event kind
 * "strategy"): the forecast in brief, so a replay shows how it evolved and
 * after the day it can be held against what happened.
 */
export interface StrategyRecord {
  /** When it was made, packet time (epoch s). */
  at: number;
  socNowPct: number;
  /** End-of-day state of charge at the current average speed, %. */
  endSocPct: number;
  currentSpeedKmh: number;
  /** null when no constant speed reaches the target. */
  recommendedKmh: number | null;
  /** Distance left today at the recommended speed (else the current), km. */
  distanceLeftKm: number;
  endAt: number;
  /** When the pack empties at the current pace (the car stops); null when it lasts the day. Absent in sessions recorded before it was kept. */
  emptyAt?: number | null;
  /** Where battery protection stops the car, % (settings); absent in sessions recorded before it was kept. */
  stopSocPct?: number;
  /** The race day's time zone the forecast was made in; absent in older sessions. */
  timeZone?: string;
  /** The race plan in force then (issue 62); absent when there was none. */
  plan?: RacePlanRecord;
  simulated: boolean;
}

/** A race plan as recorded each minute: enough to show it again in a replay. */
export interface RacePlanRecord {
  daysFrom: string;
  days: RacePlanDay[];
  endSocPct: number;
  floorPct: number;
  problem: string | null;
  change: RacePlan["change"];
}

/** One forecast of a finished day held against how it ended. */
export interface ReviewedForecast {
  /** Whole hours before the end of the day it was made (1, 2, …). */
  hoursBefore: number;
  /** When it was made, packet time (epoch s). */
  at: number;
  /** The end-of-day state of charge it forecast at the current pace, %. */
  forecastPct: number;
  /** Forecast − what happened, state-of-charge points. */
  errorPts: number;
}

/**
 * A finished day's recorded forecasts held against what happened: the
 * forecast made nearest each whole hour before the end, against the state of
 * charge at the end (the last minute recorded before it).
 */
export interface StrategyReview {
  endAt: number;
  /** The state of charge at the end of the day, % (the last recorded minute's, at `endSeenAt`). */
  actualEndSocPct: number;
  endSeenAt: number;
  timeZone?: string;
  forecasts: ReviewedForecast[];
}

export interface StrategyEvent extends SessionEvent, StrategyRecord {
  readonly kind: "strategy";
}

/** Saving settings: done, or refused with the reason (nothing changed). */
export type StrategySettingsResult = { ok: true } | { ok: false; message: string };

export interface StrategyApi {
  /**
   * The shown history's forecast now (live, or a replay at its clock), with
   * scenario (b) at `sliderKmh` when given. Its texts write times in
   * `timeZone` (IANA name: the zone the window shows times in), named; in
   * the race day's zone (settings) when absent or unknown.
   */
  strategy(sliderKmh: number | null, timeZone?: string): Promise<StrategyAnswer>;
  /** The forecasts recorded each minute for the shown history (live: today's; replay: the recorded ones). */
  strategyRecords(): Promise<StrategyRecord[]>;
  /** The shown history's last day held against what happened, once its records reach the end of the day; null before. */
  strategyReview(): Promise<StrategyReview | null>;
  strategySettings(): Promise<StrategySettings>;
  /** Settings from the form, or the JSON text this browser saved (read and checked in the worker). */
  setStrategySettings(settings: StrategySettings | string): Promise<StrategySettingsResult>;
}
