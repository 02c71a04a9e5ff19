// The one way the app writes a moment for people to read: the spec's en-US
// date order (MM/DD/YYYY) and 24-hour times, in the zone the user reads
// times in (Settings → Display → "Show times in": the race's zone or this
// computer's). It lives here, not in src/ui, because the render worker
// writes the plots' time-axis labels (timeAxis.ts) and the telemetry worker
// some texts with times; the UI takes it from src/ui/format/dateTime.ts.
//
// Zones come from Intl alone (no zone tables here). A time is written from
// its calendar parts rather than with Intl's own words, which differ between
// browsers (a narrow no-break space before "AM", a comma or none). The
// parts in a named zone are UTC's shifted by the zone's offset, which is
// asked of Intl once per quarter hour and zone (offsetSecondsAt): the plots'
// axes label whole rows of ticks every frame.

/** Shown for a time that is missing or not a finite number. */
export const NO_TIME = "—";

/**
 * The zone times are written in: an IANA name ("America/Chicago"), or null
 * for this thread's own clock (the computer's: a worker or a test that was
 * told no zone).
 */
export type ShownZone = string | null;

// This thread's zone for the functions below whose zone is not given. The
// page sets it from the user's setting (src/state/shownTime.ts); the workers
// are given a zone with each request instead, as windows may differ.
let shown: ShownZone = null;

/** From now on this thread writes times in `zone` (null: its own clock); an unknown name is null. */
export function showTimesIn(zone: ShownZone): void {
  shown = zone !== null && isTimeZone(zone) ? zone : null;
}

/** The zone this thread writes times in (null: its own clock). */
export function shownTimeZone(): ShownZone {
  return shown;
}

/** This thread's own zone by name ("America/Edmonton"); "UTC" where Intl has none. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

const two = (n: number): string => String(n).padStart(2, "0");

/** A moment's calendar date and clock in a zone (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

/** The date and clock at epoch seconds `time` in `zone`; null when the time is missing or bad. */
export function wallClockAt(
  time: number | null | undefined,
  zone: ShownZone = shown,
): WallClock | null {
  if (time === null || time === undefined || !Number.isFinite(time)) return null;
  const epochMs = time * 1000;
  if (Number.isNaN(new Date(epochMs).getTime())) return null;
  if (zone === null) {
    const d = new Date(epochMs);
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
      second: d.getSeconds(),
      ms: d.getMilliseconds(),
    };
  }
  const d = new Date(epochMs + offsetSecondsAt(time, zone) * 1000);
  if (Number.isNaN(d.getTime())) return null;
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

/** "HH:MM" of a wall clock. */
export const hoursMinutes = (c: WallClock): string => `${two(c.hour)}:${two(c.minute)}`;

/** "HH:MM:SS" of a wall clock. */
export const clockOf = (c: WallClock): string => `${hoursMinutes(c)}:${two(c.second)}`;

/** "MM/DD" of a wall clock. */
export const monthDay = (c: WallClock): string => `${two(c.month)}/${two(c.day)}`;

/** "YYYY-MM-DD" of a wall clock (what a date input holds). */
export const isoDay = (c: WallClock): string =>
  `${String(c.year).padStart(4, "0")}-${two(c.month)}-${two(c.day)}`;

/** 24-hour time of epoch seconds: "07:20:02" ("07:20:02.250" with `withMs`). */
export function formatTime(
  epochSeconds: number | null | undefined,
  withMs = false,
  zone: ShownZone = shown,
): string {
  const c = wallClockAt(epochSeconds, zone);
  if (!c) return NO_TIME;
  return withMs ? `${clockOf(c)}.${String(c.ms).padStart(3, "0")}` : clockOf(c);
}

/** Date of epoch seconds: "11/26/2026". */
export function formatDate(
  epochSeconds: number | null | undefined,
  zone: ShownZone = shown,
): string {
  const c = wallClockAt(epochSeconds, zone);
  return c ? `${monthDay(c)}/${c.year}` : NO_TIME;
}

/** Date and 24-hour time of epoch seconds: "11/26/2026, 07:28:29". */
export function formatDateTime(
  epochSeconds: number | null | undefined,
  zone: ShownZone = shown,
): string {
  const c = wallClockAt(epochSeconds, zone);
  return c ? `${monthDay(c)}/${c.year}, ${clockOf(c)}` : NO_TIME;
}

/**
 * A time that stands alone, with its zone named so that nobody reads it on
 * another clock: "14:00:09 CST" ("14:00 CST" without seconds); "—" when
 * the time is missing or bad.
 */
export function formatTimeNamed(
  epochSeconds: number | null | undefined,
  withSeconds = true,
  zone: ShownZone = shown,
): string {
  if (epochSeconds === null || epochSeconds === undefined) return NO_TIME;
  return formatZonedTime(epochSeconds, zone, withSeconds);
}

/** A date and time that stands alone, its zone named: "11/26/2026, 14:00:09 CST". */
export function formatDateTimeNamed(
  epochSeconds: number | null | undefined,
  zone: ShownZone = shown,
): string {
  const text = formatDateTime(epochSeconds, zone);
  if (text === NO_TIME) return text;
  const name = zoneAbbreviation(epochSeconds!, zone);
  return name ? `${text} ${name}` : text;
}

// Clock times in a named time zone (the race-day schedule's "09:00", the
// demo clock's "13:00 at the track"), turned into instants.

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

/** The local calendar date and time at epoch seconds `time` in `timeZone`, from Intl. */
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

/** The zone's offset from UTC at epoch seconds `time`, seconds (Chicago in summer: −18000), from Intl. */
function offsetAt(time: number, timeZone: string): number {
  const p = localParts(time, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
  return asUtc - Math.floor(time);
}

/** Offsets are asked of Intl once per this many seconds of time and zone. */
const OFFSET_SPAN_S = 900;
/** Spans remembered per zone before the memory starts again (a few days of quarter hours). */
const OFFSETS_KEPT = 1000;
const offsets = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at epoch seconds `time`, seconds; this thread's
 * own for a zone Intl does not know. Remembered per quarter hour when its two ends agree:
 * zones change offset on a quarter hour at the finest and never twice in
 * one, so a quarter hour whose ends agree has one offset throughout.
 */
export function offsetSecondsAt(time: number, zone: string): number {
  const span = Math.floor(time / OFFSET_SPAN_S);
  let known = offsets.get(zone);
  const cached = known?.get(span);
  if (cached !== undefined) return cached;
  let start: number;
  let end: number;
  try {
    start = offsetAt(span * OFFSET_SPAN_S, zone);
    end = offsetAt((span + 1) * OFFSET_SPAN_S - 1, zone);
  } catch {
    // Not a zone (a window checks it before it asks): this thread's own clock.
    return -new Date(time * 1000).getTimezoneOffset() * 60;
  }
  if (start !== end) return offsetAt(time, zone); // its offset changes in this quarter hour
  if (!known) offsets.set(zone, (known = new Map()));
  if (known.size >= OFFSETS_KEPT) known.clear();
  known.set(span, start);
  return start;
}

/** The offset from UTC at epoch seconds `time` in `zone` (null: this thread's clock), seconds. */
export function zoneOffsetSeconds(time: number, zone: ShownZone = shown): number {
  return zone === null
    ? -new Date(time * 1000).getTimezoneOffset() * 60
    : offsetSecondsAt(time, zone);
}

/**
 * The epoch seconds when clocks in `zone` (null: this thread's) read the
 * wall clock `c` (its `ms` ignored).
 */
export function instantOf(c: Omit<WallClock, "ms">, zone: ShownZone = shown): number {
  if (zone === null)
    return new Date(c.year, c.month - 1, c.day, c.hour, c.minute, c.second).getTime() / 1000;
  const guess = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) / 1000;
  // The offset at the guess, then again at the result (a day that changes offset).
  const first = guess - offsetSecondsAt(guess, zone);
  return guess - offsetSecondsAt(first, zone);
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

/** "15:40" in the zone ("15:40:07" with `withSeconds`); "—" when the time is bad. */
export function formatLocalTime(time: number, timeZone: ShownZone, withSeconds = false): string {
  const c = wallClockAt(time, timeZone);
  if (!c) return NO_TIME;
  return withSeconds ? clockOf(c) : hoursMinutes(c);
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at epoch seconds `time`, from Intl ("" for a zone it does not know). */
function nameAt(time: number, zone: string): string {
  let f = zoneNames.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    } catch {
      return ""; // not a zone
    }
    zoneNames.set(zone, f);
  }
  const date = new Date(time * 1000);
  if (Number.isNaN(date.getTime())) return "";
  return f.formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? "";
}

const names = new Map<string, Map<number, string>>();

/**
 * The zone's short name at epoch seconds `time`: "CDT", "CST"; "GMT+2"
 * where en-US has none; this thread's own zone's for null. Remembered per
 * quarter hour as the offsets are (a status bar names it ten times a second).
 */
export function zoneAbbreviation(time: number, timeZone: ShownZone = shown): string {
  const zone = timeZone ?? localTimeZone();
  if (!Number.isFinite(time)) return "";
  const span = Math.floor(time / OFFSET_SPAN_S);
  let known = names.get(zone);
  const cached = known?.get(span);
  if (cached !== undefined) return cached;
  const start = nameAt(span * OFFSET_SPAN_S, zone);
  if (start !== nameAt((span + 1) * OFFSET_SPAN_S - 1, zone)) return nameAt(time, zone);
  if (!known) names.set(zone, (known = new Map()));
  if (known.size >= OFFSETS_KEPT) known.clear();
  known.set(span, start);
  return start;
}

/**
 * "15:40 CDT": a time in a zone, with the zone's name, so that nobody reads
 * it on another clock; "—" when the time is not a number.
 */
export function formatZonedTime(time: number, timeZone: ShownZone, withSeconds = false): string {
  if (!Number.isFinite(time)) return NO_TIME;
  const clock = formatLocalTime(time, timeZone, withSeconds);
  if (clock === NO_TIME) return clock;
  const zone = zoneAbbreviation(time, timeZone);
  return `${clock}${zone ? ` ${zone}` : ""}`;
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
