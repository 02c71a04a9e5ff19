// The solar array's eight strings as the packet carries them (4 MPPTs × 2
// channels), voltage then current of each: every stage that sums the
// array's power (V × I over the channels) reads this one list.
import type { FieldPath } from "../../contract/fields";

export const MPPT_ARRAY_FIELDS: readonly FieldPath[] = [0, 1, 2, 3].flatMap((unit) =>
  [0, 1].flatMap((ch) => [
    `MPPT.Mppt${unit}Ch${ch}ArrayVoltage`,
    `MPPT.Mppt${unit}Ch${ch}ArrayCurrent`,
  ]),
);

/**
 * The array's power, W: Σ V × I over the channels whose product is finite;
 * NaN when none is. `at` holds each channel's voltage index then its current
 * index into `row`, in MPPT_ARRAY_FIELDS' order.
 */
export function arrayPowerW(row: ArrayLike<number>, at: Int32Array): number {
  let sum = 0;
  let any = false;
  for (let k = 0; k < at.length; k += 2) {
    const p = row[at[k]!]! * row[at[k + 1]!]!;
    if (p - p === 0) {
      sum += p;
      any = true;
    }
  }
  return any ? sum : NaN;
}

/** The same sum as a math expression (the starter set's Derived.MpptArrayPower). */
export const ARRAY_POWER_EXPRESSION = MPPT_ARRAY_FIELDS.flatMap((path, k) =>
  k % 2 === 0 ? [`${path} * ${MPPT_ARRAY_FIELDS[k + 1]}`] : [],
).join(" + ");
