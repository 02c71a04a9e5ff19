// The rest of the race day: when it ends (the backend's raceInfo time left
// when it sends one, else the schedule in settings, in the settings' zone),
// and what the car does until then: it drives, or stands in a planned stop
// (still charging from the sun), or waits for the start (charging only in
// the rules' morning window).
import type { StrategySettings } from "../../contract/strategy";
import {
  formatZonedTime,
  isTimeZone,
  localTimeOnDayOf,
  parseLocalTime,
} from "../../shared/dateTime";

export type Activity = "drive" | "stand" | "wait";

export interface Horizon {
  now: number;
  startAt: number;
  endAt: number;
  endSource: string;
  /** Planned stops still ahead or under way, [from, to) epoch s. */
  stops: { from: number; to: number; label: string }[];
  morningCharge: { from: number; to: number } | null;
  drivingLeftS: number;
}

type HorizonAnswer = { ok: true; horizon: Horizon } | { ok: false; reason: string };

/** What the car does at time t under this plan. */
export function activityAt(h: Horizon, t: number): Activity {
  if (t < h.startAt)
    return h.morningCharge && t >= h.morningCharge.from && t < h.morningCharge.to
      ? "stand"
      : "wait";
  for (const stop of h.stops) if (t >= stop.from && t < stop.to) return "stand";
  return "drive";
}

export function planHorizon(
  now: number,
  settings: StrategySettings,
  raceInfo: { timeLeftMs: number; atPacketTime: number } | null,
  /** The zone a reason writes its times in (the race day's unless given). */
  textZone: string = settings.timeZone,
): HorizonAnswer {
  const zone = settings.timeZone;
  if (!isTimeZone(zone))
    return { ok: false, reason: `Cannot forecast: unknown time zone "${zone}"` };
  const at = (text: string, what: string): number | string => {
    const minutes = parseLocalTime(text);
    return minutes === null
      ? `Cannot forecast: the schedule's ${what} "${text}" is not a time of day (HH:MM)`
      : localTimeOnDayOf(now, minutes, zone);
  };
  const start = at(settings.schedule.start, "start");
  if (typeof start === "string") return { ok: false, reason: start };
  let endAt: number;
  let endSource: string;
  const usable = raceInfo && Number.isFinite(raceInfo.timeLeftMs) && raceInfo.timeLeftMs >= 0;
  // The live raceInfo is today's: a replay of another day keeps to the schedule.
  const sameDay =
    usable && localTimeOnDayOf(raceInfo.atPacketTime, 0, zone) === localTimeOnDayOf(now, 0, zone);
  if (usable && sameDay) {
    endAt = raceInfo.atPacketTime + raceInfo.timeLeftMs / 1000;
    endSource = "from the server's raceInfo";
  } else {
    const end = at(settings.schedule.end, "end");
    if (typeof end === "string") return { ok: false, reason: end };
    endAt = end;
    endSource = usable
      ? "from the schedule in settings (the server's raceInfo is for another day)"
      : "from the schedule in settings";
  }
  if (now >= endAt)
    return {
      ok: false,
      reason: `Cannot forecast: the race day ended at ${formatZonedTime(endAt, textZone)} (${endSource})`,
    };
  const stops: Horizon["stops"] = [];
  for (const stop of settings.schedule.stops) {
    const from = at(stop.at, `stop "${stop.label}"`);
    if (typeof from === "string") return { ok: false, reason: from };
    const to = from + Math.max(0, stop.minutes) * 60;
    if (to > now && from < endAt) stops.push({ from, to: Math.min(to, endAt), label: stop.label });
  }
  let morningCharge: Horizon["morningCharge"] = null;
  const window = settings.schedule.morningCharge;
  if (window) {
    const from = at(window.from, "morning charging start");
    const to = at(window.to, "morning charging end");
    if (typeof from === "string") return { ok: false, reason: from };
    if (typeof to === "string") return { ok: false, reason: to };
    morningCharge = { from, to };
  }
  const startAt = Math.min(start, endAt);
  let drivingLeftS = endAt - Math.max(now, startAt);
  for (const stop of stops)
    drivingLeftS -= Math.max(0, Math.min(stop.to, endAt) - Math.max(stop.from, now, startAt));
  return {
    ok: true,
    horizon: {
      now,
      startAt,
      endAt,
      endSource,
      stops,
      morningCharge,
      drivingLeftS: Math.max(0, drivingLeftS),
    },
  };
}
