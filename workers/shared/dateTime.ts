// The one way the app writes a moment for people to read: the spec's en-US
// date order (MM/DD/YYYY) and 24-hour times, in the browser's time zone.
// It lives here, not in src/ui, because the render worker writes the plots'
// time-axis labels too (timeAxis.ts); the UI takes it from
// src/ui/format/dateTime.ts. Built from the Date's local parts rather than
// Intl: the axis labels a whole row of ticks every frame, and the parts are
// exact where locale data would differ between browsers (a narrow no-break
// space before "AM", a comma or none).

/** Shown for a time that is missing or not a finite number. */
export const NO_TIME = "—";

const two = (n: number): string => String(n).padStart(2, "0");

function localDate(epochSeconds: number | null | undefined): Date | null {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds))
    return null;
  const date = new Date(epochSeconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "HH:MM" of a Date, 24-hour, local. */
export const hoursMinutes = (date: Date): string =>
  `${two(date.getHours())}:${two(date.getMinutes())}`;

/** "HH:MM:SS" of a Date, 24-hour, local. */
export const clockOf = (date: Date): string => `${hoursMinutes(date)}:${two(date.getSeconds())}`;

/** "MM/DD" of a Date, local. */
export const monthDay = (date: Date): string =>
  `${two(date.getMonth() + 1)}/${two(date.getDate())}`;

/** 24-hour local time of epoch seconds: "07:20:02" ("07:20:02.250" with `withMs`). */
export function formatTime(epochSeconds: number | null | undefined, withMs = false): string {
  const date = localDate(epochSeconds);
  if (!date) return NO_TIME;
  const clock = clockOf(date);
  return withMs ? `${clock}.${String(date.getMilliseconds()).padStart(3, "0")}` : clock;
}

/** Local date of epoch seconds: "11/26/2026". */
export function formatDate(epochSeconds: number | null | undefined): string {
  const date = localDate(epochSeconds);
  return date ? `${monthDay(date)}/${date.getFullYear()}` : NO_TIME;
}

/** Local date and 24-hour time of epoch seconds: "11/26/2026, 07:28:29". */
export function formatDateTime(epochSeconds: number | null | undefined): string {
  const date = localDate(epochSeconds);
  return date ? `${monthDay(date)}/${date.getFullYear()}, ${clockOf(date)}` : NO_TIME;
}

// Clock times in a named time zone (the race-day schedule's "09:00", the
// demo clock's "13:00 at the track"), turned into instants with Intl alone
// (no time zone library), whatever zone the browser or test machine is in.

/** The demo track's time zone (Bowling Green, Kentucky: US Central). */
export const TRACK_TIME_ZONE = "America/Chicago";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the zone ("America/Chicago"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar date and time at epoch seconds `time` in `timeZone`. */
function localParts(time: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(time * 1000)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at epoch seconds `time`, seconds (Chicago in summer: −18000). */
function offsetAt(time: number, timeZone: string): number {
  const p = localParts(time, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
  return asUtc - Math.floor(time);
}

/** Parses "HH:MM" into minutes after midnight; null when it is not a time of day. */
export function parseLocalTime(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 24 && min < 60 && h * 60 + min <= 24 * 60 ? h * 60 + min : null;
}

/** Epoch seconds of local "HH:MM" (as minutes after midnight) on the local day that contains `time`. */
export function localTimeOnDayOf(time: number, minutes: number, timeZone: string): number {
  const p = localParts(time, timeZone);
  const guess = Date.UTC(p.year, p.month - 1, p.day, 0, minutes) / 1000;
  // The offset at the guess, then again at the result (a day that changes offset).
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** "15:40" in the zone ("15:40:07" with `withSeconds`). */
export function formatLocalTime(time: number, timeZone: string, withSeconds = false): string {
  const p = localParts(time, timeZone);
  const clock = `${two(p.hour)}:${two(p.minute)}`;
  return withSeconds ? `${clock}:${two(p.second)}` : clock;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at epoch seconds `time`: "CDT", "CST"; "GMT+2" where en-US has none. */
export function zoneAbbreviation(time: number, timeZone: string): string {
  let f = zoneNames.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    zoneNames.set(timeZone, f);
  }
  return f.formatToParts(new Date(time * 1000)).find((p) => p.type === "timeZoneName")?.value ?? "";
}

/**
 * "15:40 CDT": a time in a named zone (the race day's), with the zone's
 * name, so that nobody reads it as the browser's own clock; "—" when the
 * time is not a number.
 */
export function formatZonedTime(time: number, timeZone: string, withSeconds = false): string {
  if (!Number.isFinite(time)) return NO_TIME;
  const zone = zoneAbbreviation(time, timeZone);
  return `${formatLocalTime(time, timeZone, withSeconds)}${zone ? ` ${zone}` : ""}`;
}

/** Hours and minutes of a "HH:MM" (24 h, before midnight); null when it is not one. */
export function parseTimeOfDay(text: string): { hours: number; minutes: number } | null {
  const minutes = parseLocalTime(text);
  return minutes === null || minutes >= 24 * 60
    ? null
    : { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * The instant (epoch ms) when clocks in `timeZone` show `hours:minutes` on
 * the date they show at `nowMs` ("today" there, which may not be today here).
 */
export function timeTodayInZone(
  hours: number,
  minutes: number,
  nowMs: number,
  timeZone: string = TRACK_TIME_ZONE,
): number {
  return localTimeOnDayOf(nowMs / 1000, hours * 60 + minutes, timeZone) * 1000;
}
