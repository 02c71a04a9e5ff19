// Short, unambiguous series names: "Vehicle Velocity" exists on both motors,
// so the packet group is prefixed unless the label already names it.
import type { FieldInfo } from "../../../workers/contract";

export function fieldLabel(info: Pick<FieldInfo, "group" | "label">): string {
  if (info.group === "Packet" || info.label.toLowerCase().includes(info.group.toLowerCase())) {
    return info.label;
  }
  return `${info.group} ${info.label}`;
}

/** Legend number: about four significant digits, booleans as on/off. */
export function formatValue(
  value: number | null | undefined,
  unit: string,
  boolean: boolean,
): string {
  if (value == null || value !== value) return "–";
  if (boolean) return value >= 0.5 ? "on" : "off";
  const abs = Math.abs(value);
  const decimals = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 10 ? 2 : 3;
  const text = value.toFixed(decimals);
  return unit ? `${text} ${unit}` : text;
}
