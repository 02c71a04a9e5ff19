// Display text for one field value, converted to the chosen units (pure).
import type { AppUnits, FieldInfo, FieldValue } from "../../../workers/contract";
import { displayUnit, toDisplay } from "../../../workers/units";

/** Fewer decimals for larger numbers, so columns stay readable. */
export function formatNumber(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return "—";
  if (digits !== undefined) return value.toFixed(digits);
  if (Number.isInteger(value)) return String(value);
  const size = Math.abs(value);
  return value.toFixed(size >= 1000 ? 0 : size >= 100 ? 1 : size >= 1 ? 2 : 3);
}

export interface DisplayValue {
  text: string;
  unit: string;
}

export function displayValue(
  value: FieldValue | undefined,
  field: Pick<FieldInfo, "unit">,
  units: AppUnits,
  digits?: number,
): DisplayValue {
  const unit = displayUnit(field.unit, units);
  if (value === undefined) return { text: "—", unit };
  if (typeof value === "number")
    return { text: formatNumber(toDisplay(value, field.unit, units), digits), unit };
  return { text: String(value), unit };
}

/** Whether a fault field currently reports a problem. */
export function faultActive(value: FieldValue | undefined): boolean {
  return value === true || (typeof value === "number" && value !== 0);
}
