import { idleRecording, initialConnection } from "../../workers/telemetry/service/config";
import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../workers/contract/snapshot";
import { LiveStore, sameData } from "../../src/worker-client/liveStore";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";

function snapshot(seq: number, changed: Snapshot["changed"], empty = false): Snapshot {
  return {
    seq,
    empty,
    changed,
    connection: initialConnection(),
    counters: {
      accepted: seq,
      rejected: 0,
      rejectedEvents: 0,
      packetRate: 2,
      historyLength: seq,
      historyCapacity: 100,
      historyBytes: 0,
      lastPacketTime: 1_700_000_000,
      recentRejections: [],
      liveHistory: {
        length: seq,
        capacity: 100,
        bytes: 0,
        from: null,
        to: null,
        packetRate: 2,
      },
    },
    geo: { lat: null, long: null, headingDeg: null, distanceKm: 0 },
    backend: { generation: null, generationEvidence: "", raceInfo: null },
    playback: {
      on: false,
      view: "live",
      origin: null,
      playing: false,
      speed: 1,
      clock: null,
      start: null,
      end: null,
      loading: null,
      rejected: 0,
      error: null,
      laps: [],
    },
    recording: idleRecording(),
    alerts: {
      version: 0,
      active: { info: 0, warning: 0, critical: 0 },
      unacknowledgedCritical: 0,
      bySubject: {},
      origin: "live",
    },
    math: { version: 0, count: 0, recompute: null },
    strategy: null,
    windows: { hosting: "shared", count: 1, recorder: "core" },
  };
}

/** A worker whose snapshots take 5 ms: what it was asked, when, and how many at once. */
function slowWorker(answer: (sinceSeq: number) => Snapshot) {
  const asked: { since: number; at: number }[] = [];
  let inFlight = 0;
  let most = 0;
  const client = {
    api: {
      snapshot: async (sinceSeq: number) => {
        asked.push({ since: sinceSeq, at: performance.now() });
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return answer(sinceSeq);
      },
    },
  } as unknown as TelemetryClient;
  return { client, asked, maxInFlight: () => most };
}

describe("LiveStore", () => {
  it("drops every value when the history shown has no packet (live afresh after the demo)", () => {
    const store = new LiveStore({} as TelemetryClient);
    let renders = 0;
    store.subscribeField("Battery.PackVoltage", () => renders++);
    store.apply(snapshot(1, { "Battery.PackVoltage": 120.5 }));
    expect(store.get("Battery.PackVoltage")).toBe(120.5);
    store.apply(snapshot(5, {}, true));
    expect(store.get("Battery.PackVoltage")).toBeUndefined();
    expect(renders).toBe(2);
  });

  it("wakes only the panels whose fields changed", () => {
    const store = new LiveStore({} as TelemetryClient);
    let batteryRenders = 0;
    let mpptRenders = 0;
    store.subscribeField("Battery.PackVoltage", () => batteryRenders++);
    store.subscribeField("MPPT.Mppt0Ch0ArrayCurrent", () => mpptRenders++);

    store.apply(snapshot(1, { "Battery.PackVoltage": 120.5, "MPPT.Mppt0Ch0ArrayCurrent": 3 }));
    store.apply(snapshot(2, { "MPPT.Mppt0Ch0ArrayCurrent": 3.4 }));

    expect(batteryRenders).toBe(1);
    expect(mpptRenders).toBe(2);
    expect(store.get("Battery.PackVoltage")).toBe(120.5);
    expect(store.get("MPPT.Mppt0Ch0ArrayCurrent")).toBe(3.4);
    expect(store.status?.counters.accepted).toBe(2);
  });

  it("asks the worker only for what changed since the last snapshot, one request at a time", async () => {
    const worker = slowWorker((since) => snapshot(since + 3, { "Battery.PackVoltage": since }));
    const store = new LiveStore(worker.client, 1);
    store.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    store.stop();

    expect(worker.asked.slice(0, 3).map((a) => a.since)).toEqual([0, 3, 6]);
    expect(worker.maxInFlight()).toBe(1);
  });

  it("polls at once when asked (an alert started), never two requests at a time", async () => {
    const worker = slowWorker((since) => snapshot(since + 1, {}));
    const store = new LiveStore(worker.client, 1000); // a poll a second unless asked
    store.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = performance.now();
    store.pollNow();
    store.pollNow(); // while one is in flight: one more after it, not two at once
    await new Promise((resolve) => setTimeout(resolve, 50));
    store.stop();
    expect(worker.asked.filter((a) => a.at >= before)).toHaveLength(2);
    expect(worker.maxInFlight()).toBe(1);
  });

  it("keeps a status part the same object while its data is the same, so its readers do not re-render", () => {
    const store = new LiveStore({} as TelemetryClient);
    let heard = 0;
    store.subscribeStatus(() => heard++);
    store.apply(snapshot(1, {}));
    const first = store.status!;
    store.apply(snapshot(2, {})); // a fresh clone: counters moved, the rest is equal
    const second = store.status!;
    expect(heard).toBe(2); // the status bar still hears every snapshot (its "waiting" text ages)
    expect(second.counters).not.toBe(first.counters);
    expect(second.counters.accepted).toBe(2);
    expect(second.playback).toBe(first.playback);
    expect(second.connection).toBe(first.connection);
    expect(second.geo).toBe(first.geo);
    const moved = snapshot(3, {});
    moved.geo = { ...moved.geo, lat: 51.5 };
    store.apply(moved);
    expect(store.status!.geo).not.toBe(first.geo);
    expect(store.status!.geo.lat).toBe(51.5);
    expect(store.status!.playback).toBe(first.playback);
  });

  it("hands on the math channels' version: the field catalog is asked again only when it moves", () => {
    const store = new LiveStore({} as TelemetryClient);
    store.apply(snapshot(1, {}));
    const first = store.status!.math;
    expect(first.version).toBe(0);
    store.apply(snapshot(2, {}));
    expect(store.status!.math).toBe(first);
    const saved = snapshot(3, {});
    saved.math = { version: 1, count: 1, recompute: { done: 40, total: 100 } };
    store.apply(saved);
    expect(store.status!.math).toEqual({
      version: 1,
      count: 1,
      recompute: { done: 40, total: 100 },
    });
  });
});

describe("sameData", () => {
  it("compares cloned data deeply", () => {
    expect(sameData({ a: [1, { b: null }], c: "x" }, { a: [1, { b: null }], c: "x" })).toBe(true);
    expect(sameData({ a: [1, 2] }, { a: [1, 3] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
    expect(sameData(null, {})).toBe(false);
  });
});
