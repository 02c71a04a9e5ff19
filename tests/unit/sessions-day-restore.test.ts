// A reload restores the day in two steps (workers/telemetry/sessions/
// dayRestore.ts): the 1-second summary saved beside the chunks is on screen
// first, then every row comes in slices, with live packets that arrive
// meanwhile stored after the day, in order.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { ChunkRecord, ChunksSlice } from "../../workers/contract/storageProtocol";
import { encodeChunk } from "../../workers/shared/storage/chunkCodec";
import { SessionDb, type SessionStore } from "../../workers/shared/storage/SessionDb";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { manualTimers } from "./manualTimers";
import { recordingSettings } from "./sessionsKit";
import { LAYOUT } from "../../workers/telemetry/features";

/** Packet time of the first packet: a whole minute, so the summary's minutes are easy to name. */
const T = 1_795_000_020;
const settle = () => new Promise((r) => setTimeout(r, 20));

function packet(i: number): TelemetryPacket {
  const p = defaultPacket();
  p.TimeStamp = T + i / 10;
  p.Battery.PackVoltage = 100 + (i % 200) / 10;
  p.Telemetry.GpsLatitude = 43.47 + i * 1e-6;
  p.Telemetry.GpsLongitude = -80.54;
  return p;
}

const layoutOf = (store: TelemetryStore) => store.chunkLayout;
const timesOf = (store: TelemetryStore) =>
  Array.from({ length: store.ring.length }, (_, i) => store.ring.time(i));

/** Records `seconds` of NETWORK packets at 10/s, flushed every second; `stop`: recording stops after. */
async function recordDay(factory: IDBFactory, seconds: number, stop = true) {
  const { timers, tick } = manualTimers();
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 10 * seconds + 100 });
  const sessions = new Sessions({ factory, timers, notice: () => undefined });
  await sessions.start(store, recordingSettings, () => "NETWORK");
  for (let i = 0; i < 10 * seconds; i++) {
    store.ingest(packet(i), "NETWORK");
    tick(100);
  }
  await sessions.flush("NETWORK");
  if (stop) sessions.stop();
  await settle();
  return { sessions, store, timers };
}

/** Opens the recording at `start` (ms), the demo car driving `packets`; returns it open. */
async function driveDemo(factory: IDBFactory, start: number, packets: number[], capacity = 5000) {
  const { timers, tick } = manualTimers(start);
  const live = new TelemetryStore({ layout: LAYOUT, capacity });
  const sessions = new Sessions({ factory, timers, notice: () => undefined });
  await sessions.start(live, recordingSettings, () => "DEMO");
  for (const i of packets) {
    live.ingest(packet(i), "DEMO");
    tick(100);
  }
  await sessions.flush("DEMO");
  return { sessions, live };
}

/** The database with its calls watched: slices read, and a hook after each. */
async function watchedStore(
  factory: IDBFactory,
  layout: string,
  afterSlice: () => void = () => undefined,
) {
  const db = await SessionDb.open(factory, layout);
  const slices: number[] = [];
  const readSlice = db.readSlice.bind(db);
  db.readSlice = async (session, from, maxRows) => {
    const slice = await readSlice(session, from, maxRows);
    slices.push(slice.chunks.reduce((sum, c) => sum + c.count, 0));
    afterSlice();
    return slice;
  };
  db.readNewestRows = () => Promise.reject(new Error("the whole session in one read"));
  return { db, slices };
}

/** Recording that opens `db` and restores from it in slices of `restoreSliceRows`. */
const restoringFrom = (db: SessionStore, restoreSliceRows: number) =>
  new Sessions({
    factory: undefined,
    timers: manualTimers().timers,
    notice: () => undefined,
    openStore: async () => db,
    restoreSliceRows,
  });

/**
 * Restores a recorded day of 150 s into a fresh live history, in slices of 400
 * rows: each slice's read goes through `read`, and each run of rows stored
 * is shown to `stored` first.
 */
async function restoreWatchingSlices(hooks: {
  read(readSlice: () => Promise<ChunksSlice>): Promise<ChunksSlice>;
  stored(rows: Parameters<TelemetryStore["appendRestored"]>[0], sessions: Sessions): void;
}) {
  const factory = new IDBFactory();
  await recordDay(factory, 150);
  const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
  const db = await SessionDb.open(factory, layoutOf(live));
  const readSlice = db.readSlice.bind(db);
  db.readSlice = (session, from, maxRows) => hooks.read(() => readSlice(session, from, maxRows));
  const sessions = restoringFrom(db, 400);
  const appendRestored = live.appendRestored.bind(live);
  live.appendRestored = (rows) => {
    hooks.stored(rows, sessions);
    return appendRestored(rows);
  };
  await sessions.start(live, recordingSettings, () => "NETWORK");
  return { live, sessions };
}

describe("the 1-second summary beside the chunks", () => {
  it("is written a minute at a time, the unfinished minute at stop, and deleted with its session", async () => {
    const factory = new IDBFactory();
    const { sessions, store } = await recordDay(factory, 150, false);
    const db = await SessionDb.open(factory, layoutOf(store));
    const [session] = await db.listSessions();
    // Two minutes completed; the third is still being gathered.
    let read = await db.readSummary(session!, -Infinity, 1e6);
    expect(read.chunks.map((c) => [c.t0, c.count])).toEqual([
      [T, 60],
      [T + 60, 60],
    ]);
    // The first row of each second, as recorded.
    const copy = new TelemetryStore({ layout: LAYOUT, capacity: 200 });
    copy.restoreRows(read.chunks);
    expect(timesOf(copy)).toEqual(Array.from({ length: 120 }, (_, k) => T + k));
    expect(copy.ring.number(61, 1)).toBe(store.ring.number(610, 1));

    sessions.stop();
    await settle();
    read = await db.readSummary(session!, -Infinity, 1e6);
    expect(read.chunks.map((c) => c.count)).toEqual([60, 60, 30]);

    const later = new Sessions({ factory, timers: manualTimers().timers, notice: () => undefined });
    await later.start(
      new TelemetryStore({ layout: LAYOUT, capacity: 2000 }),
      recordingSettings,
      () => "NETWORK",
    );
    await later.delete(session!.id);
    expect((await db.readSummary(session!, -Infinity, 1e6)).chunks).toEqual([]);
    const left = await new Promise<number>((resolve) => {
      const request = indexedDbOf(db).transaction("summaries").objectStore("summaries").count();
      request.onsuccess = () => resolve(request.result);
    });
    expect(left).toBe(0);
    later.stop();
  });
});

describe("the summary of packets whose time runs faster than the clock", () => {
  it("keeps every second of a day built at full speed, whole minutes written in one flush", async () => {
    const factory = new IDBFactory();
    const { timers } = manualTimers();
    // A packet a second of packet time, all in one flush (a demo day built at
    // full speed): each one starts a second, and some seconds have two.
    const times = Array.from({ length: 150 }, (_, k) => (k === 70 || k === 71 ? 70.5 : k));
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 400 });
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(store, recordingSettings, () => "NETWORK");
    for (const [k, t] of times.entries())
      store.ingest(packet(t * 10 + (k === 71 ? 2 : 0)), "NETWORK");
    await sessions.flush("NETWORK");
    sessions.stop();
    await settle();
    const db = await SessionDb.open(factory, layoutOf(store));
    const [session] = await db.listSessions();
    const read = await db.readSummary(session!, -Infinity, 1e6);
    expect(read.chunks.map((c) => [c.t0, c.count])).toEqual([
      [T, 60],
      [T + 60, 59],
      [T + 120, 30],
    ]);
    const copy = new TelemetryStore({ layout: LAYOUT, capacity: 200 });
    copy.restoreRows(read.chunks);
    // The first row of each second, with its values: 70.5 s once (its second's first row).
    const firsts = [...times.keys()].filter((k) => k !== 71);
    expect(timesOf(copy)).toEqual(firsts.map((k) => store.ring.time(k)));
    expect(firsts.map((_, i) => copy.ring.number(i, 1))).toEqual(
      firsts.map((k) => store.ring.number(k, 1)),
    );
  });
});

describe("the summary and the storage budget", () => {
  it("a session deleted for the budget takes its summary with it", async () => {
    const factory = new IDBFactory();
    const { timers, tick, advance } = manualTimers();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 2000 });
    const notices: string[] = [];
    const sessions = new Sessions({ factory, timers, notice: (_l, m) => notices.push(m) });
    // Room for about one session of 70 s at 10 packets/s.
    const budgetBytes = Math.ceil(store.bytesPerPacket * 1000);
    await sessions.start(store, { ...recordingSettings, budgetBytes }, () => "NETWORK");
    for (const start of [0, 10_000]) {
      for (let i = start; i < start + 700; i++) {
        store.ingest(packet(i), "NETWORK");
        tick(100);
      }
      await sessions.flush("NETWORK");
      advance(10 * 60_000); // the next batch is a session of its own
    }
    await settle();
    expect(notices).toEqual([expect.stringMatching(/^Storage budget reached: deleted the oldest/)]);
    const db = await SessionDb.open(factory, layoutOf(store));
    const left = await db.listSessions();
    expect(left).toHaveLength(1);
    const summaryOwners = await new Promise<string[]>((resolve) => {
      const request = indexedDbOf(db).transaction("summaries").objectStore("summaries").getAll();
      request.onsuccess = () =>
        resolve([...new Set((request.result as ChunkRecord[]).map((r) => r.sessionId))]);
    });
    expect(summaryOwners).toEqual([left[0]!.id]);
    sessions.stop();
    db.close();
  });
});

/** SessionDb's own connection (the test looks at the raw store). */
const indexedDbOf = (db: SessionDb) => (db as unknown as { db: IDBDatabase }).db;

describe("restore after a reload", () => {
  it("shows the summary first, then the full rows in the live history", async () => {
    const factory = new IDBFactory();
    const { store: recorded } = await recordDay(factory, 150);
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const { db, slices } = await watchedStore(factory, layoutOf(live));
    // The history holds the day whole: it is read from its first chunk, with no plan's reads first.
    db.planRestore = () => Promise.reject(new Error("a plan for a day the history holds whole"));
    const seen: { preview: number[] | null; live: number; phase?: string }[] = [];
    const sessions = restoringFrom(db, 400);
    await sessions.start(
      live,
      {
        ...recordingSettings,
        showPreview: (preview) =>
          seen.push({
            preview: preview && timesOf(preview),
            live: live.ring.length,
            phase: sessions.state().restore?.phase,
          }),
      },
      () => "NETWORK",
    );
    // First the summary, one row a second, while the live history is still empty...
    expect(seen[0]).toEqual({
      preview: Array.from({ length: 150 }, (_, k) => T + k),
      live: 0,
      phase: "preview",
    });
    // ...then the live history with every row, and the preview is dropped.
    expect(seen[1]).toEqual({ preview: null, live: 1500, phase: "full" });
    expect(seen).toHaveLength(2);
    expect(timesOf(live)).toEqual(timesOf(recorded));
    expect(live.snapshot(0, {} as never).changed["Battery.PackVoltage"]).toBe(
      Math.fround(packet(1499).Battery.PackVoltage),
    );
    expect(sessions.state().restore).toMatchObject({
      phase: "done",
      previewRows: 150,
      rows: 1500,
      total: 1500,
    });
    // In slices of at most 400 rows or one stored record (a minute's merged
    // chunks hold 600), never the whole session at once.
    // The read after the last finds nothing (a session's record may lag its chunks).
    expect(slices).toEqual([600, 600, 300, 0]);
    expect(slices.reduce((a, b) => a + b, 0)).toBe(1500);
    sessions.stop();
  });

  it("asks for each next slice before storing the one it has, holding at most two", async () => {
    const log: string[] = [];
    let stored = 0;
    const { sessions } = await restoreWatchingSlices({
      read: (readSlice) => {
        log.push("ask");
        return readSlice();
      },
      stored: (rows) => {
        log.push("store");
        stored += rows.count;
      },
    });
    expect(stored).toBe(1500);
    const asks = log.filter((entry) => entry === "ask").length;
    expect(asks).toBeGreaterThanOrEqual(4);
    // A slice is stored a chunk at a time: one "store" per run of them.
    const steps = log.filter((entry, i) => entry === "ask" || log[i - 1] !== "store");
    // Each next slice is asked for before the one it follows is stored, so
    // the reading overlaps the storing; and never more than one ahead.
    expect(steps).toEqual([
      "ask",
      ...Array.from({ length: asks - 1 }, () => ["ask", "store"]).flat(),
    ]);
    sessions.stop();
  });

  it("stops reading when recording stops, a read asked ahead and failing unnoticed", async () => {
    let reads = 0;
    const { live } = await restoreWatchingSlices({
      // The first slice is read; the one asked for ahead fails, as a closed database would.
      read: (readSlice) =>
        ++reads === 1 ? readSlice() : Promise.reject(new Error("the database was closed")),
      // Recording is turned off while the first slice is stored.
      stored: (_, sessions) => sessions.stop(),
    });
    await settle();
    // The first slice (the first minute, merged) is in, nothing after it was read, and
    // the failed read ahead was never awaited (vitest fails a run with an unhandled rejection).
    expect(reads).toBe(2);
    expect(live.ring.length).toBe(600);
  });

  it("a day longer than the newest span shows that span first, then the whole summary, then every row", async () => {
    const factory = new IDBFactory();
    await recordDay(factory, 150);
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const seen: { preview: number[] | null; phase?: string }[] = [];
    const sessions = new Sessions({
      factory,
      timers: manualTimers().timers,
      notice: () => undefined,
      restoreNewestSeconds: 40,
    });
    await sessions.start(
      live,
      {
        ...recordingSettings,
        showPreview: (preview) =>
          seen.push({
            preview: preview && timesOf(preview),
            phase: sessions.state().restore?.phase,
          }),
      },
      () => "NETWORK",
    );
    // The newest 40 s, in the summary's whole minutes (the one under way 40 s back included)...
    const newest = seen[0]!.preview!;
    expect(newest.at(-1)).toBe(T + 149);
    expect(newest[0]).toBeLessThanOrEqual(T + 149 - 40);
    expect(newest.length).toBeLessThan(150);
    expect(seen[0]!.phase).toBe("preview");
    // ...then the whole day at one row a second, said as the newest minutes were...
    expect(seen[1]).toEqual({
      preview: Array.from({ length: 150 }, (_, k) => T + k),
      phase: "newest",
    });
    // ...then every row in the live history.
    expect(seen[2]).toEqual({ preview: null, phase: "full" });
    expect(live.ring.length).toBe(1500);
    const restore = sessions.state().restore!;
    expect(restore).toMatchObject({ phase: "done", previewRows: 150, rows: 1500 });
    expect(restore.firstPictureMs!).toBeLessThanOrEqual(restore.dayPictureMs!);
    sessions.stop();
  });

  it("a history that holds only the newest rows gets a preview of about their span, not the whole session", async () => {
    const factory = new IDBFactory();
    await recordDay(factory, 150);
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 600 }); // the newest minute
    const previews: number[][] = [];
    const sessions = new Sessions({
      factory,
      timers: manualTimers().timers,
      notice: () => undefined,
    });
    await sessions.start(
      live,
      { ...recordingSettings, showPreview: (p) => p && previews.push(timesOf(p)) },
      () => "NETWORK",
    );
    expect(timesOf(live)[0]).toBe(packet(900).TimeStamp);
    // From the summary's minute under way when the history's rows begin.
    expect(previews).toHaveLength(1);
    expect(previews[0]![0]).toBe(T + 60);
    expect(previews[0]!.at(-1)).toBe(T + 149);
    sessions.stop();
  });

  it("a second reload gives back the day, not only the demo car's session since the first reload", async () => {
    const factory = new IDBFactory();
    // A reload starts the demo car in a session of its own (Recorder.resume):
    // the day, then a reload and 20 s of the new car, then another reload.
    const drive = (start: number, packets: number[], capacity?: number) =>
      driveDemo(factory, start, packets, capacity);
    const day = Array.from({ length: 600 }, (_, i) => i);
    const newCar = Array.from({ length: 200 }, (_, i) => 1000 + i);
    const first = await drive(10_000_000, day);
    first.sessions.stop();
    await settle();
    const second = await drive(10_000_000 + 65_000, newCar);
    expect(timesOf(second.live)).toHaveLength(800);
    expect(await second.sessions.list()).toHaveLength(2);
    second.sessions.stop();
    await settle();

    const third = await drive(10_000_000 + 90_000, []);
    expect(timesOf(third.live)).toEqual(timesOf(second.live));
    third.sessions.stop();
    await settle();
    // A history too small for both keeps the newest rows.
    const small = await drive(10_000_000 + 91_000, [], 300);
    expect(timesOf(small.live)[0]).toBeLessThanOrEqual(packet(500).TimeStamp);
    expect(timesOf(small.live).at(-1)).toBe(packet(1199).TimeStamp);
    small.sessions.stop();
    await settle();
  });

  it("a session that began more than the session gap after the one before is another outing: restored alone", async () => {
    const factory = new IDBFactory();
    const drive = async (start: number, packets: number[]) => {
      const { sessions, live } = await driveDemo(factory, start, packets);
      sessions.stop();
      await settle();
      return live;
    };
    await drive(
      10_000_000,
      Array.from({ length: 600 }, (_, i) => i),
    );
    const newCar = Array.from({ length: 200 }, (_, i) => 1000 + i);
    await drive(10_000_000 + 60_000 + 6 * 60_000, newCar);
    const live = await drive(10_000_000 + 60_000 + 7 * 60_000, []);
    expect(timesOf(live)).toEqual(newCar.map((i) => packet(i).TimeStamp));
  });

  it("keeps live packets that arrive meanwhile, after the day and in order, and records them", async () => {
    const factory = new IDBFactory();
    await recordDay(factory, 60);
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    let next = 1000; // live packets come well after the recorded minute
    // Two packets arrive after every slice read, while the day is being laid in.
    const { db, slices } = await watchedStore(factory, layoutOf(live), () => {
      live.ingest(packet(next++), "NETWORK");
      live.ingest(packet(next++), "NETWORK");
    });
    const sessions = new Sessions({
      factory: undefined,
      timers: manualTimers().timers,
      notice: () => undefined,
      openStore: async () => {
        // Three arrive while the database opens, before the restore begins.
        for (let i = 0; i < 3; i++) live.ingest(packet(next++), "NETWORK");
        return db;
      },
      restoreSliceRows: 100,
    });
    await sessions.start(live, recordingSettings, () => "NETWORK");
    const arrived = next - 1000;
    expect(arrived).toBe(3 + 2 * slices.length);
    expect(slices.length).toBeGreaterThanOrEqual(6);
    // The minute, then every live packet in the order it came.
    expect(timesOf(live)).toEqual([
      ...Array.from({ length: 600 }, (_, i) => packet(i).TimeStamp),
      ...Array.from({ length: arrived }, (_, i) => packet(1000 + i).TimeStamp),
    ]);
    expect(live.counters().accepted).toBe(arrived);
    // The newest live packet is what the panels show, and the live packets are recorded.
    expect(live.snapshot(0, {} as never).changed["TimeStamp"]).toBe(packet(next - 1).TimeStamp);
    await sessions.flush("NETWORK");
    const [session] = await sessions.list();
    expect(session!.packets).toBe(600 + arrived);
    sessions.stop();
  });

  it("a session whose summary cannot be read still restores, without the early picture", async () => {
    const factory = new IDBFactory();
    await recordDay(factory, 30);
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const { db } = await watchedStore(factory, layoutOf(live));
    db.readSummary = () => Promise.reject(new Error("summary store unreadable"));
    const previews: unknown[] = [];
    const sessions = new Sessions({
      factory: undefined,
      timers: manualTimers().timers,
      notice: () => undefined,
      openStore: async () => db,
    });
    await sessions.start(
      live,
      { ...recordingSettings, showPreview: (p) => previews.push(p) },
      () => "NETWORK",
    );
    expect(previews).toEqual([]);
    expect(live.ring.length).toBe(300);
    expect(sessions.state().restore).toMatchObject({ phase: "done", previewRows: 0, rows: 300 });
    sessions.stop();
  });
});

describe("the sliced read", () => {
  it("reads chunks of uneven size in order, a slice no larger than asked unless one chunk is", async () => {
    const factory = new IDBFactory();
    const source = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    for (let i = 0; i < 315; i++) source.ingest(packet(i), "NETWORK");
    const layout = layoutOf(source);
    const db = await SessionDb.open(factory, layout);
    const session = {
      id: "s",
      name: "uneven",
      source: "NETWORK" as const,
      backendUrl: "",
      startedAt: 0,
      endedAt: 0,
      firstPacketTime: T,
      lastPacketTime: T + 31.4,
      packets: 315,
      bytes: 0,
      chunks: 4,
    };
    let at = 0;
    for (const [index, count] of [5, 300, 5, 5].entries()) {
      const chunk: ChunkRecord = encodeChunk(
        "s",
        index,
        source.ring.exportRows(at, count),
        source.ring.time(at),
        source.ring.time(at + count - 1),
        layout,
      );
      chunk.totals = { packets: at + count, bytes: 0, endedAt: 0 };
      await db.appendChunk(chunk, index === 0 ? [session] : []);
      at += count;
    }
    const sizes: number[][] = [];
    const copy = new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
    let from: number | null = 0;
    while (from !== null) {
      const slice: Awaited<ReturnType<SessionStore["readSlice"]>> = await db.readSlice(
        session,
        from,
        100,
      );
      sizes.push(slice.chunks.map((c) => c.count));
      for (const c of slice.chunks) copy.appendRows(c);
      from = slice.next;
    }
    expect(sizes.filter((s) => s.length > 0)).toEqual([[5], [300], [5, 5]]);
    expect(timesOf(copy)).toEqual(timesOf(source));
    // The newest 10 rows begin at the third chunk; 100 need the 300-row one.
    expect(await db.planRestore(session, 10)).toEqual({ from: 2, rows: 10, t0: T + 30.5 });
    // ...whose rows kept begin 210 rows (21 s) into it.
    const plan = await db.planRestore(session, 100);
    expect(plan).toMatchObject({ from: 1, rows: 310 });
    expect(plan.t0).toBeCloseTo(T + 21.5, 6);
    expect(await db.planRestore(session, 1000)).toEqual({ from: 0, rows: 315, t0: T });
    db.close();
  });
});

describe("live packets held during a restore", () => {
  it("past the bound are rejected with a reason a user reads; the rest keep their order", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const older = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    for (let i = 0; i < 20; i++) older.ingest(packet(i), "NETWORK");
    store.ingest(packet(50), "NETWORK");
    store.beginRestore(2);
    expect(store.appendRestored(older.newestRows(20))).toBe(true);
    expect(store.ingest(packet(51), "NETWORK")).toBe(true);
    expect(store.ingest(packet(52), "NETWORK")).toBe(true);
    expect(store.ingest(packet(53), "NETWORK")).toBe(false);
    expect(store.ring.length).toBe(20); // held, not yet stored
    // The newest packet's time is known while it waits (the arrival lag reads it).
    expect(store.lastPacketTime).toBe(packet(52).TimeStamp);
    expect(store.endRestore()).toBe(1);
    expect(timesOf(store)).toEqual([...timesOf(older), T + 5, T + 5.1, T + 5.2]);
    expect(store.counters().rejected).toBe(1);
    expect(store.counters().recentRejections[0]!.reason).toMatch(
      /arrived while the recorded day was being restored/,
    );
  });
});
