// What a change of a feature's shared setting does to the histories already
// stored (Feature.onSettingChange), registered from tests/ only: two
// throwaway features, one computed again with progress ("recompute"), one
// applied from now on ("fromNow"). The core hands a setting taken to every
// history the same way (LivePart.settingApplied): the live one and each
// window's replay or import, whose replay part hears it too
// (ReplayPart.settingChanged). Only "recompute" has its jobs' progress kept.
import { z } from "zod";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FEATURES } from "../../workers/telemetry/features";
import type {
  Feature,
  LiveContext,
  LivePart,
  RecomputeJob,
  ReplayPart,
  SettingPolicy,
} from "../../workers/telemetry/pipeline/Feature";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import type { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { exportText, storeOf } from "./csv-helpers";

/** A part that notes each history its setting was applied to, and answers a job it finishes on demand. */
class PolicyPart implements LivePart {
  value = "first";
  readonly applied: { store: TelemetryStore; value: string }[] = [];
  private readonly finishers: (() => void)[] = [];
  constructor(readonly context: LiveContext) {}
  settingApplied(store: TelemetryStore): RecomputeJob {
    this.applied.push({ store, value: this.value });
    const total = store.ring.length;
    let over = false;
    const finished = new Promise<void>((resolve) =>
      this.finishers.push(() => {
        over = true;
        resolve();
      }),
    );
    return { progress: () => (over ? null : { done: 1, total }), finished };
  }
  finishAll(): void {
    for (const finish of this.finishers.splice(0)) finish();
  }
}

class PolicyReplay implements ReplayPart {
  told = 0;
  settingChanged(): void {
    this.told++;
  }
}

function policyFeature(id: string, policy: SettingPolicy): Feature<PolicyPart, PolicyReplay> {
  return {
    id,
    stages: [],
    setting: { kind: `feature:${id}`, schema: z.string("A text."), default: () => "first" },
    onSettingChange: policy,
    panel: false,
    shared: {
      read: (part) => part.value,
      set: (part, value) => {
        part.value = value as string;
        return { ok: true };
      },
    },
    live: (context) => new PolicyPart(context),
    replayPart: () => new PolicyReplay(),
    snapshot: (part) => ({ recomputing: part.context.recomputing() }),
  };
}

const recount = policyFeature("recount", "recompute");
const later = policyFeature("later", "fromNow");
const WITH_BOTH = [...FEATURES, recount as Feature, later as Feature];
const CONFIG = { connectToBackend: false, historyCapacity: 20_000 };
const progressOf = (service: TelemetryService, id: string) =>
  (service.snapshot(0).features?.[id] as { recomputing: unknown }).recomputing;

describe("a feature's setting reaches every history one way, as it declares", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("is applied to the live history and a window's import; only 'recompute' reports progress", async () => {
    const core = new TelemetryCore({ demoSeed: 3, features: WITH_BOTH });
    const a = new TelemetryService(core);
    const b = new TelemetryService(core);
    a.start(CONFIG, () => {});
    b.start(CONFIG, () => {});
    vi.advanceTimersByTime(5_000); // the demo's 2 packets/s
    vi.useRealTimers(); // the import yields to the event loop between pieces
    const report = await b.importCsv(new Blob([exportText(storeOf(7))]), "seven.csv");
    expect(report.ok).toBe(true);
    const imported = b.replayHistory()!;
    expect(imported.ring.length).toBe(7);
    const live = core.liveStore;
    const liveRows = live.ring.length;
    expect(liveRows).toBeGreaterThan(0);

    for (const feature of [recount, later]) {
      const part = core.part(feature);
      expect(a.setFeatureSetting(feature.id, 42)).toMatchObject({ ok: false });
      expect(part.applied).toEqual([]); // refused: nothing reaches a history
      expect(a.setFeatureSetting(feature.id, "second")).toEqual({ ok: true });
      expect(part.applied.map((x) => [x.store, x.value])).toEqual([
        [live, "second"],
        [imported, "second"],
      ]);
      // b shows its import: its replay part hears the change; a shows live.
      expect((b.replayPart(feature as Feature) as PolicyReplay).told).toBe(1);
      expect((a.replayPart(feature as Feature) as PolicyReplay | null)?.told ?? 0).toBe(0);
    }

    // "recompute": the rows of both histories in the works, until their jobs are over.
    expect(progressOf(a, "recount")).toEqual({ done: 2, total: liveRows + 7 });
    expect(progressOf(b, "recount")).toEqual({ done: 2, total: liveRows + 7 });
    // "fromNow": its jobs (if it answers any) are not kept: nothing is computed again.
    expect(progressOf(a, "later")).toBeNull();
    core.part(recount).finishAll();
    await Promise.resolve();
    expect(progressOf(a, "recount")).toBeNull();

    // The same value again from b: every history takes it again (as a set always
    // did), b's own replay part hears it, and no other window is told.
    const part = core.part(later);
    expect(b.setFeatureSetting("later", "second")).toEqual({ ok: true });
    expect(part.applied.slice(2).map((x) => x.store)).toEqual([live, imported]);
    expect((b.replayPart(later as Feature) as PolicyReplay).told).toBe(2);

    // Back live: the setting reaches the live history only.
    b.setPlayback(false);
    expect(a.setFeatureSetting("later", "third")).toEqual({ ok: true });
    expect(part.applied.slice(4).map((x) => x.store)).toEqual([live]);
    a.stop();
    b.stop();
  });
});
