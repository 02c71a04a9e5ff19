// Opening the session database written by an older build: its recordings and
// laps are still there (laps now as "lap" events), the stores it no longer
// uses are gone. A database written by a newer build is left alone, and the
// warning says so instead of blaming the browser's storage.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { Lap } from "../../workers/contract/laps";
import { encodeChunk } from "../../workers/shared/storage/chunkCodec";
import { DB_VERSION } from "../../workers/shared/storage/schema";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { recordingSettings, stillTimers } from "./sessionsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;
const NAME = "helios-sessions";

function lap(endS: number): Lap {
  return {
    rfid: "tag-7",
    endMs: endS * 1000,
    lapTime: 190 + (endS % 7),
    distance: 2.1,
    averageSpeed: 39.5,
    ampHours: 1.1,
    averagePackCurrent: 9,
    energyConsumed: 0.11,
    totalPowerIn: 410,
    totalPowerOut: 880,
    netPowerOut: 470,
    batterySecondsRemaining: 8800,
    averageMotorWattage: 620,
    simulated: false,
  };
}

/** Opens the database at `version` and lets `build` lay it out, as an older (or newer) build did. */
function createAt(
  factory: IDBFactory,
  version: number,
  build: (db: IDBDatabase, tx: IDBTransaction) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open(NAME, version);
    request.onupgradeneeded = () => build(request.result, request.transaction!);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

function storesOf(factory: IDBFactory): Promise<{ version: number; stores: string[] }> {
  return new Promise((resolve) => {
    const request = factory.open(NAME);
    request.onsuccess = () => {
      const db = request.result;
      resolve({ version: db.version, stores: Array.from(db.objectStoreNames).sort() });
      db.close();
    };
  });
}

/** This build opening the database (and upgrading it): the live history, the sessions, what they said. */
async function openWithThisBuild(factory: IDBFactory) {
  const notices: string[] = [];
  const live = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
  const sessions = new Sessions({
    factory,
    timers: stillTimers,
    notice: (_l, m) => notices.push(m),
  });
  await sessions.start(live, recordingSettings, () => "NETWORK");
  return { notices, live, sessions };
}

/** A recorded session of 20 packets, laid out as version 2 stored it. */
function recordedSession(): { store: TelemetryStore; session: object; chunk: object } {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
  for (let i = 0; i < 20; i++) {
    const p = defaultPacket();
    p.TimeStamp = T0 + i;
    p.Battery.PackVoltage = 100 + i;
    store.ingest(p, "NETWORK");
  }
  const layout = store.chunkLayout;
  const chunk = encodeChunk("s1", 0, store.newestRows(20), T0, T0 + 19, layout);
  const session = {
    id: "s1",
    name: "NETWORK race day 1",
    source: "NETWORK",
    backendUrl: "",
    startedAt: 1,
    endedAt: 2,
    firstPacketTime: T0,
    lastPacketTime: T0 + 19,
    packets: 20,
    bytes: 1000,
    chunks: 1,
  };
  return { store, session, chunk };
}

describe("upgrading the session database", () => {
  it("from version 2: recordings stay, laps come back as before, the laps store is gone", async () => {
    const factory = new IDBFactory();
    const { store: recorded, session, chunk } = recordedSession();
    await createAt(factory, 2, (db) => {
      db.createObjectStore("sessions", { keyPath: "id" }).put(session);
      const chunks = db.createObjectStore("chunks", { keyPath: ["sessionId", "index"] });
      chunks.createIndex("byTime", ["sessionId", "t1"]);
      chunks.put(chunk);
      const laps = db.createObjectStore("laps", { keyPath: ["sessionId", "endMs"] });
      for (const end of [T0 + 15, T0 + 5]) laps.put({ ...lap(end), sessionId: "s1" });
      laps.put({ ...lap(T0 + 10), lapTime: "n/a", sessionId: "s1" }); // damaged
      laps.put({ ...lap(T0 + 500), sessionId: "s2" });
      db.createObjectStore("scratch"); // a store no build uses any more
    });

    const { notices, live, sessions } = await openWithThisBuild(factory);
    expect(sessions.state().available).toBe(true);
    // The recording restores as before.
    expect(live.counters().historyLength).toBe(20);
    expect(live.ring.time(19)).toBe(recorded.ring.time(19));
    // Each session keeps its own laps, oldest first; the damaged one is dropped and said.
    expect(await sessions.sessionLaps("s1")).toEqual([lap(T0 + 5), lap(T0 + 15)]);
    expect(notices).toEqual(["1 recorded lap of this session could not be read and is not shown."]);
    expect(await sessions.sessionLaps("s2")).toEqual([lap(T0 + 500)]);
    sessions.stop();
    await new Promise((r) => setTimeout(r, 10));
    expect(await storesOf(factory)).toEqual({
      version: DB_VERSION,
      stores: ["chunks", "events", "sessions", "summaries"],
    });
  });

  it("from version 2 without its chunks store: the session that lost its data is removed and said, not listed", async () => {
    const factory = new IDBFactory();
    const { session } = recordedSession();
    await createAt(factory, 2, (db) => {
      db.createObjectStore("sessions", { keyPath: "id" }).put(session);
      db.createObjectStore("laps", { keyPath: ["sessionId", "endMs"] }).put({
        ...lap(T0 + 5),
        sessionId: "s1",
      });
    });
    const { notices, live, sessions } = await openWithThisBuild(factory);
    expect(notices).toEqual([
      'Session "NETWORK race day 1" was removed: none of its recorded data was found (its stored chunks are missing).',
    ]);
    expect(await sessions.list()).toEqual([]);
    expect(await sessions.sessionLaps("s1")).toEqual([]);
    expect(live.counters().historyLength).toBe(0);
    sessions.stop();
    await new Promise((r) => setTimeout(r, 10));
  });

  it("from version 3: everything stays, the summaries store is added, and the session restores without one", async () => {
    const factory = new IDBFactory();
    const { store: recorded, session, chunk } = recordedSession();
    await createAt(factory, 3, (db) => {
      db.createObjectStore("sessions", { keyPath: "id" }).put(session);
      const chunks = db.createObjectStore("chunks", { keyPath: ["sessionId", "index"] });
      chunks.createIndex("byTime", ["sessionId", "t1"]);
      chunks.put(chunk);
      const events = db.createObjectStore("events", {
        keyPath: ["sessionId", "kind", "time", "seq"],
      });
      events.createIndex("byTime", ["sessionId", "time"]);
    });
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const previews: (number | null)[] = [];
    const sessions = new Sessions({ factory, timers: stillTimers, notice: () => undefined });
    await sessions.start(
      live,
      {
        ...recordingSettings,
        showPreview: (p) => previews.push(p && p.counters().historyLength),
      },
      () => "NETWORK",
    );
    expect(live.counters().historyLength).toBe(20);
    expect(live.ring.time(0)).toBe(recorded.ring.time(0));
    // No summary was saved by version 3: no early picture, the rows come as before.
    expect(previews).toEqual([]);
    expect(sessions.state().restore).toMatchObject({ phase: "done", previewRows: 0, rows: 20 });
    expect((await sessions.list()).map((s) => s.name)).toEqual(["NETWORK race day 1"]);
    sessions.stop();
    await new Promise((r) => setTimeout(r, 10));
    expect(await storesOf(factory)).toEqual({
      version: DB_VERSION,
      stores: ["chunks", "events", "sessions", "summaries"],
    });
  });

  it("from version 1: its unreadable chunks and their sessions are dropped, nothing of it is left", async () => {
    const factory = new IDBFactory();
    await createAt(factory, 1, (db) => {
      db.createObjectStore("sessions", { keyPath: "id" }).put({ id: "old", name: "v1" });
      const chunks = db.createObjectStore("chunks", { keyPath: ["sessionId", "index"] });
      chunks.createIndex("byTime", ["sessionId", "t1"]);
      chunks.put({ sessionId: "old", index: 0, t1: T0, columns: [] });
    });
    const sessions = new Sessions({ factory, timers: stillTimers, notice: () => undefined });
    await sessions.start(
      new TelemetryStore({ layout: LAYOUT, capacity: 10 }),
      recordingSettings,
      () => "DEMO",
    );
    expect(await sessions.list()).toEqual([]);
    sessions.stop();
    await new Promise((r) => setTimeout(r, 10));
    expect(await storesOf(factory)).toEqual({
      version: DB_VERSION,
      stores: ["chunks", "events", "sessions", "summaries"],
    });
  });

  it("a database written by a newer version is left alone, and the warning says so", async () => {
    const factory = new IDBFactory();
    await createAt(factory, DB_VERSION + 1, (db) => {
      db.createObjectStore("sessions", { keyPath: "id" });
      db.createObjectStore("timeline");
    });
    const notices: string[] = [];
    const sessions = new Sessions({
      factory,
      timers: stillTimers,
      notice: (_l, m) => notices.push(m),
    });
    await sessions.start(
      new TelemetryStore({ layout: LAYOUT, capacity: 10 }),
      recordingSettings,
      () => "DEMO",
    );
    expect(sessions.state().available).toBe(false);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/written by a newer version of the app/);
    expect(notices[0]).not.toMatch(/no usable storage/);
    // The Sessions panel and Settings show the same words, with what to do.
    expect(sessions.state().problem).toMatch(/written by a newer version of the app \(reload/);
    expect(await storesOf(factory)).toEqual({
      version: DB_VERSION + 1,
      stores: ["sessions", "timeline"],
    });
  });

  it("a tab of the older version keeping the database open: says so, and upgrades once it is gone", async () => {
    const factory = new IDBFactory();
    await createAt(factory, 2, (db) => {
      db.createObjectStore("sessions", { keyPath: "id" });
      db.createObjectStore("chunks", { keyPath: ["sessionId", "index"] });
      const laps = db.createObjectStore("laps", { keyPath: ["sessionId", "endMs"] });
      laps.put({ ...lap(T0 + 5), sessionId: "s1" });
    });
    // The older build's tab: an open connection that ignores "versionchange".
    const olderTab = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open(NAME, 2);
      request.onsuccess = () => resolve(request.result);
    });
    const notices: string[] = [];
    const blocked = new Sessions({
      factory,
      timers: stillTimers,
      notice: (_l, m) => notices.push(m),
    });
    await blocked.start(
      new TelemetryStore({ layout: LAYOUT, capacity: 10 }),
      recordingSettings,
      () => "DEMO",
    );
    expect(blocked.state().available).toBe(false);
    expect(notices).toEqual([
      "Sessions are not recorded: another tab with an older version of the app keeps the recordings open (close it, then reload). Live data goes on.",
    ]);
    olderTab.close();
    await new Promise((r) => setTimeout(r, 20)); // the held-up upgrade runs
    const reloaded = new Sessions({ factory, timers: stillTimers, notice: () => undefined });
    await reloaded.start(
      new TelemetryStore({ layout: LAYOUT, capacity: 10 }),
      recordingSettings,
      () => "DEMO",
    );
    expect(await reloaded.sessionLaps("s1")).toEqual([lap(T0 + 5)]);
  });
});
