// The column layout is built from a list of features and handed down: a
// feature registered from tests only adds a stage with a column, and the
// history stores it, shows it under its own name and exports it, with no
// file outside tests/ changed for it.
import { describe, expect, it } from "vitest";
import { FEATURES, LAYOUT, layoutOf } from "../../workers/telemetry/features";
import type { Feature } from "../../workers/telemetry/pipeline/Feature";
import type { Stage } from "../../workers/telemetry/pipeline/Stage";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";

const doubledStage: Stage<null> = {
  name: "doubled",
  columns: [
    { path: "Test.DoubledVoltage", type: "number", label: "Doubled", unit: "V", group: "Test" },
  ],
  names: "own",
  inputs: ["Battery.PackVoltage"],
  createState: () => null,
  reset: () => {},
  step: (_s, row, _bits, out) => {
    row[out] = 2 * row[LAYOUT.storedFieldSlot("Battery.PackVoltage")!.index]!;
  },
};

const doubledFeature: Feature = {
  id: "doubled",
  stages: [doubledStage as Stage],
  panel: false,
  live: () => ({}),
};

describe("a column layout built from a registry", () => {
  it("lays a registered stage's column after the registry's, and names it", () => {
    const layout = layoutOf([...FEATURES, doubledFeature]);
    const at = layout.storedFieldSlot("Test.DoubledVoltage");
    expect(at).toEqual({ kind: "number", index: LAYOUT.storedNumericFields.length });
    expect(layout.storedNumericPath(at!.index)).toBe("Test.DoubledVoltage");
    expect(layout.storeCatalog().map((info) => info.path)).toContain("Test.DoubledVoltage");
    // The registry's own layout knows nothing of it.
    expect(LAYOUT.storedFieldSlot("Test.DoubledVoltage")).toBeUndefined();
  });

  it("a history laid out with it runs the stage and stores its column", () => {
    const store = new TelemetryStore({
      layout: layoutOf([...FEATURES, doubledFeature]),
      capacity: 4,
    });
    const packet = defaultPacket();
    packet.TimeStamp = 1_795_000_000;
    packet.Battery.PackVoltage = 120;
    expect(store.ingest(packet, "DEMO")).toBe(true);
    const { data } = store.series({
      fields: ["Test.DoubledVoltage"],
      from: null,
      to: null,
      points: 10,
      units: "metric",
    });
    expect(Array.from(data[1]!)).toEqual([240]);
  });

  it("building one checks and changes nothing: a layout is a value", () => {
    const again = layoutOf(FEATURES);
    expect(again).not.toBe(LAYOUT);
    expect(again.storedNumericFields).toEqual(LAYOUT.storedNumericFields);
  });
});
