// The `lapCoords` payload: `{ lat, long }` numbers, or an error object from
// the backend (`{ error, invalidFields? }`), which the spec says to ignore
// (no reason: it is the backend reporting, not bad data).
import type { LapCoords } from "../../contract/laps";

type LapCoordsCheck =
  | { ok: true; coords: LapCoords }
  | {
      ok: false;
      /** null: the backend's error object, ignored without counting. */ reason: string | null;
    };

export function checkLapCoords(raw: unknown): LapCoordsCheck {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { ok: false, reason: "lapCoords: expected an object with lat and long" };
  if (Object.hasOwn(raw, "error")) return { ok: false, reason: null };
  const record = raw as Record<string, unknown>;
  const lat = Object.hasOwn(raw, "lat") ? record.lat : undefined;
  const long = Object.hasOwn(raw, "long") ? record.long : undefined;
  if (typeof lat !== "number" || typeof long !== "number")
    return { ok: false, reason: "lapCoords: lat and long must be numbers" };
  if (!(Math.abs(lat) <= 90 && Math.abs(long) <= 180))
    return { ok: false, reason: "lapCoords: lat must be within ±90 and long within ±180" };
  return { ok: true, coords: { lat, long } };
}

/** The coordinates, or null for anything that is not a usable `{ lat, long }`. */
export function parseLapCoords(raw: unknown): LapCoords | null {
  const checked = checkLapCoords(raw);
  return checked.ok ? checked.coords : null;
}
