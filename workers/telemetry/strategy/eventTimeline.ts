// The race's days as the plan sees them (issue 62): which days (the
// backend's raceInfo dates when they include today, else the settings'),
// and the rest of the event cut into minutes: today from now, then each
// later day's morning charging, driving (its planned stops standing), and
// evening charging; nights give and take nothing. The sun of a later day is
// the weather forecast's where one covers it, else a typical sky.
import type { StrategySettings } from "../../contract/strategy";
import { instantOf, isoDay, parseLocalTime, wallClockAt } from "../../shared/dateTime";
import { activityAt, type Horizon } from "./horizon";
import { Doing, type EventTimeline } from "./racePlan";

/** Today in minutes, as the day's forecast (its target is met to the minute); later days coarser. */
const STEP_S = 60;
const LATER_STEP_S = 300;

export interface RaceDays {
  /** Today and the days after it, "YYYY-MM-DD". */
  dates: string[];
  from: string;
}

/** Today's local date in the race's zone. */
export const todayOf = (now: number, zone: string): string => isoDay(wallClockAt(now, zone)!);

/**
 * The race's days from today on, or null when today is not a race day: the
 * server's dates rule when they include today (its seeded data carry 2025's).
 */
export function raceDaysFrom(
  now: number,
  settings: StrategySettings,
  serverDates: readonly string[],
): RaceDays | null {
  const today = todayOf(now, settings.timeZone);
  if (serverDates.includes(today))
    return {
      dates: [...new Set(serverDates)].filter((d) => d >= today).sort(),
      from: "the server's race dates (raceInfo)",
    };
  if (!settings.raceDays.includes(today)) return null;
  const aside =
    serverDates.length > 0
      ? ` (the server's race dates, ${serverDates[0]} to ${serverDates.at(-1)}, do not include today)`
      : "";
  return {
    dates: settings.raceDays.filter((d) => d >= today),
    from: `the race days in settings${aside}`,
  };
}

/** Epoch s of local "HH:MM" on local date "YYYY-MM-DD" in `zone`. */
function at(date: string, time: string, zone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const minutes = parseLocalTime(time) ?? 0;
  return instantOf(
    { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0 },
    zone,
  );
}

export interface EventSun {
  /** Today's sky (the forecast's blend), W. */
  today(t: number): number;
  /** A later day's: the weather forecast's, or NaN where none covers t. */
  forecast(t: number): number;
  /** A typical sky's, W. */
  typical(t: number): number;
}

export interface BuiltEvent {
  timeline: EventTimeline;
  /** Per day: the sun expected, Wh, and the share of it from a weather forecast. */
  sunWh: number[];
  forecastShare: number[];
}

/**
 * The rest of the event from `now`: today as `horizon` plans it (then its
 * evening charging, unless it is the last day), each later day from the
 * schedule. The last day ends when its driving does: the event is over.
 */
export function buildEvent(
  now: number,
  horizon: Horizon,
  days: readonly string[],
  settings: StrategySettings,
  sun: EventSun,
): BuiltEvent {
  const zone = settings.timeZone;
  const { schedule } = settings;
  const time: number[] = [];
  const dt: number[] = [];
  const doing: number[] = [];
  const dayOf: number[] = [];
  const sunW: number[] = [];
  const drivingS = days.map(() => 0);
  const lastDriveStep = days.map(() => -1);
  const sunWh = days.map(() => 0);
  const forecastWh = days.map(() => 0);
  const add = (d: number, from: number, to: number, what: (mid: number) => number) => {
    const step = d === 0 ? STEP_S : LATER_STEP_S;
    for (let t = from; t < to; t += step) {
      const end = Math.min(to, t + step);
      const mid = (t + end) / 2;
      const does = what(mid);
      if (does === Doing.Nothing) continue;
      let w: number;
      if (d === 0) w = sun.today(mid);
      else {
        const f = sun.forecast(mid);
        w = Number.isFinite(f) ? f : sun.typical(mid);
        if (Number.isFinite(f)) forecastWh[d]! += (f * (end - t)) / 3600;
      }
      if (does === Doing.Drive) {
        drivingS[d]! += end - t;
        lastDriveStep[d] = time.length;
      }
      sunWh[d]! += (w * (end - t)) / 3600;
      time.push(end);
      dt.push(end - t);
      doing.push(does);
      dayOf.push(d);
      sunW.push(w);
    }
  };
  const last = days.length - 1;
  const evening = (date: string) =>
    schedule.eveningCharge
      ? {
          from: at(date, schedule.eveningCharge.from, zone),
          to: at(date, schedule.eveningCharge.to, zone),
        }
      : null;
  const inside = (t: number, w: { from: number; to: number } | null) =>
    w !== null && t >= w.from && t < w.to;
  const todayEvening = last > 0 ? evening(days[0]!) : null;
  add(0, now, Math.max(horizon.endAt, todayEvening?.to ?? 0), (t) => {
    if (t < horizon.endAt) {
      const a = activityAt(horizon, t);
      return a === "drive" ? Doing.Drive : a === "stand" ? Doing.Stand : Doing.Nothing;
    }
    return inside(t, todayEvening) ? Doing.Stand : Doing.Nothing;
  });
  for (let d = 1; d <= last; d++) {
    const date = days[d]!;
    const start = at(date, schedule.start, zone);
    const end = at(date, schedule.end, zone);
    const morning = schedule.morningCharge
      ? {
          from: at(date, schedule.morningCharge.from, zone),
          to: at(date, schedule.morningCharge.to, zone),
        }
      : null;
    const eve = d < last ? evening(date) : null;
    const stops = schedule.stops.map((s) => {
      const from = at(date, s.at, zone);
      return { from, to: from + s.minutes * 60 };
    });
    add(d, Math.min(start, morning?.from ?? start), Math.max(end, eve?.to ?? end), (t) => {
      if (t >= start && t < end) return stops.some((s) => inside(t, s)) ? Doing.Stand : Doing.Drive;
      return inside(t, morning) || inside(t, eve) ? Doing.Stand : Doing.Nothing;
    });
  }
  return {
    timeline: {
      time: Float64Array.from(time),
      dt: Float64Array.from(dt),
      doing: Uint8Array.from(doing),
      day: Uint8Array.from(dayOf),
      sunW: Float64Array.from(sunW),
      drivingS,
      lastDriveStep,
    },
    sunWh,
    forecastShare: sunWh.map((wh, d) => (wh > 0 ? forecastWh[d]! / wh : 0)),
  };
}
