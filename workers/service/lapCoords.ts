// The `lapCoords` payload: `{ lat, long }` numbers, or an error object from
// the backend (`{ error, invalidFields? }`) which is ignored.
import type { LapCoords } from "../contract";

export function parseLapCoords(raw: unknown): LapCoords | null {
  if (typeof raw !== "object" || raw === null || "error" in raw) return null;
  const { lat, long } = raw as Record<string, unknown>;
  if (typeof lat !== "number" || typeof long !== "number") return null;
  if (!(Math.abs(lat) <= 90 && Math.abs(long) <= 180)) return null;
  return { lat, long };
}
