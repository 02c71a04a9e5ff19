import { describe, expect, it } from "vitest";
import {
  ARRAY_POWER_EXPRESSION,
  MPPT_ARRAY_FIELDS,
  arrayPowerW,
} from "../../workers/telemetry/schema/mpptArray";
import { STARTER_CHANNELS } from "../../workers/telemetry/math/starter";

const AT = Int32Array.from(MPPT_ARRAY_FIELDS, (_, k) => k);

describe("the array's power", () => {
  it("sums V × I over the channels that report both, and is NaN when none does", () => {
    const row = new Float64Array(MPPT_ARRAY_FIELDS.length);
    for (let k = 0; k < row.length; k += 2) [row[k], row[k + 1]] = [40, 2]; // 80 W a channel
    expect(arrayPowerW(row, AT)).toBe(640);
    row[5] = NaN; // one channel's current missing: the other seven still count
    expect(arrayPowerW(row, AT)).toBe(560);
    expect(arrayPowerW(new Float64Array(row.length).fill(NaN), AT)).toBeNaN();
  });

  it("is the starter set's Derived.MpptArrayPower over the same eight channels", () => {
    const channel = STARTER_CHANNELS.find((c) => c.name === "Derived.MpptArrayPower")!;
    expect(channel.expression).toBe(ARRAY_POWER_EXPRESSION);
    for (const path of MPPT_ARRAY_FIELDS) expect(channel.expression).toContain(path);
    expect(channel.expression.split(" + ")).toHaveLength(8);
  });
});
