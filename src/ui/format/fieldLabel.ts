// Series names: the catalog's labels are unique and name their motor or
// tracker already (workers/telemetry/schema/fieldLabels.ts), so they are shown as they are.
import type { FieldInfo } from "../../../workers/contract/fields";
import { formatNumber, NO_VALUE, unitDigits } from "./formatNumber";

export function fieldLabel(info: Pick<FieldInfo, "label">): string {
  return info.label;
}

/** Legend value: the shared number format with its unit, booleans as on/off. */
export function formatValue(
  value: number | null | undefined,
  unit: string,
  boolean: boolean,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  if (boolean) return value >= 0.5 ? "on" : "off";
  const text = formatNumber(value, unitDigits(unit));
  return unit ? `${text} ${unit}` : text;
}
