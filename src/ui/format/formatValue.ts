// Display text for one field value, converted to the chosen units (pure).
import type { AppUnits, FieldInfo, FieldValue } from "../../../workers/contract/fields";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { formatNumber, NO_VALUE, unitDigits } from "./formatNumber";

interface DisplayValue {
  text: string;
  unit: string;
}

/** `digits` fixes the decimals, except where the unit fixes them (coordinates: always 6). */
export function displayValue(
  value: FieldValue | undefined,
  field: Pick<FieldInfo, "unit">,
  units: AppUnits,
  digits?: number,
): DisplayValue {
  const unit = displayUnit(field.unit, units);
  if (value === undefined) return { text: NO_VALUE, unit };
  if (typeof value === "number")
    return {
      text: formatNumber(toDisplay(value, field.unit, units), unitDigits(field.unit) ?? digits),
      unit,
    };
  return { text: String(value), unit };
}

/** Whether a fault field currently reports a problem. */
export function faultActive(value: FieldValue | undefined): boolean {
  return value === true || (typeof value === "number" && value !== 0);
}
