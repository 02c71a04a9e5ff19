// The packet fields the strategy reads, as indices into a stored row
// (NUMERIC_FIELDS order, which the stored row starts with). Conventions the
// forecast relies on: speed in m/s (MotorDetails0.VehicleVelocity, as the
// math starter set reads it), pack current positive when discharging, state
// of charge in %, array power as the sum of the 8 MPPT channels' V × I.
import type { FieldPath } from "../../contract/fields";
import { NUMERIC_FIELDS } from "../schema/fields";
import { MPPT_ARRAY_FIELDS } from "../schema/mpptArray";

export const STRATEGY_INPUTS: readonly FieldPath[] = [
  "TimeStamp",
  "Battery.PackStateOfCharge",
  "Battery.PackVoltage",
  "Battery.PackCurrent",
  "MotorDetails0.VehicleVelocity",
  "Telemetry.GpsLatitude",
  "Telemetry.GpsLongitude",
  ...MPPT_ARRAY_FIELDS,
];

function indexOf(path: FieldPath): number {
  const at = NUMERIC_FIELDS.indexOf(path);
  if (at < 0) throw new Error(`strategy: ${path} is not a numeric packet field`);
  return at;
}

export const F = {
  time: indexOf("TimeStamp"),
  soc: indexOf("Battery.PackStateOfCharge"),
  packV: indexOf("Battery.PackVoltage"),
  packI: indexOf("Battery.PackCurrent"),
  speed: indexOf("MotorDetails0.VehicleVelocity"),
  lat: indexOf("Telemetry.GpsLatitude"),
  long: indexOf("Telemetry.GpsLongitude"),
  /** Pairs: voltage then current of each MPPT channel. */
  array: Int32Array.from(MPPT_ARRAY_FIELDS, indexOf),
};
