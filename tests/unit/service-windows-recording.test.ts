// Several windows, one recording (DESIGN: "never let two cores write one
// recording"): the core records each live packet once, however many windows
// look, and a replay in one window records nothing.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("two windows on one core record once", () => {
  it("one session holds each live packet once, while one window replays", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const core = new TelemetryCore({ timers, indexedDB: factory, storage: null, demoSeed: 5 });
    const a = new TelemetryService(core);
    const b = new TelemetryService(core);
    const config = { connectToBackend: false, demoRate: 10, historyCapacity: 5000 };
    a.start(config, () => undefined);
    b.start(config, () => undefined);
    await a.whenRestored();
    for (let i = 0; i < 10; i++) {
      if (i === 5) b.setPlayback(true);
      tick(1000);
      await settle();
    }
    const accepted = a.snapshot(0).counters.accepted;
    expect(b.snapshot(0).counters.accepted).toBe(accepted);
    const sessions = await b.listSessions();
    expect(sessions).toHaveLength(1);
    expect(await a.listSessions()).toEqual(sessions);
    // The last second may still be on its way to the store; nothing is written twice.
    expect(sessions[0]!.packets).toBeGreaterThanOrEqual(accepted - 10);
    expect(sessions[0]!.packets).toBeLessThanOrEqual(accepted);
    a.stop();
    b.stop();
  });
});
