// raceInfo formatting shared by the lap panel and the status bar.

/** "m/s·h" for a velocity in m/s, "km" for km/h: the server integrates velocity over hours. */
export function raceDistanceUnit(velocityUnit: string | undefined): string {
  if (velocityUnit === "km/h") return "km";
  if (velocityUnit === "mph") return "mi";
  return `${velocityUnit ?? "velocity unit"}·h`;
}

const KM_PER_VELOCITY_HOUR: Record<string, number> = { "m/s": 3.6, "km/h": 1, mph: 1.609344 };
const KM_PER_MILE = 1.609344;

/**
 * A raceInfo distance (the velocity integrated over hours) in the current
 * units: km, or mi for imperial. A velocity unit we do not know stays as sent.
 */
export function raceDistance(
  value: number,
  velocityUnit: string | undefined,
  units: "metric" | "imperial",
): string {
  if (!Number.isFinite(value)) return "—";
  const toKm = velocityUnit === undefined ? undefined : KM_PER_VELOCITY_HOUR[velocityUnit];
  if (toKm === undefined) return `${value.toFixed(2)} ${raceDistanceUnit(velocityUnit)}`;
  const km = value * toKm;
  return units === "imperial" ? `${(km / KM_PER_MILE).toFixed(2)} mi` : `${km.toFixed(2)} km`;
}

/**
 * "Day 1 of 3" (`day` counts from 1). The server goes on counting after its
 * last race day, so a day past the last is "Race over".
 */
export function raceDayText(day: number, days: number): string {
  if (!Number.isFinite(day)) return "—";
  if (days > 0 && day > days) return `Race over (${days} ${days === 1 ? "day" : "days"})`;
  return days > 0 ? `Day ${day} of ${days}` : `Day ${day}`;
}

/** ms → "h:mm:ss" (negative or non-finite → "—"). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
