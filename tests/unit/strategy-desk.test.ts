// Issue 35: the core configures each history with the settings and the
// backend's time left on the packets' clock (the newest packet's time when the
// raceInfo arrived), again when either changes (the settings as the core hands
// them to each history: settingApplied), and a refused setting changes
// nothing. The Strategy tab's plot data lines the worker's series up on one x.
import { describe, expect, it } from "vitest";
import type { RaceInfo } from "../../workers/contract/laps";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { StrategyDesk } from "../../workers/telemetry/strategy/strategyDesk";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { strategyStage } from "../../workers/telemetry/strategy/strategyStage";
import { align } from "../../src/panels/Strategy/plotData";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;

function storeWith(times: number[]): TelemetryStore {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
  for (const t of times) {
    const p = defaultPacket();
    p.TimeStamp = t;
    store.ingest(p, "NETWORK");
  }
  return store;
}

const contextOf = (store: TelemetryStore) => store.pipeline.state(strategyStage)!.context;

const info = (timeLeftMs: number): RaceInfo => ({
  lapNumber: 3,
  raceDay: 1,
  raceDays: 3,
  raceDates: [],
  distanceToday: 120,
  totalDistance: 120,
  timeLeftMs,
  receivedAt: Date.now(),
});

describe("the strategy desk", () => {
  it("gives the live history the time left on the packets' clock, and a replay when first asked", () => {
    const desk = new StrategyDesk();
    const live = storeWith([T0, T0 + 1, T0 + 2]);
    desk.attach(live);
    expect(contextOf(live)?.raceInfo).toBeNull();
    desk.raceInfo(info(3_600_000), live.lastPacketTime);
    expect(contextOf(live)?.raceInfo).toEqual({
      timeLeftMs: 3_600_000,
      atPacketTime: T0 + 2,
      dates: [],
    });

    const replay = storeWith([T0 - 100]);
    desk.answer(replay, 50);
    expect(contextOf(replay)?.raceInfo).toEqual({
      timeLeftMs: 3_600_000,
      atPacketTime: T0 + 2,
      dates: [],
    });

    const settings = desk.current();
    expect(desk.set({ ...settings, targetSocPct: 25 })).toEqual({ ok: true });
    desk.settingApplied(live); // what the core does once a set took
    expect(contextOf(live)?.settings.targetSocPct).toBe(25);
    expect(desk.set({ ...settings, targetSocPct: -5 }).ok).toBe(false);
    expect(contextOf(live)?.settings.targetSocPct).toBe(25);
    desk.answer(replay, null);
    expect(contextOf(replay)?.settings.targetSocPct).toBe(25);
  });

  it("has only the live history record a forecast each minute, and marks the demo car's simulated", () => {
    const desk = new StrategyDesk();
    const live = storeWith([T0]);
    desk.attach(live);
    desk.sourceIs(true);
    const replay = storeWith([T0 - 100]);
    desk.answer(replay, null, false);
    const flags = (store: TelemetryStore) => {
      const c = contextOf(store) as { emitRecords?: boolean; simulated?: boolean } | null;
      return [c?.emitRecords, c?.simulated];
    };
    expect(flags(live)).toEqual([true, true]);
    expect(flags(replay)).toEqual([false, false]);
    // The live source switched from the demo to the car.
    desk.sourceIs(false);
    expect(flags(live)).toEqual([true, false]);
  });
});

describe("the Strategy tab's plot data", () => {
  it("puts series with their own times on one sorted x, null where a series has no point", () => {
    const data = align([
      { x: [10, 20, 30], y: [1, 2, 3] },
      { x: [30, 40], y: [5, Number.NaN] },
    ]);
    expect(data.x).toEqual([10, 20, 30, 40]);
    expect(data.ys).toEqual([
      [1, 2, 3, null],
      [null, null, 5, null],
    ]);
  });
});
