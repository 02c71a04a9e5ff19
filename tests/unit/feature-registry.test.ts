// The registry of analyses (workers/telemetry/features.ts) is what the core
// composes: its stages run in an order their declarations allow, each kind of
// stage event goes to one feature, each session event kind is declared by one
// feature with its schema, and every feature with a panel has its tab
// in the UI's table (src/shell/navbar/tabs.tsx), keyed by the same id.
import { describe, expect, it } from "vitest";
import { PANEL_FEATURES } from "../../src/shell/navbar/tabs";
import { FEATURES, LAYOUT } from "../../workers/telemetry/features";
import { stageOrderProblems } from "../../workers/telemetry/pipeline/stageOrder";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";

describe("the registry of analyses", () => {
  it("has each feature once, by an id of its own", () => {
    const ids = FEATURES.map((feature) => feature.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("runs its stages in an order their declared inputs allow, as the history's columns are laid", () => {
    const stages = FEATURES.flatMap((feature) => feature.stages);
    expect(stageOrderProblems(stages)).toEqual([]);
    // The column layout (pipeline/columnLayout.ts) is laid from the registry.
    expect(stages).toEqual(LAYOUT.stages);
  });

  it("routes each kind of stage event to one feature, and restores only kinds a feature emits or records", () => {
    const emitted = FEATURES.flatMap((feature) => feature.emits ?? []);
    expect(new Set(emitted).size).toBe(emitted.length);
    const shared = FEATURES.flatMap((feature) => feature.setting?.kind ?? []);
    expect(new Set(shared).size).toBe(shared.length);
  });

  it("declares each shared setting with a schema its default passes and a wrong shape fails", () => {
    const declared = FEATURES.flatMap((feature) => (feature.setting ? [feature] : []));
    expect(declared.map((feature) => feature.setting!.kind).sort()).toEqual(
      ["alertRules", "mathChannels", "sectors", "strategy"].sort(),
    );
    for (const { id, setting } of declared) {
      const parsed = setting!.schema.safeParse(setting!.default());
      expect(parsed.success, `${id}: ${parsed.error?.message}`).toBe(true);
      expect(setting!.schema.safeParse(42).success, id).toBe(false);
      // A fresh value each time: a core that changes its own cannot change the default.
      expect(setting!.default()).not.toBe(setting!.default());
    }
  });

  it("declares each session event kind in one feature, with a schema, and reads back only declared kinds", () => {
    const declared = FEATURES.flatMap((feature) => Object.keys(feature.events ?? {}));
    expect(new Set(declared).size).toBe(declared.length);
    for (const feature of FEATURES)
      for (const schema of Object.values(feature.events ?? {}))
        expect(typeof schema.safeParse).toBe("function");
    // What a feature emits (recorded as it comes), restores and replays...
    const read = FEATURES.flatMap((f) => [
      ...(f.emits ?? []),
      ...(f.restores ?? []),
      ...(f.replays ?? []),
    ]);
    // ...and what every recorded session begins with (the math channels' set).
    const core = new TelemetryCore();
    const started = FEATURES.flatMap((f) => core.part(f).startEvents?.(0) ?? []).map((e) => e.kind);
    expect(started.length).toBeGreaterThan(0);
    for (const kind of [...read, ...started]) expect(declared).toContain(kind);
  });

  it("gives every feature with a panel its tab, and no tab to a feature the worker lacks", () => {
    const withPanel = FEATURES.filter((feature) => feature.panel).map((feature) => feature.id);
    expect([...PANEL_FEATURES].sort()).toEqual([...new Set(withPanel)].sort());
  });

  it("is what a core composes by default, and a core answers for its own features only", () => {
    const core = new TelemetryCore();
    expect(core.features).toBe(FEATURES);
    expect(core.stages).toEqual(LAYOUT.stages);
    const other = new TelemetryCore({ features: FEATURES.slice(0, 1) });
    expect(() => other.part(FEATURES[1]!)).toThrow(/is not registered with this core/);
  });
});
