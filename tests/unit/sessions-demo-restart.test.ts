// A reload in DEMO restarts the simulated car: that is a new session, not more
// of the restored one (which would make the charge jump and the motors cool in
// one recording). A reload on a real source goes on with the same car and the
// same session.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { SessionInfo } from "../../workers/contract/sessions";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { NUMERIC_FIELDS } from "../../workers/telemetry/schema/fields";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { manualTimers } from "./manualTimers";
import { recordingSettings } from "./sessionsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const SOC = NUMERIC_FIELDS.indexOf("Battery.PackStateOfCharge");

/** One page's visit in DEMO: a core that has driven the simulated car for `seconds` (stop it: the reload). */
async function visit(factory: IDBFactory, clock: ReturnType<typeof manualTimers>, seconds: number) {
  const core = new TelemetryCore({
    timers: clock.timers,
    indexedDB: factory,
    storage: null,
    demoSeed: 5,
  });
  core.start({ connectToBackend: false, demoRate: 2, historyCapacity: 5000 });
  await core.whenRestored();
  for (let i = 0; i < seconds; i++) {
    clock.tick(1000);
    await settle();
  }
  return core;
}

/** The state of charge of every recorded packet of a session, oldest first. */
async function chargeOf(core: TelemetryCore, session: SessionInfo): Promise<number[]> {
  const slices = await core.sessions!.sessionRows(
    session.id,
    session.firstPacketTime,
    session.lastPacketTime,
  );
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
  for (const rows of slices) store.appendRows(rows);
  return Array.from({ length: store.ring.length }, (_, i) => store.ring.number(i, SOC));
}

describe("a reload in DEMO", () => {
  it("records the restarted car as a new session; the one before stays whole", async () => {
    const factory = new IDBFactory();
    const clock = manualTimers();
    const first = await visit(factory, clock, 20);
    const [before] = await first.listSessions();
    expect(before!.source).toBe("DEMO");
    first.stop();
    await settle();

    clock.tick(30_000); // the reload: well within the 5 minutes that would continue a session
    const second = await visit(factory, clock, 20);
    const sessions = await second.listSessions();
    expect(sessions.map((s) => s.source)).toEqual(["DEMO", "DEMO"]);
    const restored = sessions.find((s) => s.id === before!.id)!;
    expect(restored.packets).toBe(before!.packets);
    const fresh = sessions.find((s) => s.id !== before!.id)!;
    expect(fresh.firstPacketTime).toBeGreaterThan(before!.lastPacketTime);
    // Within each session the charge moves as a battery's does, by hundredths a second.
    for (const session of sessions) {
      const charge = await chargeOf(second, session);
      expect(charge.length).toBeGreaterThan(30);
      for (let i = 1; i < charge.length; i++)
        expect(Math.abs(charge[i]! - charge[i - 1]!)).toBeLessThan(0.3);
    }
    second.stop();
  });
});

describe("a reload on a real source", () => {
  it("continues the restored session", async () => {
    const factory = new IDBFactory();
    const clock = manualTimers();
    const packet = (i: number) => ({ ...defaultPacket(), TimeStamp: 1_795_000_000 + i });
    const record = async (from: number) => {
      const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
      const sessions = new Sessions({ factory, timers: clock.timers, notice: () => undefined });
      await sessions.start(store, recordingSettings, () => "NETWORK");
      for (let i = from; i < from + 5; i++) store.ingest(packet(i), "NETWORK");
      await sessions.flush("NETWORK");
      const list = await sessions.list();
      sessions.stop();
      await settle();
      return list;
    };
    await record(0);
    clock.tick(30_000);
    const list = await record(10);
    expect(list.map((s) => [s.source, s.packets])).toEqual([["NETWORK", 10]]);
  });
});
