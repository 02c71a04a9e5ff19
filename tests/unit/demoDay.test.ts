// The demo day (?demoDay=<hours>): hours of driving built at full speed
// through the normal pipeline, in batches that yield, then the demo goes live.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { resolveConfig } from "../../workers/telemetry/service/config";
import { DAY_BATCH, DemoSource } from "../../workers/telemetry/sources/DemoSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";

const START_MS = 1_780_000_000_000;

function dayService(hours: number) {
  const { timers, tick } = manualTimers(START_MS);
  const events: WorkerEvent[] = [];
  const service = new TelemetryService({
    timers,
    indexedDB: new IDBFactory(),
    storage: null,
    demoSeed: 3,
  });
  service.start(
    { connectToBackend: false, demoRate: 10, demoDayHours: hours, recording: false },
    (batch) => void events.push(...batch),
  );
  return { service, tick, events };
}

describe("demo day builder", () => {
  it("builds the hours asked at 10 packets/s ending now, with laps, in yielding batches", async () => {
    const { service, tick, events } = dayService(1);
    expect(service.snapshot(0).connection.demoDay).toEqual({ hours: 1, fraction: 0 });

    // One zero timeout = one batch: the worker's thread is free between batches.
    tick(1);
    const first = service.snapshot(0);
    expect(first.counters.historyLength).toBe(DAY_BATCH);
    expect(first.connection.demoDay!.fraction).toBeCloseTo(DAY_BATCH / 36_000, 2);
    expect(first.connection.connectionType).toBe("DEMO");

    let batches = 1;
    while (service.snapshot(0).connection.demoDay !== null && batches < 100) {
      tick(1);
      batches++;
    }
    expect(batches).toBeGreaterThanOrEqual(36);
    const built = service.snapshot(0);
    expect(built.connection.demoDay).toBeNull();
    // 3,600 s at 10 packets/s (plus the few ms the fake clock moved meanwhile).
    expect(built.counters.historyLength).toBeGreaterThanOrEqual(35_995);
    expect(built.counters.historyLength).toBeLessThanOrEqual(36_005);
    const nowS = START_MS / 1000 + batches / 1000;
    const reach = built.counters.liveHistory;
    expect(reach.from!).toBeGreaterThanOrEqual(nowS - 3600 - 0.5);
    expect(reach.from!).toBeLessThanOrEqual(nowS - 3600 + 0.5);
    expect(reach.to!).toBeGreaterThan(nowS - 0.5);
    expect(reach.to!).toBeLessThanOrEqual(nowS);
    // Its newest packet carries the clock's time exactly: the live packets
    // after it are stamped when they are sent, not a batch's work behind.
    expect(nowS - reach.to!).toBeLessThan(0.002);

    // The laps of the hour went through the lap desk; none raised a toast.
    const laps = (await service.refreshLaps()).laps;
    expect(laps.length).toBeGreaterThanOrEqual(3);
    expect(laps[0]!.endMs / 1000).toBeLessThan(nowS - 1800);
    expect(events.some((e) => e.type === "notification" && e.kind === "lapComplete")).toBe(false);

    // Then the demo goes on live at its own rate, from now.
    tick(1000);
    const live = service.snapshot(0);
    expect(live.counters.historyLength - built.counters.historyLength).toBeGreaterThanOrEqual(9);
    expect(live.counters.historyLength - built.counters.historyLength).toBeLessThanOrEqual(11);
    expect(live.counters.liveHistory.to!).toBeGreaterThan(nowS + 0.5);
    service.stop();
  });

  it("ignores a number of hours outside 0 < h ≤ 24", () => {
    expect(resolveConfig({ demoDayHours: 25 }).demoDayHours).toBe(0);
    expect(resolveConfig({ demoDayHours: -1 }).demoDayHours).toBe(0);
    expect(resolveConfig({ demoDayHours: Number.NaN }).demoDayHours).toBe(0);
    expect(resolveConfig({ demoDayHours: 9 }).demoDayHours).toBe(9);
  });

  it("a stop pauses the build between batches, and the next start goes on from there", () => {
    const { timers, tick } = manualTimers(START_MS);
    const times: number[] = [];
    const sink = {
      packet: (raw: unknown) => void times.push((raw as { TimeStamp: number }).TimeStamp),
      lapData: () => undefined,
      notify: () => undefined,
    } as unknown as SourceSink;
    const demo = new DemoSource(sink, { timers, rate: 10, dayHours: 0.5 });
    demo.start();
    expect(times).toHaveLength(0); // nothing on the caller's turn: the first batch is queued
    tick(1);
    expect(times).toHaveLength(DAY_BATCH);
    demo.stop();
    tick(50);
    expect(times).toHaveLength(DAY_BATCH);
    expect(demo.dayProgress!.fraction).toBeLessThan(1);
    demo.start();
    tick(1);
    expect(times).toHaveLength(2 * DAY_BATCH);
    // One simulated car, 100 ms apart, from half an hour before now.
    expect(times[0]).toBeCloseTo(START_MS / 1000 - 1800 + 0.1, 2);
    expect(times.every((t, i) => i === 0 || Math.abs(t - times[i - 1]! - 0.1) < 0.002)).toBe(true);
    demo.stop();
  });
});
