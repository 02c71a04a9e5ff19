// The registered stages run in an order their declarations allow, and the
// column layout the history is built with holds what the stages assume.
import { describe, expect, it } from "vitest";
import type { FieldInfo } from "../../workers/contract/fields";
import type { Stage } from "../../workers/telemetry/pipeline/Stage";
import { stageOrderProblems } from "../../workers/telemetry/pipeline/stageOrder";
import { FEATURES, LAYOUT } from "../../workers/telemetry/features";

const column = (path: string): FieldInfo => ({
  path,
  type: "number",
  label: path,
  unit: "",
  group: "Test",
});
const stage = (name: string, columns: string[], inputs: string[]): Stage => ({
  name,
  columns: columns.map(column),
  inputs,
  createState: () => null,
  reset: () => {},
  step: () => {},
});

describe("the order of the ingest stages", () => {
  it("every registered stage reads only the packet and the columns of stages before it", () => {
    expect(stageOrderProblems(LAYOUT.stages)).toEqual([]);
  });

  it("a stage listed before the stage whose column it reads is named", () => {
    const energy = stage("energy", ["E#0"], ["Battery.PackCurrent"]);
    const reader = stage("reader", [], ["E#0", "Battery.PackVoltage"]);
    expect(stageOrderProblems([energy, reader])).toEqual([]);
    expect(stageOrderProblems([reader, energy])).toEqual([
      'stage "reader" reads E#0, a column of "energy", which is written after it',
    ]);
    const selfReader = stage("self", ["S#0"], ["S#0"]);
    expect(stageOrderProblems([selfReader])).toEqual([
      'stage "self" reads S#0, its own column, which is written after it',
    ]);
    const lost = stage("lost", [], ["Nowhere.Field"]);
    expect(stageOrderProblems([lost])).toEqual([
      'stage "lost" reads Nowhere.Field, which neither the packet nor a stage stores',
    ]);
  });

  it("the registered order is the one the history's columns are laid in", () => {
    const declared = FEATURES.flatMap((feature) => feature.stages);
    expect(LAYOUT.stages).toEqual(declared);
    // Each registered stage that reads another's column finds it earlier in the row.
    for (const [s, reader] of declared.entries())
      for (const input of reader.inputs) {
        const at = LAYOUT.stageColumnIndex(input);
        if (at === undefined) continue;
        const writer = declared.findIndex((w) => w.columns.some((c) => c.path === input));
        expect(writer, `${reader.name} reads ${input}`).toBeLessThan(s);
      }
  });

  it("the math channels' slots are the first stage columns, where the ring's lazy columns begin", () => {
    expect(LAYOUT.storedNumericFields[LAYOUT.lazyFrom]).toBe("Math#0");
  });
});
