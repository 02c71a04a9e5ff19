// Clock times at the demo track: "13:00 today at the track" as an instant,
// with the time zone's own rules (Intl, no library), whatever zone the
// browser or the test machine is in.

/** The demo track's time zone (Bowling Green, Kentucky: US Central). */
export const TRACK_TIME_ZONE = "America/Chicago";

const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Hours and minutes of a "HH:MM" (24 h) time of day; null when it is not one. */
export function parseTimeOfDay(text: string): { hours: number; minutes: number } | null {
  const match = HH_MM.exec(text.trim());
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : null;
}

/** Wall-clock parts of instant `ms` in `timeZone`, as if they were UTC (ms). */
function zonedPartsAsUtc(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
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
  const localNow = zonedPartsAsUtc(nowMs, timeZone);
  const day = new Date(localNow);
  const wanted = Date.UTC(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate(),
    hours,
    minutes,
  );
  // The zone's offset at the wanted time (twice: the first guess may sit across a DST change).
  let guess = wanted - (localNow - Math.floor(nowMs / 1000) * 1000);
  for (let i = 0; i < 2; i++) guess = wanted - (zonedPartsAsUtc(guess, timeZone) - guess);
  return guess;
}
