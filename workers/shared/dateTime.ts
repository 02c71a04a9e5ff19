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
