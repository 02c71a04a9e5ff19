// Issue 35: each minute's forecast of the live history is recorded with the
// session, comes back after a reload (a new core on the same database) with
// the day, is listed by strategyRecords(), shows in the snapshot (the
// Overview's card), and a replay of the session lists the recorded ones.
// The forecasts are handed to the live history's stage-event sink as the
// strategy stage emits them, so this holds whatever the model computes.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import type { StrategyRecord } from "../../workers/contract/strategy";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { strategyFeature } from "../../workers/telemetry/strategy/feature";
import { manualTimers } from "./manualTimers";
import { settle } from "./sessionsKit";

const START_MS = 1_795_000_000_000;
const T = START_MS / 1000;
const WAIT = { timeout: 4000, interval: 20 };

function demo(factory: IDBFactory, timers: ReturnType<typeof manualTimers>["timers"]) {
  const core = new TelemetryCore({ timers, indexedDB: factory, storage: null, demoSeed: 5 });
  const service = new TelemetryService(core);
  service.start({ connectToBackend: false, demoRate: 10, historyCapacity: 5000 }, () => {});
  return { service, core };
}

async function run(tick: (ms: number) => void, seconds: number) {
  for (let i = 0; i < seconds; i++) {
    tick(1000);
    await settle();
  }
}

const forecast = (
  at: number,
  endSocPct: number,
  extra: Partial<StrategyRecord> = {},
): StrategyRecord => ({
  ...extra,
  at,
  socNowPct: 80,
  endSocPct,
  currentSpeedKmh: 55,
  recommendedKmh: 61.5,
  distanceLeftKm: 240,
  endAt: T + 8 * 3600,
  simulated: true,
});

/** The strategy stage's event for `record`, as the live history's sink receives it. */
const stageEvent = (record: StrategyRecord) => ({
  kind: "strategy",
  time: record.at,
  payload: record,
});

async function recordThenReload() {
  const factory = new IDBFactory();
  const { timers, tick } = manualTimers(START_MS);
  const first = demo(factory, timers);
  await first.service.whenRestored();
  await run(tick, 5);
  first.core.part(strategyFeature).sink(stageEvent(forecast(T + 2, 31)));
  // A damaged one (no end-of-day figure) is neither listed nor recorded.
  first.core.part(strategyFeature).sink({ kind: "strategy", time: T + 3, payload: { at: T + 3 } });
  await run(tick, 3);
  // The newer record keeps when the pack empties and the race day's zone;
  // the first is as sessions recorded before those were kept.
  first.core
    .part(strategyFeature)
    .sink(stageEvent(forecast(T + 7, 27, { emptyAt: T + 3600, timeZone: "America/Chicago" })));
  await run(tick, 2); // the recorder's flush writes them
  const before = await first.service.strategyRecords();
  const [recorded] = await first.service.listSessions();
  first.service.stop(); // the reload
  await settle();
  const second = demo(factory, timers);
  await second.service.whenRestored();
  return { before, recorded: recorded!, second, tick };
}

describe("forecasts recorded with the session", () => {
  it("are listed live, a damaged one left out", async () => {
    const { before } = await recordThenReload();
    expect(before.map((r) => [r.at, r.endSocPct])).toEqual([
      [T + 2, 31],
      [T + 7, 27],
    ]);
  });

  it("come back after a reload with the day, the newest in the snapshot", async () => {
    const { before, second } = await recordThenReload();
    expect(before[0]).not.toHaveProperty("emptyAt");
    expect(before[1]).toMatchObject({ emptyAt: T + 3600, timeZone: "America/Chicago" });
    expect(await second.service.strategyRecords()).toEqual(before);
    expect(second.service.snapshot(0).strategy).toEqual(before[1]);
    second.service.stop();
  });

  it("a replay of the session lists the recorded forecasts, the snapshot the one made by its clock", async () => {
    const { before, recorded, second } = await recordThenReload();
    const { service } = second;
    service.startReplay({ kind: "session", sessionId: recorded.id });
    await vi.waitFor(() => expect(service.snapshot(0).playback.loading).toBeNull(), WAIT);
    await vi.waitFor(async () => expect(await service.strategyRecords()).toEqual(before), WAIT);
    await service.seek(T + 4);
    expect(service.snapshot(0).strategy?.endSocPct).toBe(31);
    await service.seek(T + 1);
    expect(service.snapshot(0).strategy).toBeNull();
    // Back to live: today's records again.
    service.setPlayback(false);
    expect(await service.strategyRecords()).toEqual(before);
    service.stop();
  });
});

describe("strategy settings", () => {
  it("are taken whole, and a refusal says why and changes nothing", async () => {
    const { timers } = manualTimers(START_MS);
    const { service } = demo(new IDBFactory(), timers);
    const defaults = await service.strategySettings();
    expect(defaults.capacity).toEqual({ kind: "Ah", ah: 40, nominalV: 115.2 });
    expect(defaults.timeZone).toBe("America/Chicago");
    const later = {
      ...defaults,
      targetSocPct: 20,
      schedule: { ...defaults.schedule, end: "18:00" },
    };
    later.schedule.eveningCharge = { from: "18:00", to: "19:30" };
    expect(await service.setStrategySettings(later)).toEqual({ ok: true });
    const bad = { ...later, timeZone: "Mars/Olympus", targetSocPct: 140 };
    const refused = await service.setStrategySettings(bad);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.message).toContain("Target at the end of the day: must be 100 % or less");
    }
    expect(await service.strategySettings()).toEqual(later);
    service.stop();
  });
});
