// The fault probes on recorded sessions (issue 32, items 19–23): a database
// damaged on purpose, a store that opens slowly, a browser out of quota. What
// a user would notice: the list loads, what was dropped is said with the
// session, the count and why, nothing implausible enters history, and
// recording goes on once there is room again.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { ChunkRecord } from "../../workers/contract/storageProtocol";
import { SessionDb, type SessionStore } from "../../workers/shared/storage/SessionDb";
import { RETRY_MS } from "../../workers/telemetry/sessions/Recorder";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { manualTimers } from "./manualTimers";
import { recordingSettings } from "./sessionsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;

function packet(i: number): TelemetryPacket {
  const p = defaultPacket();
  p.TimeStamp = T0 + i * 0.1;
  p.Battery.PackVoltage = 100 + (i % 50);
  return p;
}

// NETWORK: a reload continues its session (a DEMO reload starts a new car and session).
/** A recording of `chunks` one-second chunks of 10 packets, then the page goes. */
async function record(factory: IDBFactory, chunks: number, name = "probe run", at = 10_000_000) {
  const { timers } = manualTimers(at);
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
  const sessions = new Sessions({ factory, timers, notice: () => undefined });
  await sessions.start(store, recordingSettings, () => "NETWORK");
  for (let c = 0; c < chunks; c++) {
    for (let i = 0; i < 10; i++) store.ingest(packet(c * 10 + i), "NETWORK");
    await sessions.flush("NETWORK");
  }
  const session = (await sessions.list()).at(-1); // the newest: this one
  await sessions.rename(session!.id, name);
  sessions.stop();
  await new Promise((r) => setTimeout(r, 10));
  return { id: session!.id, layout: store.chunkLayout };
}

/** Changes the stored database directly, as the fault probes did. */
function tamper(
  factory: IDBFactory,
  change: (chunks: IDBObjectStore, sessions: IDBObjectStore) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open("helios-sessions");
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(["chunks", "sessions"], "readwrite");
      change(tx.objectStore("chunks"), tx.objectStore("sessions"));
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

/** Rewrites every stored chunk with `change`. */
function eachChunk(factory: IDBFactory, change: (chunk: ChunkRecord) => ChunkRecord) {
  return tamper(factory, (chunks) => {
    const all = chunks.getAll();
    all.onsuccess = () => {
      for (const chunk of all.result as ChunkRecord[]) chunks.put(change(chunk));
    };
  });
}

/** A fresh start on the database: what the user sees after a reload. */
async function reload(factory: IDBFactory, capacity = 1000) {
  const notices: string[] = [];
  const { timers, tick } = manualTimers();
  const store = new TelemetryStore({ layout: LAYOUT, capacity });
  const sessions = new Sessions({ factory, timers, notice: (_l, m) => notices.push(m) });
  await sessions.start(store, recordingSettings, () => "NETWORK");
  return { sessions, store, notices, tick };
}

const historyTimes = (store: TelemetryStore) =>
  Array.from({ length: store.ring.length }, (_, i) => store.ring.time(i));

describe("item 19: a chunk index of 1e12", () => {
  it("does not stall the start; the copy is removed and said, the record keeps its count, the rows stay in order", async () => {
    const factory = new IDBFactory();
    const { id } = await record(factory, 3);
    await tamper(factory, (chunks) => {
      const last = chunks.get([id, 1]);
      last.onsuccess = () => chunks.put({ ...(last.result as ChunkRecord), index: 1e12 });
    });
    const { sessions, store, notices } = await reload(factory, 100);
    // Before: readNewestRows stepped from index 1e12 down ~100 at a time,
    // then the record claimed 1e12 + 1 chunks and the copy's rows came last.
    expect(notices).toEqual([
      'Session "probe run": 1 stored chunk was numbered out of sequence (1,000,000,000,000 after 2), so its rows could not be placed in the session: removed.',
    ]);
    const [listed] = await sessions.list();
    expect(listed).toMatchObject({ id, packets: 30, chunks: 3 });
    const times = historyTimes(store);
    expect(times).toHaveLength(30);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    store.ingest(packet(500), "NETWORK");
    await sessions.flush("NETWORK");
    sessions.stop();
    await new Promise((r) => setTimeout(r, 10));
    // And the next start is as quick, and says nothing more: nothing saved makes it loop.
    const again = await reload(factory, 100);
    expect(again.notices).toEqual([]);
    expect(again.store.counters().historyLength).toBe(31);
    expect((await again.sessions.list())[0]).toMatchObject({ packets: 31, chunks: 4 });
  }, 5000);

  it("a record an older build raised to 1e12 + 1 chunks is rebuilt from the chunks left", async () => {
    const factory = new IDBFactory();
    const { id } = await record(factory, 3);
    await tamper(factory, (chunks, sessions) => {
      const last = chunks.get([id, 2]);
      last.onsuccess = () => chunks.put({ ...(last.result as ChunkRecord), index: 1e12 });
      const rec = sessions.get(id);
      rec.onsuccess = () => sessions.put({ ...rec.result, chunks: 1e12 + 1 });
    });
    const { sessions, notices } = await reload(factory, 100);
    expect(notices).toEqual([
      'Session "probe run": 1 stored chunk was numbered out of sequence (1,000,000,000,000 after 2), so its rows could not be placed in the session: removed.',
      'Session "probe run": its record counted chunks that were removed; it was rebuilt from its stored chunks.',
    ]);
    expect((await sessions.list())[0]).toMatchObject({
      id,
      name: "probe run",
      packets: 30,
      chunks: 3,
    });
  }, 5000);
});

describe("item 20: damaged recordings are dropped with a message, never silently", () => {
  it("every chunk cut to half: nothing restored, and the user is told which session and why", async () => {
    const factory = new IDBFactory();
    await record(factory, 4);
    await eachChunk(factory, (c) => ({ ...c, data: c.data.slice(0, c.data.byteLength / 2) }));
    const { store, notices } = await reload(factory);
    expect(store.counters().historyLength).toBe(0);
    expect(notices).toEqual([
      'Session "probe run": 4 recorded chunks (up to a minute of data each) were not restored because the stored data failed its checks (4 cut short or reshaped).',
    ]);
  });

  it("a wrong layout key: said as written by another version of the app", async () => {
    const factory = new IDBFactory();
    await record(factory, 2);
    await eachChunk(factory, (c) => (c.index === 1 ? { ...c, layout: "v2:1:8" } : c));
    const { store, notices } = await reload(factory);
    expect(store.counters().historyLength).toBe(10);
    expect(notices).toEqual([
      'Session "probe run": 1 recorded chunk (up to a minute of data) was not restored because the stored data failed its checks (1 written by another version of the app).',
    ]);
  });

  it("random bytes behind a valid header: no row dated 1970 or absurd value enters history", async () => {
    const factory = new IDBFactory();
    await record(factory, 5);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 256;
    await eachChunk(factory, (c) => {
      if (c.index % 2 === 0) return c;
      const bytes = new Uint8Array(c.data);
      for (let i = 16; i < bytes.length; i++) bytes[i] = random();
      return { ...c, data: bytes.buffer };
    });
    const { store, notices } = await reload(factory);
    expect(store.counters().historyLength).toBe(30); // chunks 0, 2 and 4
    expect(historyTimes(store).every((t) => t >= T0 && t < T0 + 5)).toBe(true);
    const voltages = store.series({
      fields: ["Battery.PackVoltage"],
      from: null,
      to: null,
      points: 100,
      units: "metric",
    }).data[1]!;
    expect(Array.from(voltages).every((v) => v >= 100 && v < 150)).toBe(true);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Session "probe run": 2 recorded chunks .* not restored .*\(2 /);
  });

  it("replaying a damaged session says what was left out as well", async () => {
    const factory = new IDBFactory();
    const { id } = await record(factory, 3);
    await eachChunk(factory, (c) => (c.index === 0 ? { ...c, t0: NaN } : c));
    const { sessions, notices } = await reload(factory);
    notices.length = 0;
    const rows = await sessions.sessionRows(id, T0 - 10, T0 + 10);
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(20);
    expect(notices).toEqual([
      'Session "probe run": 1 recorded chunk (up to a minute of data) was not replayed because the stored data failed its checks (1 damaged).',
    ]);
  });

  it("a record with packets: NaN is rebuilt from its chunks, listed, and counted in the budget", async () => {
    const factory = new IDBFactory();
    const { id } = await record(factory, 3);
    await tamper(factory, (_chunks, sessions) => {
      const get = sessions.get(id);
      get.onsuccess = () => sessions.put({ ...get.result, packets: NaN });
    });
    const { sessions, notices } = await reload(factory);
    expect(notices).toEqual([
      'Session "probe run": its record was damaged; it was rebuilt from its stored chunks.',
    ]);
    const [listed] = await sessions.list();
    expect(listed).toMatchObject({ id, name: "probe run", packets: 30, chunks: 3 });
    expect((await sessions.storageInfo()).sessionBytes).toBe(listed!.bytes);
  });

  it("chunks whose record is gone come back as a session; with nothing to rebuild from, they are removed", async () => {
    const factory = new IDBFactory();
    const { id } = await record(factory, 2);
    const other = await record(factory, 1, "other", 10_000_000 + 3_600_000); // a later session
    await tamper(factory, (chunks, sessions) => {
      sessions.delete(id);
      sessions.delete(other.id);
      const get = chunks.get([other.id, 0]);
      get.onsuccess = () => chunks.put({ ...(get.result as ChunkRecord), totals: undefined });
    });
    const { sessions, notices } = await reload(factory);
    expect(notices.sort()).toEqual([
      `Session "Recovered ${id}": its record was missing; it was rebuilt from its stored chunks.`,
      `Session "Recovered ${other.id}" was removed: its record was missing and no chunk could rebuild it.`,
    ]);
    expect((await sessions.list()).map((s) => [s.id, s.packets])).toEqual([[id, 20]]);
  });
});

describe("item 22: packets that arrive while the recorder opens", () => {
  it("are recorded with the first flush", async () => {
    const factory = new IDBFactory();
    const { timers } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const sessions = new Sessions({
      factory: undefined,
      timers,
      notice: () => undefined,
      openStore: async (layout) => {
        await opened; // a slow open (or restore)
        return SessionDb.open(factory, layout);
      },
    });
    const starting = sessions.start(store, recordingSettings, () => "NETWORK");
    for (let i = 0; i < 30; i++) store.ingest(packet(i), "NETWORK");
    open();
    await starting;
    for (let i = 30; i < 40; i++) store.ingest(packet(i), "NETWORK");
    await sessions.flush("NETWORK");
    expect((await sessions.list())[0]!.packets).toBe(40);
    sessions.stop();
    const { store: after } = await reload(factory);
    expect(historyTimes(after)[0]).toBe(T0);
    expect(after.counters().historyLength).toBe(40);
  });
});

describe("item 23: running out of quota", () => {
  /** A store whose appendChunk the test refuses at will, as a browser out of quota does. */
  async function refusingStore(factory: IDBFactory, layout: string, refuse: () => Error | null) {
    const db = await SessionDb.open(factory, layout);
    const append = db.appendChunk.bind(db);
    db.appendChunk = (chunk, records) => {
      const error = refuse();
      return error ? Promise.reject(error) : append(chunk, records);
    };
    return db as SessionStore;
  }
  const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

  it("the list counts only what was stored, and recording tries again after a pause", async () => {
    const factory = new IDBFactory();
    const { timers, advance } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const notices: string[] = [];
    let full = false;
    const sessions = new Sessions({
      factory: undefined,
      timers,
      notice: (_l, m) => notices.push(m),
      openStore: (layout) => refusingStore(factory, layout, () => (full ? quota() : null)),
    });
    await sessions.start(store, recordingSettings, () => "NETWORK");
    const second = async (i: number) => {
      for (let k = 0; k < 10; k++) store.ingest(packet(i * 10 + k), "NETWORK");
      await sessions.flush("NETWORK");
      advance(1000);
    };
    await second(0);
    full = true; // nothing else to delete: recording pauses
    await second(1);
    await second(2);
    expect(sessions.state().available).toBe(false);
    expect(sessions.state().problem).toMatch(
      /Recording is paused: .*QuotaExceededError.*tries again/,
    );
    expect(notices).toHaveLength(1);
    expect((await sessions.list())[0]!.packets).toBe(10); // before: 30 shown, 10 stored
    full = false; // the user freed space
    advance(RETRY_MS);
    await second(3);
    expect(sessions.state()).toMatchObject({ available: true, problem: null });
    const [listed] = await sessions.list();
    expect(listed!.packets).toBe(20);
    sessions.stop();
    await new Promise((r) => setTimeout(r, 10));
    const { sessions: reopened } = await reload(factory);
    expect((await reopened.list())[0]!.packets).toBe(20);
  });

  it("a QuotaExceededError deletes the oldest session and writes again, without a pause", async () => {
    const factory = new IDBFactory();
    await record(factory, 2, "old run");
    const { timers, advance } = manualTimers();
    advance(3_600_000); // an hour later: a new session
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const notices: string[] = [];
    let refusals = 1;
    const sessions = new Sessions({
      factory: undefined,
      timers,
      notice: (_l, m) => notices.push(m),
      // The estimate says there is room; the browser refuses anyway, once.
      storage: { estimate: async () => ({ usage: 1000, quota: 1e9 }) },
      openStore: (layout) =>
        refusingStore(factory, layout, () => (refusals-- > 0 ? quota() : null)),
    });
    await sessions.start(store, recordingSettings, () => "NETWORK");
    for (let i = 0; i < 10; i++) store.ingest(packet(1000 + i), "NETWORK");
    await sessions.flush("NETWORK");
    expect(notices).toEqual([
      'Storage full: deleted the oldest recorded session "old run" to keep recording.',
    ]);
    expect(sessions.state()).toMatchObject({ available: true, problem: null });
    const list = await sessions.list();
    expect(list.map((s) => s.packets)).toEqual([10]);
  });

  it("Settings' available space is never negative", async () => {
    const { timers } = manualTimers();
    const sessions = new Sessions({
      factory: new IDBFactory(),
      timers,
      notice: () => undefined,
      storage: { estimate: async () => ({ usage: 11_420_605, quota: 10_000_000 }) },
    });
    await sessions.start(
      new TelemetryStore({ layout: LAYOUT, capacity: 10 }),
      recordingSettings,
      () => "NETWORK",
    );
    expect(await sessions.storageInfo()).toMatchObject({
      usedBytes: 11_420_605,
      quotaBytes: 10_000_000,
      availableBytes: 0,
    });
  });
});
