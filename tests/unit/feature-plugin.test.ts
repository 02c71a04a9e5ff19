// An analysis registered from tests/ only, to show that a feature plugs in
// with nothing changed outside its own folder: a stage (it counts each
// history's packets and emits an event every 10th), an event kind (recorded
// with the session and read back by a restore), a snapshot part (for the view
// a window shows) and a shared setting (a label). It is seen live, in a
// replay, after a restore, and in a window that joins late.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { SessionEvent } from "../../workers/contract/events";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { FEATURES } from "../../workers/telemetry/features";
import type { Feature, LiveContext, LivePart } from "../../workers/telemetry/pipeline/Feature";
import type { Stage, StageEvent } from "../../workers/telemetry/pipeline/Stage";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { exportText, storeOf } from "./csv-helpers";
import { manualTimers } from "./manualTimers";
import { settle } from "./sessionsKit";

const tallyStage: Stage<{ packets: number }> = {
  name: "tally",
  columns: [],
  inputs: ["TimeStamp"],
  createState: () => ({ packets: 0 }),
  reset: (s) => void (s.packets = 0),
  step: (s, row, _bits, _out, emit) => {
    s.packets++;
    if (s.packets % 10 === 0) emit({ kind: "tally", time: row[0]!, payload: s.packets });
  },
};

/** The tally's session event: the packets counted when it was emitted. */
interface TallyEvent extends SessionEvent {
  kind: "tally";
  packets: unknown;
}

class TallyPart implements LivePart {
  label = "";
  liveEvents = 0;
  restored = 0;
  constructor(private readonly context: LiveContext) {}
  sink(event: StageEvent): void {
    this.liveEvents++;
    const recorded: TallyEvent = { kind: "tally", time: event.time, packets: event.payload };
    this.context.record(recorded);
  }
  restore(events: readonly SessionEvent[]): void {
    // Checked with the schema it declares (Feature.events) before it is handed them.
    this.restored = events.filter((e) => e.kind === "tally").length;
  }
}

const tallyFeature: Feature<TallyPart> = {
  id: "tally",
  stages: [tallyStage as Stage],
  emits: ["tally"],
  events: { tally: z.object({ packets: z.number() }) },
  restores: ["tally"],
  // Its shape and default are declared: the core checks a value with the
  // schema before `set`, and sets the default when it makes the part.
  setting: {
    kind: "feature:tally",
    schema: z.string("The tally's label is a text.").trim().min(1, "The tally's label is empty."),
    default: () => "tally",
  },
  panel: false,
  shared: {
    read: (part) => part.label,
    set: (part, value) => {
      part.label = value as string;
      return { ok: true };
    },
  },
  live: (context) => new TallyPart(context),
  snapshot: (part, view) => ({
    label: part.label,
    live: view.live,
    packets: view.store.pipeline.state(tallyStage)?.packets ?? null,
    liveEvents: part.liveEvents,
    restored: part.restored,
  }),
};

const WITH_TALLY = [...FEATURES, tallyFeature as Feature];
const CONFIG = { connectToBackend: false, historyCapacity: 20_000 };
const tally = (service: TelemetryService) =>
  service.snapshot(0).features?.tally as Record<string, unknown>;

describe("an analysis registered from tests/ only", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("runs live, shares its setting, and a window that joins late sees both", () => {
    const core = new TelemetryCore({ demoSeed: 3, features: WITH_TALLY });
    const a = new TelemetryService(core);
    a.start(CONFIG, () => {});
    expect(a.featureSetting("tally")).toBe("tally"); // the declared default
    expect(a.setFeatureSetting("tally", " ")).toEqual({
      ok: false,
      message: "The tally's label is empty.",
    });
    expect(a.setFeatureSetting("tally", 7)).toEqual({
      ok: false,
      message: "The tally's label is a text.",
    });
    expect(a.featureSetting("tally")).toBe("tally"); // refused: nothing changed
    expect(a.setFeatureSetting("tally", " packets seen ")).toEqual({ ok: true });
    vi.advanceTimersByTime(10_000); // the demo's 2 packets/s
    expect(tally(a)).toMatchObject({ label: "packets seen", live: true, packets: 21 });
    expect(tally(a).liveEvents).toBe(2);

    const b = new TelemetryService(core);
    const eventsB: WorkerEvent[] = [];
    b.start(CONFIG, (batch) => void eventsB.push(...batch));
    expect(b.featureSetting("tally")).toBe("packets seen");
    expect(tally(b)).toMatchObject({ label: "packets seen", live: true, packets: 21 });

    a.setFeatureSetting("tally", "renamed");
    vi.advanceTimersByTime(200);
    const told = eventsB.flatMap((e) => (e.type === "sharedSettings" ? e.kinds : []));
    expect(told).toContain("feature:tally");
    expect(b.featureSetting("tally")).toBe("renamed");
    a.stop();
    b.stop();
  });

  it("runs on a window's replay of an imported file, while the other window stays live", async () => {
    const core = new TelemetryCore({ demoSeed: 3, features: WITH_TALLY });
    const a = new TelemetryService(core);
    const b = new TelemetryService(core);
    a.start(CONFIG, () => {});
    b.start(CONFIG, () => {});
    vi.advanceTimersByTime(5_000);
    vi.useRealTimers(); // the import yields to the event loop between pieces
    const report = await b.importCsv(new Blob([exportText(storeOf(7))]), "seven.csv");
    expect(report.ok).toBe(true);
    expect(tally(b)).toMatchObject({ live: false, packets: 7 });
    expect(tally(a)).toMatchObject({ live: true, packets: 11 });
    a.stop();
    b.stop();
  });
});

describe("an analysis registered from tests/ only, recorded", () => {
  it("gets its recorded events back after a reload, and runs on a replay of the session", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers(1_795_000_000_000);
    const open = () => {
      const core = new TelemetryCore({
        timers,
        indexedDB: factory,
        storage: null,
        demoSeed: 5,
        features: WITH_TALLY,
      });
      const service = new TelemetryService(core);
      service.start({ ...CONFIG, demoRate: 10, historyCapacity: 5000 }, () => {});
      return service;
    };
    const first = open();
    await first.whenRestored();
    for (let s = 0; s < 6; s++) {
      tick(1000);
      await settle();
    }
    expect(tally(first).liveEvents).toBeGreaterThanOrEqual(5);
    const [session] = await first.listSessions();
    first.stop(); // the reload
    await settle();

    const second = open();
    await second.whenRestored();
    expect(tally(second).restored).toBeGreaterThanOrEqual(5);
    second.startReplay({ kind: "session", sessionId: session!.id });
    // The replay runs the tally over the session's rows once they are read.
    await vi.waitFor(() => expect(tally(second)).toMatchObject({ live: false, packets: 61 }), {
      timeout: 4000,
      interval: 20,
    });
    expect(session!.packets).toBe(61);
    second.stop();
  });
});
