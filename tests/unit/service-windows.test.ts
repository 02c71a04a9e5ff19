// Several windows, one core (DESIGN): each window is a TelemetryService on a
// shared TelemetryCore. The live history, the sources and the lap table are
// shared; what a window shows (live or its own replay) is its own.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { DEFAULT_LAP_COORDS } from "../../workers/shared/trackCoords";
import { exportText, storeOf } from "./csv-helpers";

const CONFIG = { connectToBackend: false, historyCapacity: 20_000 };

function twoWindows() {
  const core = new TelemetryCore({ demoSeed: 3 });
  const a = new TelemetryService(core);
  const b = new TelemetryService(core);
  const eventsA: WorkerEvent[] = [];
  const eventsB: WorkerEvent[] = [];
  a.start(CONFIG, (batch) => void eventsA.push(...batch));
  // A later window's settings do not restart the core (one history, one recording).
  b.start({ ...CONFIG, demoRate: 1000 }, (batch) => void eventsB.push(...batch));
  return { core, a, b, eventsA, eventsB };
}

const lapEvents = (events: WorkerEvent[]) => events.filter((e) => e.type === "laps");
const lapNotices = (events: WorkerEvent[]) =>
  events.filter((e) => e.type === "notification" && e.kind === "lapComplete");

describe("two windows on one telemetry core", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("both see the same live packets, stored once", () => {
    const { a, b } = twoWindows();
    vi.advanceTimersByTime(5000);
    const seenA = a.snapshot(0);
    const seenB = b.snapshot(0);
    expect(seenA.counters.accepted).toBe(11); // DEMO's 2 packets/s, not twice that
    expect(seenB.counters.accepted).toBe(11);
    expect(seenB.changed["Telemetry.GpsLatitude"]).toBe(seenA.changed["Telemetry.GpsLatitude"]);
    expect(seenB.changed["Battery.PackVoltage"]).toBe(seenA.changed["Battery.PackVoltage"]);
    a.stop();
    b.stop();
  });

  it("one window plays back while the other stays live", () => {
    const { a, b } = twoWindows();
    vi.advanceTimersByTime(2000);
    const liveB = b.snapshot(0);
    a.setPlayback(true);
    const replaying = a.snapshot(0);
    expect(replaying.connection.playback).toBe(true);
    expect(replaying.changed["Battery.PackVoltage"]).toBe(0); // the default packet
    vi.advanceTimersByTime(2000);
    const stillLive = b.snapshot(liveB.seq);
    expect(stillLive.connection.playback).toBe(false);
    expect(stillLive.playback.on).toBe(false);
    // The car moves on in B (its position changes with every packet, day or night).
    expect(stillLive.changed["Telemetry.GpsLatitude"]).toBeGreaterThan(30);
    expect(a.snapshot(replaying.seq).changed).toEqual({}); // live values stay hidden in A
    a.setPlayback(false);
    expect(a.snapshot(replaying.seq).changed["Battery.PackVoltage"]).toBeGreaterThan(100);
    a.stop();
    b.stop();
  });

  it("a CSV import replays in the window that imported it only", async () => {
    vi.useRealTimers(); // the import yields to the event loop between pieces
    const { a, b } = twoWindows();
    const report = await a.importCsv(new Blob([exportText(storeOf(5))]), "run-1.csv");
    expect(report.ok).toBe(true);
    expect(a.snapshot(0).playback).toMatchObject({ on: true, view: "replay" });
    expect(a.snapshot(0).counters.historyLength).toBe(5);
    expect(b.snapshot(0).playback).toMatchObject({ on: false, view: "live" });
    expect(b.snapshot(0).changed["Pi.Rfid"]).not.toBe("TAG-4");
    a.stop();
    b.stop();
  });

  it("each window gets the laps and the finish line; a replaying one no live lap news", async () => {
    const { a, b, eventsA, eventsB } = twoWindows();
    vi.advanceTimersByTime(300_000); // a lap at the demo's pace takes about 4 minutes
    for (const events of [eventsA, eventsB]) {
      expect(lapNotices(events).length).toBe(1);
      expect(lapEvents(events).at(-1)).toMatchObject({ result: { laps: [{ simulated: true }] } });
    }

    a.setPlayback(true);
    vi.advanceTimersByTime(100);
    const fromA = eventsA.length;
    vi.advanceTimersByTime(300_000);
    expect(lapNotices(eventsB).length).toBe(2); // B is live: it hears the next lap
    expect(lapEvents(eventsB).at(-1)).toMatchObject({ result: { laps: [{}, {}] } });
    const newInA = eventsA.slice(fromA);
    expect(lapNotices(newInA)).toEqual([]); // A replays: no live lap news...
    expect(lapEvents(newInA).every((e) => e.type === "laps" && e.result.laps.length === 0)).toBe(
      true,
    ); // ...and its Laps tab keeps the replay's (empty) list
    a.setPlayback(false);
    vi.advanceTimersByTime(100);
    expect(lapEvents(eventsA).at(-1)).toMatchObject({ result: { laps: [{}, {}] } });

    const answer = await b.setLapCoords({ lat: "-33.86", long: "151.21", password: "" });
    expect(answer.ok).toBe(true);
    vi.advanceTimersByTime(100);
    for (const events of [eventsA, eventsB])
      expect(events.filter((e) => e.type === "lapCoords").at(-1)).toMatchObject({
        coords: { lat: -33.86, long: 151.21 },
      });
    a.stop();
    b.stop();
  });

  it("a window that joins after the finish line was set cuts an imported day's laps with it", async () => {
    const core = new TelemetryCore({ demoSeed: 3 });
    const a = new TelemetryService(core);
    a.start(CONFIG, () => {});
    const { lat, long } = DEFAULT_LAP_COORDS;
    const set = await a.setLapCoords({ lat: String(lat), long: String(long), password: "" });
    expect(set.ok).toBe(true);
    vi.advanceTimersByTime(600_000); // a lap takes about 4 minutes at the demo's pace
    const day = exportText(core.liveStore);

    // B joins now: it never heard the line's broadcast.
    const b = new TelemetryService(core);
    b.start(CONFIG, () => {});
    vi.useRealTimers(); // the import yields to the event loop between pieces
    const report = await b.importCsv(new Blob([day]), "day.csv");
    expect(report.ok).toBe(true);
    // An import has no lap events: its laps are cut where the car crossed the line.
    const table = await b.lapTable();
    expect(table.rows.length).toBeGreaterThanOrEqual(1);
    expect(table.rows[0]!.span).toMatchObject({ boundary: "crossing", number: 1 });
    a.stop();
    b.stop();
  });

  it("a window that leaves stops only itself; the last one out stops the core", () => {
    const { core, a, b } = twoWindows();
    vi.advanceTimersByTime(1000);
    b.stop();
    expect(core.running).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(a.snapshot(0).counters.accepted).toBe(5);
    a.stop();
    expect(core.running).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(a.snapshot(0).counters.accepted).toBe(5);
  });

  it("a source chosen in one window is the source of every window", () => {
    const { a, b } = twoWindows();
    vi.advanceTimersByTime(1000);
    a.setConnectionType("RADIO");
    const inB = b.snapshot(0);
    expect(inB.connection.connectionType).toBe("RADIO");
    expect(inB.counters.historyLength).toBe(0); // the demo's history is not shown as the radio's
    a.stop();
    b.stop();
  });
});
