import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { decodeChunk, encodeChunk } from "../../workers/shared/storage/chunkCodec";
import { SessionDb } from "../../workers/shared/storage/SessionDb";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import type { Timers } from "../../workers/telemetry/sources/timers";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;

function packet(i: number): TelemetryPacket {
  const p = defaultPacket();
  p.TimeStamp = T0 + i * 0.1;
  p.Battery.PackVoltage = 100 + (i % 50);
  p.Telemetry.GpsLatitude = 43.47 + i * 1e-6;
  p.Telemetry.GpsLongitude = -80.54;
  p.B3.BrakeSwitchDigital = i % 3 === 0;
  p.Title = `Helios ${i % 10}`;
  p.Pi.Rfid = `tag-${Math.floor(i / 5) % 3}`;
  return p;
}

/** Timers driven by hand: `tick(ms)` runs intervals that fall due. */
function manualTimers() {
  let now = 10_000_000;
  const intervals = new Map<number, { cb: () => void; ms: number; next: number }>();
  let id = 0;
  const timers: Timers = {
    now: () => now,
    setInterval: (cb, ms) => {
      intervals.set(++id, { cb, ms, next: now + ms });
      return id;
    },
    clearInterval: (h) => void intervals.delete(h as number),
    setTimeout: () => 0,
    clearTimeout: () => undefined,
  };
  const tick = (ms: number) => {
    const end = now + ms;
    for (const t of intervals.values())
      while (t.next <= end) {
        now = t.next;
        t.cb();
        t.next += t.ms;
      }
    now = end;
  };
  return { timers, tick, advance: (ms: number) => (now += ms) };
}

const settings = { recording: true, budgetBytes: 0, backendUrl: () => "" };
const layoutOf = (store: TelemetryStore) => store.chunkLayout;

describe("recording chunks", () => {
  it("a chunk decodes to the same rows: numbers, booleans and time", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    for (let i = 0; i < 10; i++) store.ingest(packet(i), "DEMO");
    const rows = store.newestRows(10);
    const layout = layoutOf(store);
    const stored = structuredClone(encodeChunk("s", 0, rows, T0, T0 + 0.9, layout));
    const decoded = decodeChunk(stored, layout);
    expect(decoded).not.toBeNull();

    const copy = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    copy.restoreRows([decoded!]);
    expect(copy.counters().historyLength).toBe(10);
    const series = copy.series({
      fields: ["Battery.PackVoltage", "B3.BrakeSwitchDigital"],
      from: null,
      to: null,
      points: 100,
      units: "metric",
    });
    expect(Array.from(series.data[0]!)).toEqual(Array.from({ length: 10 }, (_, i) => T0 + i * 0.1));
    expect(Array.from(series.data[1]!)).toEqual(Array.from({ length: 10 }, (_, i) => 100 + i));
    expect(Array.from(series.data[2]!)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 3 === 0 ? 1 : 0)),
    );
    // The restored newest row is what the panels show, strings included.
    const shown = copy.snapshot(0, {} as never).changed;
    expect(shown["Battery.PackVoltage"]).toBe(109);
    expect(shown["Title"]).toBe("Helios 9");
    expect(shown["Pi.Rfid"]).toBe("tag-1");
    // One buffer per chunk; each distinct string once in its dictionary.
    expect(stored.data).toBeInstanceOf(ArrayBuffer);
    expect(stored.dict.filter((s) => s === "tag-1")).toHaveLength(1);
    copy.showRow(2);
    expect(copy.snapshot(0, {} as never).changed["Title"]).toBe("Helios 2");
  });

  it("a chunk taken across the ring's wrap-around keeps its rows in order", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    for (let i = 0; i < 13; i++) store.ingest(packet(i), "DEMO"); // slots wrapped
    const copy = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    copy.restoreRows([store.newestRows(6)]);
    expect(Array.from({ length: 6 }, (_, i) => copy.ring.time(i))).toEqual(
      Array.from({ length: 6 }, (_, i) => store.ring.time(2 + i)),
    );
    expect(copy.ring.number(5, 1)).toBe(store.ring.number(7, 1));
    expect(copy.ring.boolean(3, 0)).toBe(store.ring.boolean(5, 0));
  });

  it("rows appended across the ring's end, or more than it holds, keep the newest in order", () => {
    const source = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    for (let i = 0; i < 20; i++) source.ingest(packet(i), "DEMO");
    const ring = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    for (let i = 0; i < 5; i++) ring.ingest(packet(100 + i), "DEMO");
    ring.appendRows(source.newestRows(6)); // wraps: 3 slots left before the end
    const times = (store: TelemetryStore) =>
      Array.from({ length: store.ring.length }, (_, i) => store.ring.time(i));
    // 5 + 6 rows in 8 slots: the last 2 of the first 5, then the 6 appended.
    expect(times(ring)).toEqual([
      packet(103).TimeStamp,
      packet(104).TimeStamp,
      ...times(source).slice(-6),
    ]);
    ring.appendRows(source.newestRows(13)); // more than it holds: the newest 8
    expect(times(ring)).toEqual(times(source).slice(-8));
    ring.showRow(7);
    const shown = ring.snapshot(0, {} as never).changed;
    expect(shown["Title"]).toBe("Helios 9");
    expect(shown["Battery.PackVoltage"]).toBe(119);
    expect(ring.ring.boolean(7, 0)).toBe(source.ring.boolean(19, 0));
  });

  it("refuses a chunk of another layout or a damaged body", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    store.ingest(packet(0), "DEMO");
    const chunk = encodeChunk("s", 0, store.newestRows(1), T0, T0, layoutOf(store));
    expect(decodeChunk(chunk, "v0:other")).toBeNull();
    expect(decodeChunk({ ...chunk, data: "x" }, chunk.layout)).toBeNull();
    expect(decodeChunk({ ...chunk, dict: [1] }, chunk.layout)).toBeNull();
    expect(decodeChunk(null, chunk.layout)).toBeNull();
    // Buffers that do not fit the ring are refused by the ring, not thrown.
    expect(store.appendRows({ count: 3, data: new ArrayBuffer(16), dict: [] })).toBe(false);
    const cut = { ...chunk, data: chunk.data.slice(0, chunk.data.byteLength - 4) };
    expect(store.appendRows(decodeChunk(cut, chunk.layout)!)).toBe(false);
    const header = new Uint32Array(chunk.data.slice(0));
    header[1] = 17; // an offsets table that does not match the layout
    expect(store.appendRows({ count: 1, data: header.buffer, dict: chunk.dict })).toBe(false);
    expect(store.counters().historyLength).toBe(1);
  });
});

describe("Sessions: record and restore", () => {
  it("a crash loses at most the last second; a reload restores the rest into history", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(store, settings, () => "DEMO");
    // 10 packets/s for 12.35 s; the recorder flushes every second.
    for (let i = 0; i < 124; i++) {
      store.ingest(packet(i), "DEMO");
      tick(100);
    }
    await sessions.flush("DEMO").then(() => undefined); // let the last scheduled write land
    // Crash: nothing else is flushed. A new worker opens the same database.
    const after = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const reopened = new Sessions({ factory, timers, notice: () => undefined });
    await reopened.start(after, settings, () => "DEMO");
    const restored = after.counters().historyLength;
    expect(restored).toBe(124);
    expect(reopened.state().restoredPackets).toBe(124);
    // The session record (rewritten every few chunks) is repaired from the last chunk.
    const [session] = await reopened.list();
    expect(session!.packets).toBe(124);
    expect(session!.chunks).toBe(13);
    expect(session!.lastPacketTime).toBeCloseTo(T0 + 12.3, 5);
  });

  it("a burst spanning ten minutes of packet time in one flush is found by a read of any stretch of it", async () => {
    // A demo day built at full speed: many minutes of packets between two flushes.
    const factory = new IDBFactory();
    const { timers } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 10_000 });
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(store, settings, () => "DEMO");
    for (let i = 0; i < 6000; i++) store.ingest(packet(i), "DEMO");
    await sessions.flush("DEMO");
    const [session] = await sessions.list();
    // A chunk spans at most a minute: a read looks two minutes past a range for chunks.
    expect(session!.chunks).toBe(10);
    const slices = await sessions.sessionRows(session!.id, T0 + 300, T0 + 330);
    // The chunk holding 300–360 s is read (one chunk of 10 minutes was missed: no rows).
    const rows = slices.reduce((sum, slice) => sum + slice.count, 0);
    expect(rows).toBeGreaterThanOrEqual(301);
    expect(rows).toBeLessThan(2000);
  });

  it("loses no more than the packets since the last flush when the tab dies between flushes", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(store, settings, () => "DEMO");
    for (let i = 0; i < 57; i++) {
      store.ingest(packet(i), "DEMO");
      tick(100); // flushes at 1 s, 2 s, … 5 s
    }
    await new Promise((r) => setTimeout(r, 50)); // pending writes land; no more flushes: crash
    const after = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    await new Sessions({ factory, timers, notice: () => undefined }).start(
      after,
      settings,
      () => "DEMO",
    );
    const lost = 57 - after.counters().historyLength;
    expect(lost).toBeGreaterThanOrEqual(0);
    expect(lost).toBeLessThanOrEqual(10); // ≤ 1 s at 10 packets/s
  });

  it("restores only the newest capacity packets, before live packets that came meanwhile", async () => {
    const factory = new IDBFactory();
    const { timers } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(store, settings, () => "DEMO");
    for (let i = 0; i < 300; i++) store.ingest(packet(i), "DEMO");
    await sessions.flush("DEMO");

    const small = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    small.ingest(packet(1000), "DEMO"); // a live packet before the restore finished
    await new Sessions({ factory, timers, notice: () => undefined }).start(
      small,
      settings,
      () => "DEMO",
    );
    expect(small.counters().historyLength).toBe(100);
    expect(small.ring.time(99)).toBeCloseTo(T0 + 100, 5); // the live packet stays newest
    expect(small.ring.time(98)).toBeCloseTo(T0 + 29.9, 5);
    expect(small.ring.time(0)).toBeCloseTo(T0 + 20.1, 5);
    // The live packet is still what is shown.
    expect(small.snapshot(0, {} as never).changed["Battery.PackVoltage"]).toBe(100);
  });

  it("starts a new session on a source change and after a long gap, continues otherwise", async () => {
    const factory = new IDBFactory();
    const { timers, advance } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(store, settings, () => "DEMO");
    store.ingest(packet(0), "DEMO");
    await sessions.flush("DEMO");
    advance(60_000);
    store.ingest(packet(1), "DEMO");
    await sessions.flush("DEMO"); // 1 min later: same session
    store.ingest(packet(2), "NETWORK");
    await sessions.flush("NETWORK"); // new source: new session
    advance(6 * 60_000);
    store.ingest(packet(3), "NETWORK");
    await sessions.flush("NETWORK"); // 6 min gap: new session
    const list = await sessions.list();
    expect(list.map((s) => [s.source, s.packets])).toEqual([
      ["DEMO", 2],
      ["NETWORK", 1],
      ["NETWORK", 1],
    ]);
  });

  it("over budget, deletes the oldest sessions first (never the current one), with a warning", async () => {
    const factory = new IDBFactory();
    const { timers, advance } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    const notices: string[] = [];
    const perPacket = store.bytesPerPacket;
    const sessions = new Sessions({ factory, timers, notice: (_l, m) => notices.push(m) });
    await sessions.start(
      store,
      { ...settings, budgetBytes: Math.ceil(perPacket * 25) },
      () => "DEMO",
    );
    for (let s = 0; s < 4; s++) {
      for (let i = 0; i < 10; i++) store.ingest(packet(s * 10 + i), "DEMO");
      await sessions.flush("DEMO");
      await sessions.rename((await sessions.list()).at(-1)!.id, `run ${s}`);
      advance(10 * 60_000); // each batch is its own session
    }
    const left = await sessions.list();
    expect(left.map((s) => s.name)).toEqual(["run 2", "run 3"]);
    expect(notices).toEqual([
      'Storage budget reached: deleted the oldest recorded session "run 0".',
      'Storage budget reached: deleted the oldest recorded session "run 1".',
    ]);
  });

  it("without IndexedDB: one warning, nothing thrown, live data goes on", async () => {
    const { timers, tick } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const notices: string[] = [];
    const sessions = new Sessions({
      factory: undefined,
      timers,
      notice: (_l, m) => notices.push(m),
    });
    await sessions.start(store, settings, () => "DEMO");
    expect(store.ingest(packet(0), "DEMO")).toBe(true);
    tick(5000);
    await sessions.flush("DEMO");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/Sessions are not recorded/);
    expect(sessions.state().available).toBe(false);
    expect(await sessions.list()).toEqual([]);
  });

  it("a quota error while writing, with nothing to delete, pauses recording with one warning", async () => {
    const factory = new IDBFactory();
    const { timers } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const notices: string[] = [];
    const sessions = new Sessions({ factory, timers, notice: (_l, m) => notices.push(m) });
    await sessions.start(store, settings, () => "DEMO");
    const db = (sessions as unknown as { db: SessionDb }).db;
    db.appendChunk = () => Promise.reject(new DOMException("full", "QuotaExceededError"));
    for (let i = 0; i < 3; i++) {
      store.ingest(packet(i), "DEMO");
      await sessions.flush("DEMO");
    }
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Recording paused: .*QuotaExceededError.*tries again/);
    expect(sessions.state().available).toBe(false);
    expect(store.counters().accepted).toBe(3);
  });

  it("stores through the store it is given (the storage worker's), and closes it once the writes are done", async () => {
    const factory = new IDBFactory();
    const { timers } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const calls: string[] = [];
    let closed = false;
    const sessions = new Sessions({
      factory: undefined, // never used: the store comes from openStore
      timers,
      notice: () => undefined,
      openStore: async (layout) => {
        const db = await SessionDb.open(factory, layout);
        const appendChunk = db.appendChunk.bind(db);
        db.appendChunk = async (chunk, records) => {
          calls.push(`append ${chunk.count}`);
          await new Promise((r) => setTimeout(r, 20)); // a write still under way at stop()
          await appendChunk(chunk, records);
          calls.push("appended");
        };
        db.close = () => {
          calls.push("close");
          closed = true;
        };
        return db;
      },
    });
    await sessions.start(store, settings, () => "DEMO");
    for (let i = 0; i < 7; i++) store.ingest(packet(i), "DEMO");
    void sessions.flush("DEMO");
    sessions.stop();
    expect(closed).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toEqual(["append 7", "appended", "close"]);
    const reopened = await SessionDb.open(factory, layoutOf(store));
    const [session] = await reopened.listSessions();
    expect(session!.packets).toBe(7);
  });
});
