// Every date and time the UI shows goes through here (plots' legend, map
// hover, laps, sessions, transport bar, diagnostics, exports' messages): the
// spec's en-US date order, 24-hour times, the browser's time zone. The
// formatting itself is shared with the render worker, which labels the plots'
// time axis (workers/shared/dateTime.ts); this adds what only the page needs.
export {
  NO_TIME,
  formatDate,
  formatDateTime,
  formatLocalTime,
  formatTime,
  formatZonedTime,
  zoneAbbreviation,
} from "../../../workers/shared/dateTime";

/** "+05:30", "-08:00", "+00:00": the local offset from UTC at `epochMs`. */
export function utcOffsetText(epochMs: number): string {
  const minutes = -new Date(epochMs).getTimezoneOffset();
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The time zone every time is shown in, named for Settings:
 * "Europe/Berlin (UTC+01:00)". The IANA name comes from the browser; the
 * offset is the one in force at `epochMs` (summer time changes it).
 */
export function timeZoneText(epochMs: number = Date.now()): string {
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = `UTC${utcOffsetText(epochMs)}`;
  return name ? `${name} (${offset})` : offset;
}
