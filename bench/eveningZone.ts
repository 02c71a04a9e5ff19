// A clock where it is evening now, for the benchmarks that build a day
// ending now (?demoDay): read in a fixed-offset zone where it is about 21:00,
// "Today" holds the whole day whenever the bench runs.

/** The hour of the day it is now on the page's clock: the built day began after its midnight. */
export const LOCAL_HOUR_NOW = 21;

/** A fixed-offset zone (IANA "Etc/GMT∓h") where it is about LOCAL_HOUR_NOW now. */
export function eveningZone(now = new Date()): string {
  let offset = (LOCAL_HOUR_NOW - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24; // Etc zones run from UTC−12 to UTC+14
  // Etc names count the other way: UTC+9 is "Etc/GMT-9".
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
