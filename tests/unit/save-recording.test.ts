// The offline app's "Update ready" (issue 63) saves the recording before the
// app reloads into the new version: saveRecording writes the packets held
// since the last flush (once a second) and resolves once they are stored.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { manualTimers } from "./manualTimers";
import { settle } from "./sessionsKit";

describe("saving the recording before an update", () => {
  it("stores the packets received since the last flush, and every packet received", async () => {
    const { timers, tick } = manualTimers(1_795_000_000_000);
    const core = new TelemetryCore({
      timers,
      indexedDB: new IDBFactory(),
      storage: null,
      demoSeed: 5,
    });
    const service = new TelemetryService(core);
    service.start({ connectToBackend: false, demoRate: 20, historyCapacity: 5000 }, () => {});
    await service.whenRestored();
    for (let i = 0; i < 5; i++) {
      tick(1000);
      await settle();
    }
    // Between two flushes: these packets are only in memory.
    for (let i = 0; i < 9; i++) tick(50);
    await settle();
    const stored = async () => (await service.listSessions()).reduce((n, s) => n + s.packets, 0);
    const before = await stored();
    await service.saveRecording();
    const after = await stored();
    expect(after).toBeGreaterThan(before);
    // Nothing held back: a new core on the same database would find every packet.
    await service.saveRecording();
    expect(await stored()).toBe(after);
    service.stop();
  });
});
