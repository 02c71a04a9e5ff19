// A seek far into a long recorded session: the packet at the new clock is
// shown after a short read around it, then the whole window follows in the
// background (no progress bar for that), for the plots and the map.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { ReplayController } from "../../workers/telemetry/replay/ReplayController";
import { ViewSwitch } from "../../workers/telemetry/service/viewSwitch";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { manualTimers } from "./manualTimers";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;

describe("seeking in a long session", () => {
  it("shows the packet at the clock from a short read, then widens to the whole window", async () => {
    const { timers } = manualTimers();
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const sessions = new Sessions({
      factory: new IDBFactory(),
      timers,
      notice: () => undefined,
      flushMs: 1e9,
    });
    await sessions.start(
      live,
      { recording: true, budgetBytes: 0, backendUrl: () => "" },
      () => "DEMO",
    );
    // 300 s at 10 packets/s, a chunk a second.
    for (let i = 0; i < 3000; i++) {
      const p = defaultPacket();
      p.TimeStamp = T0 + i / 10;
      p.Battery.PackVoltage = i;
      live.ingest(p, "DEMO");
      if (i % 10 === 9) await sessions.flush("DEMO");
    }
    const [session] = await sessions.list();
    const replay = new ReplayController({
      layout: LAYOUT,
      view: new ViewSwitch(live),
      sessions: () => sessions,
      timers,
      backendUrl: () => "",
      capacity: 5000,
      onLaps: () => undefined,
      windowSeconds: 120,
    });
    await replay.start({ kind: "session", sessionId: session!.id });
    // [0 s, 120 s] in whole stored records: a minute each once merged (chunkMerge.ts).
    expect(replay.history.store.ring.length).toBeGreaterThanOrEqual(1201);
    expect(replay.history.store.ring.length).toBeLessThanOrEqual(1800);

    await replay.seek(T0 + 250.05);
    const shown = replay.history.store;
    expect(shown.snapshot(0, {} as never).changed["Battery.PackVoltage"]).toBe(2500);
    // The short read: 30 s either side of the clock (clipped at the end), from
    // the merged minute holding 220 s; the last minute is still one chunk a second.
    expect(shown.ring.time(0)).toBeGreaterThanOrEqual(T0 + 180);
    expect(shown.ring.length).toBeLessThanOrEqual(1100);
    expect(replay.state().loading).toBeNull(); // the widening shows no progress bar
    for (let i = 0; i < 100 && replay.history.store === shown; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const wide = replay.history.store;
    expect(wide.ring.time(0)).toBeLessThanOrEqual(T0 + 130.1);
    expect(wide.ring.time(0)).toBeGreaterThanOrEqual(T0 + 120);
    expect(wide.ring.time(wide.ring.length - 1)).toBeCloseTo(T0 + 299.9, 5);
    expect(wide.snapshot(0, {} as never).changed["Battery.PackVoltage"]).toBe(2500);
    replay.end();
    sessions.stop();
  });
});
