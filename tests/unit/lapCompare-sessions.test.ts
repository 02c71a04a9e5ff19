// Cross-session compare through the service, on recorded DEMO laps in a
// (fake) IndexedDB: a recorded session's laps are listed from its lap events,
// and one of them is compared with a lap of the live history.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";
import { settle } from "./sessionsKit";

describe("comparing a recorded session's lap", () => {
  it("lists the session's laps and compares one with a live lap", async () => {
    const factory = new IDBFactory();
    // A 2026 clock: lap times are told from packet times by their size.
    const { timers, tick } = manualTimers(Date.UTC(2026, 10, 26, 14));
    const service = new TelemetryService({
      timers,
      indexedDB: factory,
      storage: null,
      demoSeed: 5,
    });
    service.start(
      { connectToBackend: false, demoRate: 10, historyCapacity: 20_000 },
      () => undefined,
    );
    await service.whenRestored();
    // About three demo laps (3.6 min each).
    for (let i = 0; i < 700; i++) {
      tick(1000);
      if (i % 20 === 0) await settle();
    }
    await settle();
    const [session] = await service.listSessions();
    const spans = await service.sessionLapSpans(session!.id);
    if (!Array.isArray(spans)) throw new Error(spans.message);
    expect(spans.length).toBeGreaterThanOrEqual(2);
    const live = spans[0]!.start;
    const result = await service.compareLaps({
      laps: [{ origin: { kind: "shown" }, start: live }, spans[1]!.key],
      reference: null,
      fields: ["MotorDetails0.VehicleVelocity"],
      units: "metric",
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.laps[1]!.label).toContain(session!.name);
    service.stop();
  }, 60_000);
});
