// Favourites are "telemetry names" (spec): the six defaults are human names
// mapped to the packet field that carries them; any other favourite is stored
// as its dotted field path, which is its own mapping.
import type { FieldPath } from "../../workers/contract/fields";

export interface FavouriteField {
  path: FieldPath;
  /** Decimals shown on the Overview. */
  digits: number;
}

/**
 * The spec names these six; the mapping to fields is ours:
 * "Battery Cell Voltage" is the highest cell (the one that limits charging),
 * "Battery Average Voltage" the average cell voltage, and the motor values come
 * from the first motor controller (MotorDetails0).
 */
export const NAMED_FAVOURITES: Readonly<Record<string, FavouriteField>> = {
  "Motor Temp": { path: "MotorDetails0.MotorTemperature", digits: 1 },
  "Battery Cell Voltage": { path: "Battery.HighCellVoltage", digits: 3 },
  "Vehicle Velocity": { path: "MotorDetails0.VehicleVelocity", digits: 1 },
  "Pack Voltage": { path: "Battery.PackVoltage", digits: 1 },
  "Pack Current": { path: "Battery.PackCurrent", digits: 1 },
  "Battery Average Voltage": { path: "Battery.AverageCellVoltage", digits: 3 },
};

export const DEFAULT_FAVOURITES: readonly string[] = Object.keys(NAMED_FAVOURITES);

const FIELD_PATH = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$|^TimeStamp$/;

// Own properties only: `in` and plain indexing also see Object.prototype, which
// once let "toString", "constructor" and "__proto__" through as favourites.
function namedFavourite(name: string): FavouriteField | undefined {
  return Object.hasOwn(NAMED_FAVOURITES, name) ? NAMED_FAVOURITES[name] : undefined;
}

/** Whether a stored favourite name can be shown at all. */
export function isFavouriteName(name: string): boolean {
  return namedFavourite(name) !== undefined || FIELD_PATH.test(name);
}

/** The field behind a favourite name; paths map to themselves. */
export function favouriteField(name: string): FavouriteField {
  return namedFavourite(name) ?? { path: name, digits: 2 };
}
