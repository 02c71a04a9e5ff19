// Fields the packet does not carry but engineers plot all the time: electrical
// power, computed once per packet at ingest and stored like any other column.
// Their paths start with "Derived." so no one mistakes them for wire names.
import type { FieldInfo, FieldPath } from "../../contract/fields";
import { FIELD_CATALOG, NUMERIC_FIELDS, fieldInfo, fieldSlot, type FieldSlot } from "./fields";

function numericIndex(path: FieldPath): number {
  const index = NUMERIC_FIELDS.indexOf(path);
  if (index < 0) throw new Error(`derived field input ${path} is not a numeric field`);
  return index;
}

/** Sum of voltage × current over pairs of numeric fields. */
function powerOf(pairs: [FieldPath, FieldPath][]): (values: Float64Array) => number {
  const flat = Int32Array.from(pairs.flatMap(([v, i]) => [numericIndex(v), numericIndex(i)]));
  return (values) => {
    let watts = 0;
    for (let k = 0; k < flat.length; k += 2) {
      watts += (values[flat[k]!] as number) * (values[flat[k + 1]!] as number);
    }
    return watts;
  };
}

export interface DerivedField {
  info: FieldInfo;
  /** From the packet's numeric values, indexed as NUMERIC_FIELDS. */
  compute: (values: Float64Array) => number;
}

const derived = (path: string, label: string, compute: DerivedField["compute"]): DerivedField => ({
  info: { path: `Derived.${path}`, type: "number", group: "Derived", label, unit: "W" },
  compute,
});

const MPPT_CHANNELS = [0, 1, 2, 3].flatMap((unit) =>
  [0, 1].map((ch): [FieldPath, FieldPath] => [
    `MPPT.Mppt${unit}Ch${ch}ArrayVoltage`,
    `MPPT.Mppt${unit}Ch${ch}ArrayCurrent`,
  ]),
);

export const DERIVED_FIELDS: readonly DerivedField[] = [
  derived("MpptArrayPower", "MPPT Array Power (all channels)", powerOf(MPPT_CHANNELS)),
  derived("PackPower", "Pack Power", powerOf([["Battery.PackVoltage", "Battery.PackCurrent"]])),
  derived(
    "MotorBusPower",
    "Motor Bus Power (both motors)",
    powerOf([
      ["MotorDetails0.BusVoltage", "MotorDetails0.BusCurrent"],
      ["MotorDetails1.BusVoltage", "MotorDetails1.BusCurrent"],
    ]),
  ),
];

/** Numeric columns the store keeps: the packet's, then the derived ones. */
export const STORED_NUMERIC_FIELDS: readonly FieldPath[] = [
  ...NUMERIC_FIELDS,
  ...DERIVED_FIELDS.map((d) => d.info.path),
];

/** What the UI can show and plot: the 316 wire fields, then the derived ones. */
export const STORE_CATALOG: readonly FieldInfo[] = [
  ...FIELD_CATALOG,
  ...DERIVED_FIELDS.map((d) => d.info),
];

const DERIVED_SLOTS = new Map<FieldPath, FieldSlot>(
  DERIVED_FIELDS.map((d, i) => [d.info.path, { kind: "number", index: NUMERIC_FIELDS.length + i }]),
);
const DERIVED_INFO = new Map(DERIVED_FIELDS.map((d) => [d.info.path, d.info]));

/** Like fieldSlot, with derived fields after the packet's numeric columns. */
export function storedFieldSlot(path: FieldPath): FieldSlot | undefined {
  return fieldSlot(path) ?? DERIVED_SLOTS.get(path);
}

export function storedFieldInfo(path: FieldPath): FieldInfo | undefined {
  return fieldInfo(path) ?? DERIVED_INFO.get(path);
}
