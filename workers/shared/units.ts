// Shared code, beside the contract: metric → imperial display conversion per
// display unit. The worker converts plot series with it and the UI converts
// the values it shows, so both sides use one table. Like everything in
// workers/shared/, it imports nothing but the contract's types.
// History and snapshots hold wire (metric) values; conversion is for display.
import type { AppUnits } from "../contract/fields";

interface Conversion {
  unit: string;
  scale: number;
  offset: number;
}

const MPS_TO_MPH = 3600 / 1609.344;
const KM_TO_MI = 1 / 1.609344;
const M_TO_FT = 1 / 0.3048;

const TO_IMPERIAL: Record<string, Conversion> = {
  "km/h": { unit: "mph", scale: KM_TO_MI, offset: 0 },
  "m/s": { unit: "mph", scale: MPS_TO_MPH, offset: 0 },
  km: { unit: "mi", scale: KM_TO_MI, offset: 0 },
  m: { unit: "ft", scale: M_TO_FT, offset: 0 },
  "°C": { unit: "°F", scale: 9 / 5, offset: 32 },
};

// Own properties only: a unit named "constructor" must not find Object's.
function conversion(metricUnit: string): Conversion | undefined {
  return Object.hasOwn(TO_IMPERIAL, metricUnit) ? TO_IMPERIAL[metricUnit] : undefined;
}

/** The unit shown for a metric unit under the chosen unit system. */
export function displayUnit(metricUnit: string, units: AppUnits): string {
  if (units === "metric") return metricUnit;
  return conversion(metricUnit)?.unit ?? metricUnit;
}

/** One value converted for display; unchanged for metric or unit-less values. */
export function toDisplay(value: number, metricUnit: string, units: AppUnits): number {
  if (units === "metric") return value;
  const c = conversion(metricUnit);
  return c ? value * c.scale + c.offset : value;
}

/** Converts a column in place (NaN gap markers stay NaN). */
export function convertColumnInPlace(
  column: Float64Array,
  metricUnit: string,
  units: AppUnits,
): void {
  if (units === "metric") return;
  const c = conversion(metricUnit);
  if (!c) return;
  for (let i = 0; i < column.length; i++) column[i] = (column[i] as number) * c.scale + c.offset;
}

/** The linear map from a metric value to its display unit; null when shown as is. */
export function displayConversion(metricUnit: string, units: AppUnits): Conversion | null {
  return units === "imperial" ? (conversion(metricUnit) ?? null) : null;
}

/**
 * How to read back a value written in `shownUnit` for a field whose metric unit
 * is `metricUnit` (CSV import): identity, the inverse of the imperial
 * conversion, or null when the unit does not belong to this field.
 */
export function fromShownUnit(
  metricUnit: string,
  shownUnit: string,
): { scale: number; offset: number } | null {
  if (shownUnit === metricUnit) return { scale: 1, offset: 0 };
  const c = conversion(metricUnit);
  return c && c.unit === shownUnit ? { scale: c.scale, offset: c.offset } : null;
}
