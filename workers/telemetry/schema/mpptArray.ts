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
