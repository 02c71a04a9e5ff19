export type ConnectionType = "DEMO" | "NETWORK" | "RADIO";

export type AppUnits = "metric" | "imperial";

/** A dotted wire path into the packet, e.g. "Battery.PackVoltage" or "TimeStamp". */
export type FieldPath = string;

export type FieldValue = number | boolean | string;

export type FieldType = "number" | "boolean" | "string";

/** What the UI needs to list, label and plot a field. */
export interface FieldInfo {
  path: FieldPath;
  type: FieldType;
  /** Top-level group as in the packet ("Battery", "MPPT", "BatteryFaults", ...). */
  group: string;
  /** Human label, e.g. "Pack Voltage". */
  label: string;
  /** Metric display unit ("V", "A", "°C", "km/h", "%", "rpm", ""); booleans have "". */
  unit: string;
}
