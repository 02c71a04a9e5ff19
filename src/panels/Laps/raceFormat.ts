// raceInfo formatting shared by the lap panel and the status bar.

/** "m/s·h" for a velocity in m/s, "km" for km/h: the server integrates velocity over hours. */
export function raceDistanceUnit(velocityUnit: string | undefined): string {
  if (velocityUnit === "km/h") return "km";
  if (velocityUnit === "mph") return "mi";
  return `${velocityUnit ?? "velocity unit"}·h`;
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
