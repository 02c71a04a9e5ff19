// Every date and time the UI shows goes through here (status bar, alerts,
// plots' legend, map hover, laps, sessions, strategy, transport bar,
// diagnostics, exports' messages): the spec's en-US date order, 24-hour
// times, in the zone the user reads times in (Settings → Display → "Show
// times in", src/state/shownTime.ts, which tells the formatter). Where a
// time stands alone its zone is named ("14:00:09 CST"); in a table's cells
// it is not. The formatting itself is shared with the workers
// (workers/shared/dateTime.ts); this adds what only the page needs.
import {
  hoursMinutes,
  localTimeZone,
  monthDay,
  shownTimeZone,
  wallClockAt,
  zoneAbbreviation,
  zoneOffsetSeconds,
  type ShownZone,
} from "../../../workers/shared/dateTime";

export {
  NO_TIME,
  formatDate,
  formatDateTime,
  formatDateTimeNamed,
  formatLocalTime,
  formatTime,
  formatTimeNamed,
  formatZonedTime,
  localTimeOnDayOf,
  shownTimeZone,
  zoneAbbreviation,
} from "../../../workers/shared/dateTime";

/** "+05:30", "-08:00", "+00:00": the zone's offset from UTC at `epochMs`. */
export function utcOffsetText(epochMs: number, zone: ShownZone = shownTimeZone()): string {
  const minutes = Math.round(zoneOffsetSeconds(epochMs / 1000, zone) / 60);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * A zone named for Settings: "America/Chicago (UTC-06:00)", the offset in
 * force at `epochMs` (summer time changes it); the zone times are shown in
 * by default.
 */
export function timeZoneText(
  epochMs: number = Date.now(),
  zone: ShownZone = shownTimeZone(),
): string {
  const name = zone ?? localTimeZone();
  return `${name} (UTC${utcOffsetText(epochMs, zone)})`;
}

/**
 * A zone's short name now ("CST"; the zone times are shown in by default);
 * its IANA name where en-US has none shorter.
 */
export function zoneShortName(
  zone: ShownZone = shownTimeZone(),
  epochMs: number = Date.now(),
): string {
  return zoneAbbreviation(epochMs / 1000, zone) || (zone ?? localTimeZone());
}

/**
 * A time axis's tick labels: "14:00". On an axis over several days a tick
 * at midnight names its day instead ("12/07"), so that the days can be told
 * apart without a fractional day count.
 */
export function clockTickLabels(
  ticks: readonly number[],
  zone: ShownZone,
  overDays: boolean,
): string[] {
  return ticks.map((t) => {
    const c = wallClockAt(t, zone);
    if (!c) return "";
    return overDays && c.hour === 0 && c.minute === 0 ? monthDay(c) : hoursMinutes(c);
  });
}
