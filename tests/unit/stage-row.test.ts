// The stages share one row per packet: each writes only its own columns, so
// what a later stage (the strategy, the alerts) reads is what the store put
// there, whichever math channels the user has defined.
import { describe, expect, it } from "vitest";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { BOOLEAN_FIELDS, NUMERIC_FIELDS } from "../../workers/telemetry/schema/fields";
import type { Stage } from "../../workers/telemetry/pipeline/Stage";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;

/** A row as the store hands it: packet values a Float32 column would round, the stages' columns empty. */
function packetRow(i: number): Float64Array {
  const row = new Float64Array(LAYOUT.storedNumericFields.length).fill(NaN);
  for (let f = 0; f < NUMERIC_FIELDS.length; f++) row[f] = 1.1 + f * 0.013 + i * 0.0007;
  row[NUMERIC_FIELDS.indexOf("TimeStamp")] = T0 + i * 0.1;
  row[NUMERIC_FIELDS.indexOf("Telemetry.GpsLatitude")] = 36.99 + i * 1e-5;
  row[NUMERIC_FIELDS.indexOf("Telemetry.GpsLongitude")] = -86.37;
  return row;
}

/** A last stage that notes every packet value it is handed. */
function watcher(): { stage: Stage; seen: Float64Array[] } {
  const seen: Float64Array[] = [];
  const stage: Stage = {
    name: "watcher",
    columns: [],
    inputs: [],
    createState: () => null,
    reset: () => {},
    step: (_state, row) => void seen.push(row.slice(0, NUMERIC_FIELDS.length)),
  };
  return { stage, seen };
}

describe("a stage writes only its own columns", () => {
  it("leaves every packet value of the shared row bit for bit as the store put it", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    const stages = store.pipeline.stages;
    const { stage, seen } = watcher();
    const watched = new TelemetryStore({
      layout: LAYOUT,
      capacity: 64,
      stages: [...stages, stage],
    });
    const bits = new Uint32Array(Math.ceil(BOOLEAN_FIELDS.length / 32));
    for (let i = 0; i < 20; i++) {
      const row = packetRow(i);
      const given = row.slice(0, NUMERIC_FIELDS.length);
      watched.pipeline.step(row, bits);
      // Every stage ran (math, energy, strategy, alerts) before the watcher.
      expect(seen[i]).toEqual(given);
      for (let f = 0; f < NUMERIC_FIELDS.length; f++)
        expect(Object.is(row[f], given[f]), NUMERIC_FIELDS[f]).toBe(true);
    }
  });
});
