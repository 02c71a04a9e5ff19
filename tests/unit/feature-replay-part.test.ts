// The generic replay hook (pipeline/Feature.ts, Feature.replayPart): a feature
// registered from tests/ only keeps a part in each window's replay, made with
// it, told what it loads, when its history is swapped, when its setting moved
// in another window, and disposed with it; its calls, its snapshot part and
// its marks on the track answer reach that part typed, for the view shown.
// The replay controller and the facade name no feature for it.
import { z } from "zod";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AlertPin } from "../../workers/contract/track";
import { FEATURES, LAYOUT } from "../../workers/telemetry/features";
import type {
  Feature,
  LivePart,
  ReplayContext,
  ReplayLoad,
  ReplayPart,
  WindowAccess,
} from "../../workers/telemetry/pipeline/Feature";
import { ReplayController } from "../../workers/telemetry/replay/ReplayController";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { ViewSwitch } from "../../workers/telemetry/service/viewSwitch";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { exportText, storeOf } from "./csv-helpers";
import { manualTimers } from "./manualTimers";

class ProbeLive implements LivePart {
  label = "probe";
  stop(): void {}
}

/** What the probe's replay part was told, in order. */
class ProbeReplay implements ReplayPart {
  readonly told: string[] = [];
  loads: ReplayLoad[] = [];
  constructor(private readonly context: ReplayContext) {}
  clear(): void {
    this.told.push("clear");
  }
  load(what: ReplayLoad): void {
    this.told.push(`load:${what.kind}`);
    this.loads.push(what);
  }
  historySwapped(): void {
    this.told.push(`swapped:${this.context.store().ring.length}`);
  }
  settingChanged(): void {
    this.told.push("setting");
  }
  dispose(): void {
    this.told.push("dispose");
  }
}

const made: ProbeReplay[] = [];
const probeFeature: Feature<ProbeLive, ProbeReplay> = {
  id: "probe",
  stages: [],
  setting: { kind: "feature:probe", schema: z.string(), default: () => "probe" },
  panel: false,
  shared: {
    read: (part) => part.label,
    set: (part, value) => {
      part.label = String(value);
      return { ok: true };
    },
  },
  live: () => new ProbeLive(),
  replayPart: (_live, context) => {
    const part = new ProbeReplay(context);
    made.push(part);
    return part;
  },
  api: (_live, window: WindowAccess<ProbeReplay>) => ({
    probeTold: () => window.replayPart()?.told.slice() ?? null,
  }),
  snapshot: (_live, view, replay) => ({ live: view.live, hasReplayPart: replay !== null }),
  track: (_live, view, replay, _span, track) => {
    const pin = { seq: 1, time: 0, lat: 0, long: 0, severity: "info" };
    const message = view.live ? "live" : `replay with part: ${replay !== null}`;
    track.alertPins = [...(track.alertPins ?? []), { ...pin, message } as AlertPin];
  },
};

const WITH_PROBE = [...FEATURES, probeFeature as Feature];
const CONFIG = { connectToBackend: false, historyCapacity: 20_000 };
const probe = (service: TelemetryService) =>
  service.snapshot(0).features?.probe as Record<string, unknown>;
const told = (service: TelemetryService) =>
  (service as unknown as { probeTold(): string[] | null }).probeTold();
const pinMessages = (service: TelemetryService) =>
  (service.track({ from: null, to: null } as never).alertPins ?? [])
    .filter((pin) => pin.seq === 1 && pin.time === 0)
    .map((pin) => pin.message);

describe("a feature's part in each window's replay", () => {
  beforeEach(() => {
    made.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => void vi.useRealTimers());

  it("is made with the window's replay, fed an import, told of settings, and disposed with it", async () => {
    const core = new TelemetryCore({ demoSeed: 3, features: WITH_PROBE });
    const a = new TelemetryService(core);
    const b = new TelemetryService(core);
    a.start(CONFIG, () => {});
    b.start(CONFIG, () => {});
    expect(told(b)).toBeNull(); // no replay yet: no part
    expect(probe(b)).toEqual({ live: true, hasReplayPart: true }); // the snapshot reads playback: made
    expect(pinMessages(b)).toEqual(["live"]);

    vi.advanceTimersByTime(5_000);
    vi.useRealTimers(); // the import yields to the event loop between pieces
    const report = await b.importCsv(new Blob([exportText(storeOf(7))]), "seven.csv");
    expect(report.ok).toBe(true);
    // Playback on (the empty history swapped in, cleared), then the file's: loaded.
    expect(told(b)).toEqual(["swapped:0", "clear", "swapped:7", "load:import"]);
    expect(probe(b)).toEqual({ live: false, hasReplayPart: true });
    expect(pinMessages(b)).toEqual(["replay with part: true"]);
    expect(probe(a)).toEqual({ live: true, hasReplayPart: true });

    // Another window sets the setting: b's replay part is told; a's own window is not.
    a.setFeatureSetting("probe", "renamed");
    await vi.waitFor(() => expect(told(b)).toContain("setting"));
    expect(told(a)).not.toContain("setting");

    const part = made.find((p) => p.told.includes("load:import"))!;
    b.setPlayback(false);
    expect(part.told.at(-1)).toBe("clear");
    expect(probe(b)).toEqual({ live: true, hasReplayPart: true });
    a.stop();
    b.stop();
    b.start(CONFIG, () => {}); // a start again disposes the old replay, parts with it
    expect(part.told.at(-1)).toBe("dispose");
    b.stop();
  });

  it("is told what a replay of a range loads, by the controller that names no feature", async () => {
    const { timers } = manualTimers();
    const live = new ProbeLive();
    const replay = new ReplayController({
      view: new ViewSwitch(new TelemetryStore({ capacity: 16, layout: LAYOUT })),
      sessions: () => null,
      layout: LAYOUT,
      timers,
      backendUrl: () => "",
      capacity: 1000,
      onLaps: () => undefined,
      features: [[probeFeature as Feature, live]],
    });
    const part = replay.partOf(probeFeature as Feature) as ProbeReplay;
    expect(part).toBe(made[0]);
    await replay.start({ kind: "range", source: "local", from: 10, to: 20 });
    expect(part.loads).toEqual([{ kind: "local-range", from: 10, to: 20 }]);
    // Playback on, then told what loads (the load's own swaps follow: no sessions, no rows).
    expect(part.told.slice(0, 3)).toEqual(["swapped:0", "clear", "load:local-range"]);
    replay.dispose();
    expect(part.told.slice(-2)).toEqual(["clear", "dispose"]);
    expect(replay.partOf({ ...probeFeature } as Feature)).toBeNull();
  });
});
