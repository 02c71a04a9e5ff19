// DEMO in daylight whatever the wall clock (?demoClock=13:00, issue 35): the
// simulated car's clock starts at that time of day at the track, its packets
// carry it and its sun agrees; a demo day ends at it; and a page on its own
// demo clock starts a fresh day instead of restoring the last recording.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { configFromUrl, demoClockFromUrl } from "../../src/worker-client/createTelemetry";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { resolveConfig } from "../../workers/telemetry/service/config";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { DemoSource } from "../../workers/telemetry/sources/DemoSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { timeTodayInZone } from "../../workers/shared/dateTime";
import { manualTimers } from "./manualTimers";

const at = (iso: string) => Date.parse(iso);
/** 02:00 at the track (08:00 UTC, CST): dark. */
const NIGHT_MS = at("2026-11-26T08:00:00Z");

function arrayWatts(p: TelemetryPacket): number {
  const m = p.MPPT as unknown as Record<string, number>;
  let sum = 0;
  for (let u = 0; u < 4; u++)
    for (let c = 0; c < 2; c++)
      sum += m[`Mppt${u}Ch${c}ArrayVoltage`]! * m[`Mppt${u}Ch${c}ArrayCurrent`]!;
  return sum;
}

function demoAt(startMs: number, options: { clockOffsetMs?: number; dayHours?: number }) {
  const clock = manualTimers(startMs);
  const packets: TelemetryPacket[] = [];
  const sink = {
    packet: (raw: unknown) => void packets.push(raw as TelemetryPacket),
    lapData: () => undefined,
    notify: () => undefined,
  } as unknown as SourceSink;
  const demo = new DemoSource(sink, { timers: clock.timers, rate: 2, seed: 4, ...options });
  return { demo, packets, tick: clock.tick };
}

describe("?demoClock on its way to the worker", () => {
  it("turns a time of day at the track into the offset of the demo's clock", () => {
    // 16:45 CST on 26 November: 13:00 at the track was 3 h 45 min ago.
    const afternoon = at("2026-11-26T22:45:00Z");
    expect(demoClockFromUrl("?demoClock=13:00", afternoon)).toEqual({
      offsetMs: -(3 * 60 + 45) * 60_000,
      problem: null,
    });
    // 21:00 CST (03:00 UTC the next day): still the 26th at the track.
    const evening = at("2026-11-27T03:00:00Z");
    expect(evening + demoClockFromUrl("?demoClock=13:00", evening).offsetMs!).toBe(
      at("2026-11-26T19:00:00Z"),
    );
    // Summer time: 09:30 CDT is 14:30 UTC.
    const july = at("2026-07-15T05:00:00Z");
    expect(july + demoClockFromUrl("?demoClock=9:30", july).offsetMs!).toBe(
      at("2026-07-15T14:30:00Z"),
    );
    expect(configFromUrl("?demoClock=13:00", afternoon).demoClockOffsetMs).toBe(-13_500_000);
    expect(configFromUrl("?offline=1", afternoon).demoClockOffsetMs).toBeUndefined();
  });

  it("ignores anything but HH:MM with a notice that says what it wants", () => {
    for (const bad of ["25:00", "13", "1pm", "13:60", ""]) {
      const result = demoClockFromUrl(`?demoClock=${bad}`, NIGHT_MS);
      expect(result.offsetMs).toBeNull();
      expect(result.problem).toContain("as HH:MM, e.g. ?demoClock=13:00");
      expect(configFromUrl(`?demoClock=${bad}`, NIGHT_MS).demoClockOffsetMs).toBeUndefined();
    }
    expect(resolveConfig({ demoClockOffsetMs: 3_600_000 }).demoClockOffsetMs).toBe(3_600_000);
    expect(resolveConfig({ demoClockOffsetMs: "1h" }).demoClockOffsetMs).toBe(0);
    expect(resolveConfig({ demoClockOffsetMs: 1e12 }).demoClockOffsetMs).toBe(0);
    expect(resolveConfig({}).demoClockOffsetMs).toBe(0);
  });
});

describe("the demo on its own clock", () => {
  it("sends packets stamped with the demo's time, lit by the sun of that time", () => {
    const offset = timeTodayInZone(13, 0, NIGHT_MS) - NIGHT_MS;
    const day = demoAt(NIGHT_MS, { clockOffsetMs: offset });
    const night = demoAt(NIGHT_MS, {});
    for (const run of [day, night]) {
      run.demo.start();
      run.tick(10_000);
      run.demo.stop();
    }
    expect(day.packets.length).toBeGreaterThanOrEqual(20);
    const first = day.packets[0]!;
    expect(Math.abs(first.TimeStamp - at("2026-11-26T19:00:00Z") / 1000)).toBeLessThan(1);
    // Live pace: 10 s of wall clock, 10 s of demo clock.
    expect(day.packets.at(-1)!.TimeStamp - first.TimeStamp).toBeCloseTo(10, 0);
    for (const p of day.packets) expect(arrayWatts(p)).toBeGreaterThan(200);
    // Without it, the same car at the same wall time drives in the dark.
    expect(Math.abs(night.packets[0]!.TimeStamp - NIGHT_MS / 1000)).toBeLessThan(1);
    for (const p of night.packets) expect(arrayWatts(p)).toBe(0);
  });

  it("builds a demo day that ends at the demo's time", () => {
    const offset = timeTodayInZone(13, 0, NIGHT_MS) - NIGHT_MS;
    const { demo, packets, tick } = demoAt(NIGHT_MS, { clockOffsetMs: offset, dayHours: 0.25 });
    demo.start();
    for (let i = 0; i < 10 && demo.dayProgress; i++) tick(1);
    expect(demo.dayProgress).toBeNull();
    const noonish = at("2026-11-26T19:00:00Z") / 1000;
    expect(packets[0]!.TimeStamp).toBeCloseTo(noonish - 900 + 0.1, 1);
    expect(packets.at(-1)!.TimeStamp).toBeCloseTo(noonish, 1);
    demo.stop();
  });
});

describe("a reload with ?demoClock", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  async function visit(
    factory: IDBFactory,
    clock: ReturnType<typeof manualTimers>,
    offset: number,
  ) {
    const core = new TelemetryCore({
      timers: clock.timers,
      indexedDB: factory,
      storage: null,
      demoSeed: 5,
    });
    core.start({
      connectToBackend: false,
      demoRate: 2,
      historyCapacity: 5000,
      demoClockOffsetMs: offset,
    });
    await core.whenRestored();
    for (let i = 0; i < 20; i++) {
      clock.tick(1000);
      await settle();
    }
    return core;
  }

  it("starts a fresh day: the last recording stays listed but is not read back into live", async () => {
    const factory = new IDBFactory();
    const clock = manualTimers(NIGHT_MS);
    const offset = timeTodayInZone(13, 0, NIGHT_MS) - NIGHT_MS;
    const first = await visit(factory, clock, offset);
    const recorded = first.liveStore.ring.length;
    first.stop();
    await settle();
    clock.tick(30_000);

    // The same demo clock again: the new car starts at 13:00 again, before the
    // recording's last packet; read back, time would run backwards in the live history.
    const again = await visit(
      factory,
      clock,
      timeTodayInZone(13, 0, clock.timers.now()) - clock.timers.now(),
    );
    const ring = again.liveStore.ring;
    expect(ring.length).toBeLessThan(recorded + 5);
    expect(ring.time(0)).toBeGreaterThanOrEqual(at("2026-11-26T19:00:00Z") / 1000);
    expect((await again.listSessions()).length).toBe(2);
    again.stop();
    await settle();

    // Without a demo clock, the newest recording comes back as before.
    clock.tick(30_000);
    const plain = await visit(factory, clock, 0);
    expect(plain.liveStore.ring.length).toBeGreaterThan(recorded + 30);
    plain.stop();
  });
});
