// A recording's small chunks are merged into a record a minute once stored
// (workers/telemetry/sessions/chunkMerge.ts): fewer, larger records read
// back faster after a reload. What a user would notice if it went wrong:
// rows lost, doubled or out of order after a reload or in a replay, or a
// recording that stops when a merge fails.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { SessionDb } from "../../workers/shared/storage/SessionDb";
import {
  mergedChunk,
  MergeRun,
  MERGED_BYTES,
  type StoredChunk,
} from "../../workers/telemetry/sessions/chunkMerge";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";
import { manualTimers } from "./manualTimers";
import { recordingSettings, settle, storedRecords } from "./sessionsKit";

const T = 1_795_000_020;

/** Records `packets` at 10/s into `store`, the recorder flushing every second; returns it open. */
async function record(factory: IDBFactory, store: TelemetryStore, packets: number, db?: SessionDb) {
  const { timers, tick } = manualTimers();
  const sessions = new Sessions({
    factory,
    timers,
    notice: () => undefined,
    ...(db ? { openStore: async () => db } : {}),
  });
  await sessions.start(store, recordingSettings, () => "NETWORK");
  for (let i = 0; i < packets; i++) {
    const p = defaultPacket();
    p.TimeStamp = T + i / 10;
    p.Battery.PackVoltage = 100 + (i % 200) / 10;
    store.ingest(p, "NETWORK");
    tick(100);
  }
  await sessions.flush("NETWORK");
  await settle();
  return sessions;
}

/** The stored chunks' keys, as [first index, index, rows] (first: the index itself when not merged). */
async function storedChunks(factory: IDBFactory, layout: string) {
  const db = await SessionDb.open(factory, layout);
  const [session] = await db.listSessions();
  const read = await db.readRange(session!.id, -Infinity, Infinity);
  const raw = await storedRecords<{ index: number; first?: number; count: number }>(
    factory,
    "chunks",
  );
  db.close();
  return { session: session!, read, keys: raw.map((c) => [c.first ?? c.index, c.index, c.count]) };
}

const timesOf = (store: TelemetryStore) =>
  Array.from({ length: store.ring.length }, (_, i) => store.ring.time(i));

describe("merging a recording's chunks", () => {
  it("stores a minute of one-second chunks as one record, and a reload gives back every row in order", async () => {
    const factory = new IDBFactory();
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const sessions = await record(factory, live, 1500);
    sessions.stop();
    const { session, keys } = await storedChunks(factory, live.chunkLayout);
    // Two merged minutes, then the last 30 s still a chunk a second (the run under way).
    expect(keys.slice(0, 2)).toEqual([
      [0, 59, 600],
      [60, 119, 600],
    ]);
    expect(keys.slice(2)).toEqual(Array.from({ length: 30 }, (_, k) => [120 + k, 120 + k, 10]));
    expect(session).toMatchObject({ packets: 1500, chunks: 150 });

    const after = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const reopened = new Sessions({
      factory,
      timers: manualTimers().timers,
      notice: () => undefined,
    });
    await reopened.start(after, recordingSettings, () => "NETWORK");
    expect(timesOf(after)).toEqual(timesOf(live));
    const volts = (s: TelemetryStore) =>
      Array.from(
        s.series({
          fields: ["Battery.PackVoltage"],
          from: null,
          to: null,
          points: 5000,
          units: "metric",
        }).data[1]!,
      );
    expect(volts(after)).toEqual(volts(live));
    // A replay's read of 10 s inside a merged minute has those rows.
    const rows = await reopened.sessionRows(session.id, T + 100, T + 110);
    const times = rows.flatMap((r) => {
      const copy = new TelemetryStore({ layout: LAYOUT, capacity: r.count });
      copy.appendRows(r);
      return timesOf(copy);
    });
    expect(times.filter((t) => t >= T + 100 && t <= T + 110)).toHaveLength(101);
    reopened.stop();
  });

  it("leaves the chunks as they are when the live history no longer holds their rows", async () => {
    const factory = new IDBFactory();
    // 30 s of history: the first minute's rows are gone when its run ends.
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 300 });
    (await record(factory, live, 900)).stop();
    const { keys, read } = await storedChunks(factory, live.chunkLayout);
    expect(keys).toHaveLength(90);
    expect(keys.every(([first, index]) => first === index)).toBe(true);
    expect(read.chunks.reduce((sum, c) => sum + c.count, 0)).toBe(900);
  });

  it("a merge the store refuses leaves the chunks, and recording goes on without a word", async () => {
    const factory = new IDBFactory();
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const db = await SessionDb.open(factory, live.chunkLayout);
    const append = db.appendChunk.bind(db);
    let refused = 0;
    db.appendChunk = (chunk, records) =>
      chunk.first === undefined
        ? append(chunk, records)
        : Promise.reject(new Error(`refused ${++refused}`));
    const sessions = await record(factory, live, 1300, db);
    expect(refused).toBe(2); // the first two minutes
    expect(sessions.state().problem).toBeNull();
    sessions.stop();
    const { keys, session } = await storedChunks(factory, live.chunkLayout);
    expect(keys).toHaveLength(130);
    expect(session.packets).toBe(1300);
  });
});

describe("merging across a change of source", () => {
  it("leaves the ended session's last chunks as they are and keeps the new one's first", async () => {
    const factory = new IDBFactory();
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const { timers, tick } = manualTimers();
    let source: "NETWORK" | "RADIO" = "NETWORK";
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(live, recordingSettings, () => source);
    for (let i = 0; i < 900; i++) {
      if (i === 300) source = "RADIO"; // the same live history goes on from the radio
      const p = defaultPacket();
      p.TimeStamp = T + i / 10;
      live.ingest(p, source);
      tick(100);
    }
    await sessions.flush(source);
    await settle();
    const [network, radio] = await sessions.list();
    sessions.stop();
    expect([network!.packets, radio!.packets]).toEqual([300, 600]);
    const rowsOf = async (id: string) => {
      const slices = await sessions.sessionRows(id, -Infinity, Infinity);
      return slices.reduce((sum, r) => sum + r.count, 0);
    };
    expect(await rowsOf(network!.id)).toBe(300);
    expect(await rowsOf(radio!.id)).toBe(600);
  });
});

describe("MergeRun: which stored chunks make one record", () => {
  const chunk = (index: number, t0: number, over: Partial<StoredChunk> = {}): StoredChunk => ({
    index,
    t0: T + t0,
    t1: T + t0 + 0.9,
    count: 10,
    bytes: 7000,
    accepted: index * 10,
    totals: { packets: index * 10 + 10, bytes: 0, endedAt: 0 },
    ...over,
  });
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 10 });
  const indexes = (run: StoredChunk[] | null) => run?.map((c) => c.index) ?? null;

  it("ends a run at a minute of packet time, at a gap in the numbers, and at another session", () => {
    const merges = new MergeRun();
    const done: (number[] | null)[] = [];
    for (let i = 0; i < 61; i++) done.push(indexes(merges.stored("a", store, chunk(i, i))));
    // Chunk 60 ends past a minute from chunk 0's start: 0…59 are merged.
    expect(done.slice(0, 60).every((d) => d === null)).toBe(true);
    expect(done[60]).toEqual(Array.from({ length: 60 }, (_, i) => i));
    merges.stored("a", store, chunk(61, 61));
    // A refused write left index 62 out.
    expect(indexes(merges.stored("a", store, chunk(63, 63)))).toEqual([60, 61]);
    expect(indexes(merges.stored("b", store, chunk(64, 64)))).toBeNull(); // 63 alone: nothing to merge
  });

  it("does not merge chunks whose rows end before they begin (the car's clock stepped back)", () => {
    const ring = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    for (let i = 0; i < 20; i++) {
      const p = defaultPacket();
      p.TimeStamp = T + (i < 10 ? 10 + i / 10 : (i - 10) / 10);
      ring.ingest(p, "NETWORK");
    }
    const run = [chunk(0, 10), chunk(1, 0)];
    expect(ring.acceptedCount).toBe(20);
    expect(mergedChunk("a", ring, run, ring.chunkLayout)).toBeNull();
    // In time order, the same rows merge.
    const inOrder = [chunk(0, 0), chunk(1, 1)];
    const forward = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    for (let i = 0; i < 20; i++) {
      const p = defaultPacket();
      p.TimeStamp = T + Math.floor(i / 10) + (i % 10) / 10;
      forward.ingest(p, "NETWORK");
    }
    expect(mergedChunk("a", forward, inOrder, forward.chunkLayout)).toMatchObject({
      index: 1,
      first: 0,
      count: 20,
    });
  });

  it("drops, never merges, a run of another session when a new one begins", () => {
    const merges = new MergeRun();
    for (let i = 0; i < 30; i++) merges.stored("a", store, chunk(i, i));
    // Session b's first chunk: a's run is not handed back (it would be merged under b).
    expect(merges.stored("b", store, chunk(0, 30))).toBeNull();
    for (let i = 1; i < 60; i++) merges.stored("b", store, chunk(i, 30 + i));
    expect(indexes(merges.stored("b", store, chunk(60, 90)))).toEqual(
      Array.from({ length: 60 }, (_, i) => i),
    );
  });

  it("leaves a chunk large on its own, and keeps a merged record under its byte bound", () => {
    const merges = new MergeRun();
    const big = MERGED_BYTES / 2;
    expect(merges.stored("a", store, chunk(0, 0, { bytes: big }))).toBeNull();
    expect(merges.stored("a", store, chunk(1, 1, { bytes: big - 1 }))).toBeNull();
    expect(merges.stored("a", store, chunk(2, 2, { bytes: big - 1 }))).toBeNull();
    // 1 + 2 make 2 × (half − 1) bytes; 3 would pass the bound.
    expect(indexes(merges.stored("a", store, chunk(3, 3, { bytes: 10 })))).toEqual([1, 2]);
  });
});
