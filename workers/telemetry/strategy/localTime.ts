// Local times of day in a named time zone, turned into epoch seconds with
// Intl alone (no time zone library): the race-day schedule is "09:00" in
// the settings' zone, whatever zone the browser runs in.

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
export function localParts(time: number, timeZone: string) {
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

/** "15:40" in the zone. */
export function formatLocalTime(time: number, timeZone: string): string {
  const p = localParts(time, timeZone);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}
