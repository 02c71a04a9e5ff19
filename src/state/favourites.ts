// Favourites are stored as field paths ("Battery.PackVoltage"); what a tile
// is called comes from the field label table. Earlier versions stored the
// spec's six default "telemetry names" ("Motor Temp", …) as words: those are
// read back as the fields they stood for, so saved favourites keep working.
import type { FieldPath } from "../../workers/contract/fields";

interface FavouriteField {
  path: FieldPath;
  /** Decimals shown on the Overview. */
  digits: number;
}

/**
 * The spec's six default favourites and the fields they mean (the mapping is
 * ours): "Battery Cell Voltage" is the highest cell (the one that limits
 * charging), "Battery Average Voltage" the average cell voltage, and the motor
 * values come from motor controller 0 (MotorDetails0).
 */
const SPEC_NAMES: Readonly<Record<string, FavouriteField>> = {
  "Motor Temp": { path: "MotorDetails0.MotorTemperature", digits: 1 },
  "Battery Cell Voltage": { path: "Battery.HighCellVoltage", digits: 3 },
  "Vehicle Velocity": { path: "MotorDetails0.VehicleVelocity", digits: 1 },
  "Pack Voltage": { path: "Battery.PackVoltage", digits: 1 },
  "Pack Current": { path: "Battery.PackCurrent", digits: 1 },
  "Battery Average Voltage": { path: "Battery.AverageCellVoltage", digits: 3 },
};

export const DEFAULT_FAVOURITES: readonly FieldPath[] = Object.values(SPEC_NAMES).map(
  (f) => f.path,
);

/** The names older versions stored for the six defaults. */
export const SPEC_FAVOURITE_NAMES: readonly string[] = Object.keys(SPEC_NAMES);

const DIGITS = new Map(Object.values(SPEC_NAMES).map((f) => [f.path, f.digits]));

// A packet field's dotted path, or a math channel's name, which may have no dot
// ("NetPower") and may start with _ (workers/contract/math.ts).
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

/** Built-in object names ("toString", "__proto__", "prototype"): no field, though they look like a channel's. */
const BUILT_IN_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype"]);

// Own properties only: `in` and plain indexing also see Object.prototype, which
// once let "toString", "constructor" and "__proto__" through as favourites.
function specName(name: string): FavouriteField | undefined {
  return Object.hasOwn(SPEC_NAMES, name) ? SPEC_NAMES[name] : undefined;
}

/** Whether a stored favourite can be read: a field path, or a name saved by an older version. */
export function isFavouriteName(name: string): boolean {
  if (BUILT_IN_NAMES.has(name)) return false;
  return specName(name) !== undefined || FIELD_PATH.test(name);
}

/** The field path a stored favourite stands for (an old spec name → its field). */
export function favouritePath(name: string): FieldPath {
  return specName(name)?.path ?? name;
}

/** The field behind a favourite, with the decimals its tile shows. */
export function favouriteField(name: string): FavouriteField {
  const path = favouritePath(name);
  return { path, digits: DIGITS.get(path) ?? 2 };
}

/** The list with `name` moved `by` places (clamped to the ends); unknown names change nothing. */
export function movedFavourites(list: readonly string[], name: string, by: number): string[] {
  const from = list.indexOf(name);
  const out = [...list];
  if (from < 0 || !Number.isInteger(by)) return out;
  const to = Math.min(out.length - 1, Math.max(0, from + by));
  out.splice(from, 1);
  out.splice(to, 0, name);
  return out;
}

/**
 * The race at a glance, above the favourites on the Overview (the labels
 * table names them): charge, power in and out, the cells' extremes, the
 * hottest thermistor, speed.
 */
export const GLANCE_FIELDS: readonly FavouriteField[] = [
  { path: "Battery.PackStateOfCharge", digits: 1 },
  { path: "Derived.MpptArrayPower", digits: 0 },
  { path: "Derived.MotorBusPower", digits: 0 },
  { path: "Battery.LowCellVoltage", digits: 3 },
  { path: "Battery.HighCellVoltage", digits: 3 },
  { path: "Battery.HighTemperature", digits: 1 },
  { path: "MotorDetails0.VehicleVelocity", digits: 1 },
];
