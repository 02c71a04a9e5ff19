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
  /** Human label, unique among fields, e.g. "Pack Voltage", "Motor 0 Temperature". */
  label: string;
  /** Metric display unit ("V", "A", "°C", "km/h", "%", "rpm", ""); booleans have "". */
  unit: string;
  /** One line saying what the field is (workers/telemetry/schema/fieldLabels.ts). */
  description?: string;
  /** A bit field's bit names by bit number; a value is shown as the names of its set bits. */
  bits?: readonly string[];
  /** A number that names a state, not a quantity (MBMS System State): drawn as a state timeline. */
  code?: boolean;
}
