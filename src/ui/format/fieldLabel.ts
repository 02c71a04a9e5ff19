// Short, unambiguous series names: "Vehicle Velocity" exists on both motors,
// so the packet group is prefixed unless the label already names it.
import type { FieldInfo } from "../../../workers/contract/fields";
import { formatNumber, NO_VALUE, unitDigits } from "./formatNumber";

export function fieldLabel(info: Pick<FieldInfo, "group" | "label">): string {
  if (info.group === "Packet" || info.label.toLowerCase().includes(info.group.toLowerCase())) {
    return info.label;
  }
  return `${info.group} ${info.label}`;
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
