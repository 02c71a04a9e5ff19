// An alert's message filled in from its rule's template: the worker writes it
// in metric units for the log, the UI writes it again in the user's unit
// system. One function, so both say the same thing.
import type { AppUnits } from "../contract/fields";
import { displayUnit, toDisplay } from "./units";

interface AlertTextValues {
  /** The subject's label (labels table), never a wire name. */
  label: string;
  /** Metric unit of value and limit ("" for flags and counts). */
  unit: string;
  value: number;
  /** NaN when the condition has no limit. */
  limit: number;
  /** Names of the bits set (bit fields), else "". */
  bits: string;
}

/** A number as people read it: integers whole, others to 3 significant digits at most. */
function shown(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  return String(Number(value.toFixed(digits)));
}

/** Fills {label}, {value}, {unit}, {limit} and {bits}; other braces stay as written. */
export function alertText(template: string, values: AlertTextValues, units: AppUnits): string {
  const unit = displayUnit(values.unit, units);
  const value = shown(toDisplay(values.value, values.unit, units));
  const limit = Number.isNaN(values.limit)
    ? ""
    : shown(toDisplay(values.limit, values.unit, units));
  return template.replace(/\{(label|value|unit|limit|bits)\}/g, (_, key: string) => {
    if (key === "label") return values.label;
    if (key === "value") return value;
    if (key === "unit") return unit;
    if (key === "limit") return limit;
    return values.bits;
  });
}
