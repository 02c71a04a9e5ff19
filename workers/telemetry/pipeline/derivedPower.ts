// The first stage: fields the packet does not carry but engineers plot all the
// time, electrical power (volts × amps), stored like any other column. Their
// paths start with "Derived." so no one mistakes them for wire names. No
// state: each row's power comes from that row alone.
import type { FieldInfo, FieldPath } from "../../contract/fields";
import { NUMERIC_FIELDS } from "../schema/fields";
import type { Stage } from "./Stage";

function numericIndex(path: FieldPath): number {
  const index = NUMERIC_FIELDS.indexOf(path);
  if (index < 0) throw new Error(`derived field input ${path} is not a numeric field`);
  return index;
}

interface PowerField {
  info: FieldInfo;
  /** Voltage and current field pairs summed, as NUMERIC_FIELDS paths. */
  pairs: [FieldPath, FieldPath][];
}

const power = (path: string, label: string, pairs: PowerField["pairs"]): PowerField => ({
  info: { path: `Derived.${path}`, type: "number", group: "Derived", label, unit: "W" },
  pairs,
});

const MPPT_CHANNELS = [0, 1, 2, 3].flatMap((unit) =>
  [0, 1].map((ch): [FieldPath, FieldPath] => [
    `MPPT.Mppt${unit}Ch${ch}ArrayVoltage`,
    `MPPT.Mppt${unit}Ch${ch}ArrayCurrent`,
  ]),
);

const POWER_FIELDS: readonly PowerField[] = [
  power("MpptArrayPower", "MPPT Array Power (all channels)", MPPT_CHANNELS),
  power("PackPower", "Pack Power", [["Battery.PackVoltage", "Battery.PackCurrent"]]),
  power("MotorBusPower", "Motor Bus Power (both motors)", [
    ["MotorDetails0.BusVoltage", "MotorDetails0.BusCurrent"],
    ["MotorDetails1.BusVoltage", "MotorDetails1.BusCurrent"],
  ]),
];

// Flat tables, so the per-packet loop reads typed arrays only: output k sums
// the products of PAIR_FIELDS[2j] and [2j+1] for j in [PAIR_START[k], PAIR_START[k+1]).
const PAIR_FIELDS = Int32Array.from(
  POWER_FIELDS.flatMap((f) => f.pairs.flatMap(([v, i]) => [numericIndex(v), numericIndex(i)])),
);
const PAIR_START = new Int32Array(POWER_FIELDS.length + 1);
POWER_FIELDS.forEach((f, k) => (PAIR_START[k + 1] = PAIR_START[k]! + f.pairs.length));

export const derivedPowerStage: Stage<null> = {
  name: "derived power",
  columns: POWER_FIELDS.map((f) => f.info),
  inputs: POWER_FIELDS.flatMap((f) => f.pairs.flat()),
  createState: () => null,
  reset: () => {},
  step(_state, row, _bits, out) {
    for (let k = 0; k < POWER_FIELDS.length; k++) {
      const given = row[out + k]!;
      if (given - given === 0) continue; // finite: carried by the source, kept as given
      let watts = 0;
      for (let j = PAIR_START[k]!; j < PAIR_START[k + 1]!; j++)
        watts += row[PAIR_FIELDS[2 * j]!]! * row[PAIR_FIELDS[2 * j + 1]!]!;
      row[out + k] = watts;
    }
  },
};
