// The channels a new user starts with, to show what channels are for. The
// first three are the power fields the app has always shown, under the same
// names, labels and units, so exports keep their Derived.* columns and old
// files still import. Users may delete or change any of them.
//
// Sign: Battery.PackCurrent is positive while the pack discharges and negative
// while it charges (the demo car and the BMS agree: IsChargingSignalStatus is
// PackCurrent < 0), so Derived.PackPower is power out of the pack.
// MotorDetails0.VehicleVelocity is in m/s, hence the 3.6 for km and km/h.
import type { MathChannelDef } from "../../contract/math";
import { ARRAY_POWER_EXPRESSION } from "../schema/mpptArray";

export const STARTER_CHANNELS: MathChannelDef[] = [
  {
    name: "Derived.MpptArrayPower",
    label: "MPPT Array Power (All Channels)",
    expression: ARRAY_POWER_EXPRESSION,
    unit: "W",
    description: "Solar power in: array volts × amps summed over all 8 MPPT channels.",
  },
  {
    name: "Derived.PackPower",
    label: "Pack Power",
    expression: "Battery.PackVoltage * Battery.PackCurrent",
    unit: "W",
    description:
      "Pack voltage × pack current: positive while the pack discharges, negative while it charges.",
  },
  {
    name: "Derived.MotorBusPower",
    label: "Motor Bus Power (Both Motors)",
    expression:
      "MotorDetails0.BusVoltage * MotorDetails0.BusCurrent + MotorDetails1.BusVoltage * MotorDetails1.BusCurrent",
    unit: "W",
    description: "Bus voltage × bus current of motor controllers 0 and 1, summed.",
  },
  {
    name: "NetPower",
    label: "Net Power",
    expression: "Derived.MpptArrayPower - Derived.PackPower",
    unit: "W",
    description:
      "Array power in minus pack power out (Pack Current is positive when the pack discharges, so pack power out is negative while it charges).",
  },
  {
    name: "PackEnergyOut",
    label: "Pack Energy Out",
    expression: "integ(Derived.PackPower)",
    unit: "Wh",
    description:
      "Energy drawn from the pack since the history began; charging (sun, regen) counts negative, so it falls then.",
  },
  {
    name: "Distance",
    label: "Distance",
    expression: "integ(MotorDetails0.VehicleVelocity) * 3.6",
    unit: "km",
    description: "Distance driven since the history began, from motor 0's vehicle velocity (m/s).",
  },
  {
    name: "WhPerKm",
    label: "Energy per km",
    expression: "Distance >= 0.1 ? PackEnergyOut / Distance : NaN",
    unit: "Wh/km",
    description:
      "Pack energy out per km driven since the history began; no value until 100 m have been driven.",
  },
  {
    name: "AvgSpeed1min",
    label: "Average Speed (1 min)",
    expression: "avg(MotorDetails0.VehicleVelocity, 60) * 3.6",
    unit: "km/h",
    description: "Mean of motor 0's vehicle velocity over the last 60 s of data, in km/h.",
  },
];
