// Shared code, beside the contract: the one table of display units. A field's
// unit is its wire unit ("m/s" for the motor's velocity); each unit system
// says how that unit is shown: metric shows speeds in km/h, imperial in mph,
// miles, feet and °F. The worker converts plot series with it and the UI
// converts the values it shows, so both sides use one table. Like everything
// in workers/shared/, it imports nothing but the contract's types.
// History and snapshots hold wire values; conversion is for display.
import type { AppUnits } from "../contract/fields";

interface Conversion {
  unit: string;
  scale: number;
  offset: number;
}

const MPS_TO_KMH = 3.6;
const MPS_TO_MPH = 3600 / 1609.344;
const KM_TO_MI = 1 / 1.609344;
const M_TO_FT = 1 / 0.3048;

/** Per unit system, wire unit → shown unit; a unit not listed is shown as it is. */
const SHOWN: Record<AppUnits, Record<string, Conversion>> = {
  // People read a car's speed in km/h, not m/s (issue 58).
  metric: {
    "m/s": { unit: "km/h", scale: MPS_TO_KMH, offset: 0 },
  },
  imperial: {
    "km/h": { unit: "mph", scale: KM_TO_MI, offset: 0 },
    "m/s": { unit: "mph", scale: MPS_TO_MPH, offset: 0 },
    km: { unit: "mi", scale: KM_TO_MI, offset: 0 },
    m: { unit: "ft", scale: M_TO_FT, offset: 0 },
    "°C": { unit: "°F", scale: 9 / 5, offset: 32 },
  },
};

// Own properties only: a unit named "constructor" must not find Object's.
function conversion(wireUnit: string, units: AppUnits): Conversion | undefined {
  const table = units === "imperial" ? SHOWN.imperial : SHOWN.metric;
  return Object.hasOwn(table, wireUnit) ? table[wireUnit] : undefined;
}

/** The unit shown for a field's wire unit under the chosen unit system. */
export function displayUnit(wireUnit: string, units: AppUnits): string {
  return conversion(wireUnit, units)?.unit ?? wireUnit;
}

/** One value converted for display; unchanged where the unit is shown as it is. */
export function toDisplay(value: number, wireUnit: string, units: AppUnits): number {
  const c = conversion(wireUnit, units);
  return c ? value * c.scale + c.offset : value;
}

/** Converts a column in place (NaN gap markers stay NaN). */
export function convertColumnInPlace(
  column: Float64Array,
  wireUnit: string,
  units: AppUnits,
): void {
  const c = conversion(wireUnit, units);
  if (!c) return;
  for (let i = 0; i < column.length; i++) column[i] = (column[i] as number) * c.scale + c.offset;
}

/** The linear map from a wire value to its display unit; null when shown as is. */
export function displayConversion(wireUnit: string, units: AppUnits): Conversion | null {
  return conversion(wireUnit, units) ?? null;
}

/**
 * How to read back a value written in `shownUnit` for a field whose wire unit
 * is `wireUnit` (CSV import, a level typed in a form): identity, the inverse
 * of either unit system's conversion, or null when the unit does not belong
 * to this field.
 */
export function fromShownUnit(
  wireUnit: string,
  shownUnit: string,
): { scale: number; offset: number } | null {
  if (shownUnit === wireUnit) return { scale: 1, offset: 0 };
  for (const units of ["metric", "imperial"] as const) {
    const c = conversion(wireUnit, units);
    if (c && c.unit === shownUnit) return { scale: c.scale, offset: c.offset };
  }
  return null;
}
