// Laps are not lost (issue 32 item 9): the laps of the live session are
// recorded with it and come back after a reload, numbering where it was; and
// a lap that completes while the window replays enters the live lap list
// (only its toast stays quiet), so "Back to live" shows it.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const config = { connectToBackend: false, demoRate: 2, historyCapacity: 20_000 };
const START_MS = Date.UTC(2026, 6, 1, 15);

/** Drives the simulated car second by second until `done` (or 20 simulated minutes). */
async function driveUntil(tick: (ms: number) => void, done: () => Promise<boolean>) {
  for (let s = 0; s < 1200; s++) {
    tick(1000);
    // Often enough that the recorder's writes keep up (fake IndexedDB is slow).
    if (s % 5 === 4) {
      await settle();
      if (await done()) return;
    }
  }
  throw new Error("the simulated car completed too few laps");
}

const ends = (laps: { endMs: number }[]) => laps.map((lap) => lap.endMs);

describe("laps are kept", () => {
  it("come back after a reload with the session, and the numbering goes on", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers(START_MS);
    const options = { timers, indexedDB: factory, storage: null, demoSeed: 5 };
    const before = new TelemetryService(options);
    before.start(config, () => undefined);
    await before.whenRestored();
    await driveUntil(tick, async () => (await before.refreshLaps()).laps.length >= 2);
    const laps = (await before.refreshLaps()).laps;
    tick(1000); // the recorder's next flush stores them with the session
    await settle();
    before.stop();
    // The reload comes once the closing page's writes have landed.
    for (let i = 0; i < 10; i++) await settle();

    // The reload: a new core on the same database, moments later.
    const after = new TelemetryService(options);
    const events: WorkerEvent[] = [];
    after.start(config, (batch) => events.push(...batch));
    await after.whenRestored();
    // The laps are read back just after the packets: give the (slow, fake) database a moment.
    await expect
      .poll(async () => (await after.refreshLaps()).laps.length, { timeout: 5000, interval: 50 })
      .toBeGreaterThanOrEqual(2);
    const restored = (await after.refreshLaps()).laps;
    expect(ends(restored)).toEqual(ends(laps));
    expect(restored.every((lap) => lap.simulated)).toBe(true);
    // The window was told, without asking.
    tick(100);
    const told = events.filter((e) => e.type === "laps").at(-1);
    expect(told && told.type === "laps" && ends(told.result.laps)).toEqual(ends(laps));
    after.stop();
  });

  it("a lap completed during a replay enters the live list; only its toast stays quiet", async () => {
    const { timers, tick } = manualTimers(START_MS);
    const service = new TelemetryService({
      timers,
      indexedDB: new IDBFactory(),
      storage: null,
      demoSeed: 5,
    });
    const events: WorkerEvent[] = [];
    service.start(config, (batch) => events.push(...batch));
    await service.whenRestored();
    service.setPlayback(true);
    // While replaying, the window's table is the replay's (none here).
    await driveUntil(tick, async () => {
      service.setPlayback(false);
      const live = (await service.refreshLaps()).laps.length;
      service.setPlayback(true);
      return live >= 1;
    });
    tick(100);
    const toasts = events.filter((e) => e.type === "notification" && e.kind === "lapComplete");
    expect(toasts).toEqual([]);
    service.setPlayback(false);
    expect((await service.refreshLaps()).laps.length).toBeGreaterThanOrEqual(1);
    service.stop();
  });
});
