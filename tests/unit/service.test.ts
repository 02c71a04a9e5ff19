import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { TRACK } from "../../workers/telemetry/sources/demo/track";
import { DEFAULT_LAP_COORDS } from "../../workers/shared/trackCoords";
import { haversineKm } from "../../workers/telemetry/geo/geo";

// DEMO runs on timers; fake ones make the simulated car's minutes take milliseconds.
function startDemo(config: Record<string, unknown> = {}) {
  const service = new TelemetryService({ demoSeed: 3 });
  const events: WorkerEvent[] = [];
  service.start(
    { connectToBackend: false, historyCapacity: 20_000, ...config },
    (batch) => void events.push(...batch),
  );
  return { service, events };
}

function linesStream(lines: string[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(lines.join("\n") + "\n");
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

describe("TelemetryService in DEMO", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("shows a new simulated packet every 500 ms, sending only what changed", () => {
    const { service, events } = startDemo();
    const first = service.snapshot(0);
    expect(first.connection.connectionType).toBe("DEMO");
    expect(first.changed["Title"]).toBe("Helios");
    expect(first.counters.accepted).toBe(1);
    vi.advanceTimersByTime(5000);
    const later = service.snapshot(first.seq);
    expect(later.counters.accepted).toBe(11);
    expect(later.seq).toBeGreaterThan(first.seq);
    expect(later.changed["Telemetry.GpsLatitude"]).not.toBe(first.changed["Telemetry.GpsLatitude"]);
    expect(later.changed).not.toHaveProperty("Title"); // unchanged fields are not re-sent
    expect(later.geo.distanceKm).toBeGreaterThan(0.05);
    // State travels in snapshots only; events are happenings (laps, notifications).
    expect(events.every((e) => ["notification", "laps", "lapCoords"].includes(e.type))).toBe(true);
    service.stop();
  });

  // Issue 7: a saved NETWORK choice was overwritten by DEMO at start.
  it("starts in a saved NETWORK choice without generating a single demo packet", () => {
    const { service, events } = startDemo({
      connectionType: "NETWORK",
      backendUrl: "http://127.0.0.1:9",
    });
    vi.advanceTimersByTime(10_000);
    const snapshot = service.snapshot(0);
    expect(snapshot.connection.connectionType).toBe("NETWORK");
    expect(snapshot.counters.accepted).toBe(0);
    expect(snapshot.changed).toEqual({}); // no values at all, not even zeros
    expect(snapshot.connection).toMatchObject({
      carLink: "unknown",
      liveDataFlowing: false,
      lastLivePacketAt: null,
    });
    expect(events.filter((e) => e.type === "notification")).toEqual([]);
    service.stop();
  });

  it("honours a high demo rate", () => {
    const { service } = startDemo({ demoRate: 2000 });
    vi.advanceTimersByTime(2000);
    const accepted = service.snapshot(0).counters.accepted;
    expect(accepted).toBeGreaterThan(3900);
    expect(accepted).toBeLessThan(4100);
    service.stop();
  });

  it("a switch from DEMO to NETWORK leaves no demo value or history under the real source's name", () => {
    const { service } = startDemo();
    vi.advanceTimersByTime(2000);
    const demo = service.snapshot(0);
    expect(demo.changed["Battery.PackVoltage"]).toBeGreaterThan(100);
    service.setConnectionType("NETWORK");
    const network = service.snapshot(demo.seq);
    expect(network.connection.connectionType).toBe("NETWORK");
    expect(network.empty).toBe(true); // the page drops the demo's values
    expect(network.changed).toEqual({});
    expect(network.counters.historyLength).toBe(0);
    const series = service.series({
      fields: ["Battery.PackVoltage"],
      from: null,
      to: null,
      points: 100,
      units: "metric",
    });
    expect(series.data[0]!.length).toBe(0); // no demo points in the plots
    service.stop();
  });

  it("after the switch to a fresh live history, the first real packet reaches a page that polled it empty", async () => {
    const { service } = startDemo({ connectionType: "DEMO" });
    vi.advanceTimersByTime(1000);
    const demo = service.snapshot(0);
    service.setConnectionType("RADIO");
    const empty = service.snapshot(demo.seq); // the page polls before any real packet
    expect(empty.empty).toBe(true);
    const packet = new CarSimulator({ seed: 9 }).next(0.5);
    service.attachRadio(linesStream([JSON.stringify({ ...packet, Pi: { Rfid: "REAL-TAG" } })]));
    await vi.waitFor(() => expect(service.snapshot(0).counters.accepted).toBe(1));
    const first = service.snapshot(empty.seq);
    expect(first.empty).toBe(false);
    expect(first.changed["Pi.Rfid"]).toBe("REAL-TAG"); // a value that never changes again
    expect(Object.keys(first.changed).length).toBeGreaterThan(300);
    service.stop();
  });

  it("stops the demo when the user picks another source and resumes it on DEMO", () => {
    const { service, events } = startDemo();
    vi.advanceTimersByTime(1000);
    service.setConnectionType("NETWORK");
    const before = service.snapshot(0).counters.accepted;
    vi.advanceTimersByTime(3000);
    expect(service.snapshot(0).counters.accepted).toBe(before);
    expect(service.snapshot(0).connection.connectionType).toBe("NETWORK");
    // Node has no IndexedDB: the one "not recorded" notice; and the backend that
    // took over is asked for its laps. No packets, no simulated laps, no state.
    const others = events.filter((e) => e.type !== "sessionNotice");
    expect(others.every((e) => e.type === "laps" && e.result.laps.length === 0)).toBe(true);
    service.setConnectionType("DEMO");
    vi.advanceTimersByTime(1000);
    expect(service.snapshot(0).counters.accepted).toBeGreaterThan(before);
    service.stop();
  });

  it("playback shows the default packet but keeps storing live packets", () => {
    const { service } = startDemo();
    vi.advanceTimersByTime(2000);
    const live = service.snapshot(0);
    expect(live.changed["Battery.PackVoltage"]).toBeGreaterThan(100);

    service.setPlayback(true);
    const shown = service.snapshot(live.seq);
    expect(shown.connection.playback).toBe(true);
    expect(shown.changed["Battery.PackVoltage"]).toBe(0);
    expect(shown.changed["Title"]).toBe("");
    expect(shown.changed["B3.ForwardDigital"]).toBe(false);
    expect(shown.geo.lat).toBeNull();
    vi.advanceTimersByTime(2000);
    const during = service.snapshot(shown.seq);
    expect(during.changed).toEqual({}); // live values stay hidden
    expect(during.counters.accepted).toBe(live.counters.accepted + 4); // ...but are stored

    service.setPlayback(false);
    const back = service.snapshot(during.seq);
    expect(back.changed["Battery.PackVoltage"]).toBeGreaterThan(100);
    expect(back.changed["Title"]).toBe("Helios");
    expect(service.snapshot(back.seq).changed).toEqual({}); // and not re-sent twice
    service.stop();
  });

  it("shows the simulated car's laps; during playback the list grows quietly (issue 32 item 9)", () => {
    const { service, events } = startDemo();
    vi.advanceTimersByTime(300_000); // a lap of the ~4.4 km circuit: ~4 minutes at the demo's pace
    const laps = events.filter((e) => e.type === "laps").at(-1);
    expect(laps?.type === "laps" && laps.result.laps.length).toBe(1);
    expect(events.some((e) => e.type === "notification" && e.kind === "lapComplete")).toBe(true);

    service.setPlayback(true);
    vi.advanceTimersByTime(100); // the Laps tab switches to the (empty) replay list
    expect(events.filter((e) => e.type === "laps").at(-1)).toMatchObject({ result: { laps: [] } });
    const count = events.length;
    vi.advanceTimersByTime(240_000);
    const during = events.slice(count);
    expect(during.some((e) => e.type === "notification")).toBe(false); // no toast in playback
    // The window still shows the replay's laps...
    for (const e of during) if (e.type === "laps") expect(e.result.laps).toEqual([]);
    // ...and back to live, the lap completed meanwhile is there.
    service.setPlayback(false);
    vi.advanceTimersByTime(100);
    const back = events.filter((e) => e.type === "laps").at(-1);
    expect(back?.type === "laps" && back.result.laps.length).toBe(2);
    service.stop();
  });

  // Issue 10: a finish line saved in the settings was ignored by the simulated car until moved again.
  it("laps the simulated car at the saved finish line from the start", () => {
    const line = TRACK.pointAt(TRACK.length / 2);
    const { service, events } = startDemo({ lapCoords: { lat: line.lat, long: line.long } });
    const lapsSeen = () => events.filter((e) => e.type === "laps").length;
    const where: number[] = [];
    for (let ms = 0; ms < 480_000; ms += 500) {
      const before = lapsSeen();
      vi.advanceTimersByTime(500);
      if (lapsSeen() === before) continue;
      const geo = service.snapshot(0).geo;
      where.push(haversineKm(geo.lat!, geo.long!, line.lat, line.long));
    }
    expect(where.length).toBeGreaterThanOrEqual(1);
    for (const km of where) expect(km).toBeLessThan(0.05);
    const atDefault = haversineKm(
      line.lat,
      line.long,
      DEFAULT_LAP_COORDS.lat,
      DEFAULT_LAP_COORDS.long,
    );
    expect(atDefault).toBeGreaterThan(0.5); // so the default line could not pass this test
    service.stop();
  });

  it("counts rejections in the snapshot's counters and sends no event per packet", async () => {
    const batches: WorkerEvent[][] = [];
    const service = new TelemetryService();
    service.start(
      { connectToBackend: false, connectionType: "RADIO" },
      (b) => void batches.push(b),
    );
    service.attachRadio(linesStream(Array.from({ length: 500 }, (_, i) => `garbage ${i}`)));
    await vi.waitFor(() => expect(service.snapshot(0).counters.rejected).toBe(500));
    vi.advanceTimersByTime(500);
    // Node has no IndexedDB: the one "not recorded" notice is the only event,
    // besides the radio link's alert when the stream ends (issue 34).
    expect(batches.flat().filter(notLinkNorStorage)).toEqual([]);
    expect(service.snapshot(0).counters.recentRejections.length).toBeGreaterThan(0);
    service.stop();
  });
});

/** Neither the "not recorded" notice nor the alert that the radio's stream ended. */
const notLinkNorStorage = (e: WorkerEvent) =>
  e.type !== "sessionNotice" &&
  !(e.type === "alerts" && e.started.every((a) => a.ruleId === "source-link-lost"));

describe("TelemetryService with bad input", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("counts broken radio frames as rejected and keeps the good ones", async () => {
    const { service, events } = startDemo({ connectionType: "RADIO" });
    const good = JSON.stringify(new CarSimulator({ seed: 8 }).next(0.5));
    const stream = linesStream([good, "{not json", '{"Title": 5}', good, "", "null", good]);
    service.attachRadio(stream);
    await vi.waitFor(() => expect(service.snapshot(0).counters.accepted).toBe(3));
    const counters = service.snapshot(0).counters;
    expect(counters.rejected).toBe(3);
    expect(counters.recentRejections.at(-1)?.source).toBe("RADIO");
    vi.advanceTimersByTime(200);
    // Node has no IndexedDB: the one "not recorded" notice is the only event.
    expect(events.filter(notLinkNorStorage)).toEqual([]);
    service.stop();
  });

  it("never throws for nonsense from the UI", () => {
    const { service } = startDemo();
    expect(() => service.setConnectionType("SATELLITE" as never)).not.toThrow();
    expect(service.snapshot(0).connection.connectionType).toBe("DEMO");
    expect(() => service.snapshot(Number.NaN)).not.toThrow();
    expect(() => service.setDemoRate(-5)).not.toThrow();
    expect(() => service.setBackendUrl(42 as never)).not.toThrow();
    expect(() => service.attachRadio({} as never)).not.toThrow();
    const series = service.series({ fields: null } as never);
    expect(Array.isArray(series.data)).toBe(true);
    service.stop();
  });

  it("returns plot series with every stored packet's time", () => {
    const { service } = startDemo();
    vi.advanceTimersByTime(10_000);
    const result = service.series({
      fields: ["Battery.PackVoltage", "B3.ForwardDigital"],
      from: null,
      to: null,
      points: 1000,
      units: "metric",
    });
    expect(result.data).toHaveLength(3);
    expect(result.data[0]!.length).toBe(21);
    expect(Math.min(...result.data[1]!)).toBeGreaterThan(100);
    expect([...result.data[2]!].every((v) => v === 1)).toBe(true);
    service.stop();
  });
});
