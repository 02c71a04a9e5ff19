import { describe, expect, it } from "vitest";
import {
  defaultLayout,
  MAX_PLOTS,
  parseStoredLayout,
  type PlotLayout,
  type RestoredLayout,
} from "../../src/state/plotLayout/plotLayout";
import { callInWorker } from "./fuzz/withTimeout";

const valid: PlotLayout = {
  version: 1,
  window: "10m",
  plots: [{ id: "a", fields: ["Battery.PackVoltage", "B3.BrakeSwitchDigital"] }],
};

describe("plot layout restore", () => {
  it("restores a valid stored layout as it was saved", () => {
    const { layout, warning } = parseStoredLayout(JSON.stringify(valid));
    expect(warning).toBeNull();
    expect(layout).toEqual(valid);
  });

  it("starts from the default layout without a warning when nothing is stored", () => {
    const { layout, warning } = parseStoredLayout(null);
    expect(warning).toBeNull();
    expect(layout).toEqual(defaultLayout());
  });

  it.each([
    ["not JSON", "{oops"],
    ["JSON null", "null"],
    ["a wrong version", JSON.stringify({ ...valid, version: 2 })],
    ["an unknown window", JSON.stringify({ ...valid, window: "5y" })],
    [
      "fields that are not strings",
      JSON.stringify({ ...valid, plots: [{ id: "a", fields: [1] }] }),
    ],
    ["a plot without id", JSON.stringify({ ...valid, plots: [{ fields: [] }] })],
    [
      "too many plots",
      JSON.stringify({
        ...valid,
        plots: Array.from({ length: MAX_PLOTS + 1 }, (_, i) => ({ id: `p${i}`, fields: [] })),
      }),
    ],
  ])("falls back to the default layout with a warning on %s", (_name, raw) => {
    const { layout, warning } = parseStoredLayout(raw);
    expect(layout).toEqual(defaultLayout());
    expect(warning).toMatch(/plot layout/);
  });

  it("makes repeated plot ids and repeated fields unique", () => {
    const raw = JSON.stringify({
      ...valid,
      plots: [
        { id: "a", fields: ["X.Y", "X.Y"] },
        { id: "a", fields: [] },
      ],
    });
    const { layout } = parseStoredLayout(raw);
    expect(new Set(layout.plots.map((p) => p.id)).size).toBe(2);
    expect(layout.plots[0]!.fields).toEqual(["X.Y"]);
  });

  it("has a default with speed, pack voltage and current, SOC, motor temperatures and MPPT array power", () => {
    const fields = defaultLayout().plots.flatMap((p) => p.fields);
    expect(fields).toEqual(
      expect.arrayContaining([
        "MotorDetails0.VehicleVelocity",
        "Battery.PackVoltage",
        "Battery.PackCurrent",
        "Battery.PackStateOfCharge",
        "MotorDetails0.MotorTemperature",
        "Derived.MpptArrayPower",
      ]),
    );
  });
});

describe("plot layout restore terminates", () => {
  // Issue 7, defect 1: ids a, a-2, a made the de-duplication loop forever and
  // froze every visit to the Plots tab (the layout stays in storage).
  it("restores ids a, a-2, a as three distinct ids (in a worker given 8 s)", async () => {
    const raw = JSON.stringify({
      ...valid,
      plots: [
        { id: "a", fields: [] },
        { id: "a-2", fields: [] },
        { id: "a", fields: [] },
      ],
    });
    const { layout } = await callInWorker<RestoredLayout>(
      new URL("../../src/state/plotLayout/plotLayout.ts", import.meta.url),
      "parseStoredLayout",
      [raw],
      8000,
    );
    const ids = layout.plots.map((p) => p.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids.slice(0, 2)).toEqual(["a", "a-2"]);
  });

  it("keeps renamed ids within the schema, so the saved layout restores again", () => {
    const long = "x".repeat(64);
    const raw = JSON.stringify({
      ...valid,
      plots: Array.from({ length: MAX_PLOTS }, () => ({ id: long, fields: [] })),
    });
    const first = parseStoredLayout(raw);
    expect(new Set(first.layout.plots.map((p) => p.id)).size).toBe(MAX_PLOTS);
    const again = parseStoredLayout(JSON.stringify(first.layout));
    expect(again.warning).toBeNull();
    expect(again.layout).toEqual(first.layout);
  });
});
