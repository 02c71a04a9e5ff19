// A recorded chunk's rows are packed and posted in buffers used again chunk
// after chunk (bufferPool.ts: fresh memory cost the ingest thread more than
// the copy itself). What is stored must still be each chunk's rows exactly:
// no bytes of an earlier, larger chunk, no buffer still on its way reused,
// and never the pooled buffer's bytes past the rows.
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type {
  AppendMessage,
  AppendReply,
  ChunkRecord,
} from "../../workers/contract/storageProtocol";
import { newStorageHost } from "../../workers/storage/storageHost";
import { BufferPool, POOLED_MAX_BYTES } from "../../workers/shared/storage/bufferPool";
import { encodeChunk } from "../../workers/shared/storage/chunkCodec";
import { closeStoragePortsAfterEach, storageVia } from "./storageKit";
import { RemoteSessionDb } from "../../workers/telemetry/sessions/RemoteSessionDb";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;
closeStoragePortsAfterEach();

/** Chunk `index` of `rows` packets, each of its own time (so no two chunks' bytes agree). */
function chunk(index: number, rows: number, pool?: BufferPool): ChunkRecord {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: rows });
  for (let i = 0; i < rows; i++)
    store.ingest({ ...defaultPacket(), TimeStamp: T0 + index + i / 100 }, "DEMO");
  const packed = pool
    ? store.ring.exportRows(0, rows, (bytes) => pool.take(bytes))
    : store.newestRows(rows);
  return encodeChunk("s", index, packed, T0 + index, T0 + index + 0.9, store.chunkLayout);
}

/** The rows' bytes (a pooled buffer holds more). */
const bytesOf = (rows: { data: ArrayBuffer; bytes?: number }) =>
  Array.from(new Uint8Array(rows.data, 0, rows.bytes ?? rows.data.byteLength));

describe("recorded chunks in buffers used again", () => {
  it("a buffer given back is the next one taken for a chunk as large; a huge chunk gets its own", () => {
    const pool = new BufferPool();
    const first = pool.take(3_000);
    pool.give(first);
    expect(pool.take(70_000)).not.toBe(first);
    expect(pool.take(1_200)).toBe(first);
    expect(pool.take(POOLED_MAX_BYTES + 8).byteLength).toBe(POOLED_MAX_BYTES + 8);
  });

  it("a flush of many small chunks finds every buffer again at the next flush", () => {
    const pool = new BufferPool();
    const flush = () => Array.from({ length: 62 }, () => pool.take(73_000));
    const first = flush();
    first.forEach((buffer) => pool.give(buffer));
    const next = new Set(flush());
    expect(first.filter((buffer) => next.has(buffer))).toHaveLength(62);
  });

  it("are stored row for row and trimmed to their rows, whatever the sizes and however close the posts", async () => {
    const db = await RemoteSessionDb.open(new TelemetryStore({ layout: LAYOUT }).chunkLayout, {
      name: "helios-recording-buffers",
      via: storageVia(),
    });
    const pool = new BufferPool();
    const sizes = [40, 7, 40, 1, 25, 40, 3];
    const expected: number[][] = [];
    // Posted back to back (every buffer still on its way), then one at a time (each used again).
    const burst = sizes.slice(0, 3).map((rows, i) => chunk(i, rows, pool));
    for (const c of burst) expected.push(bytesOf(c));
    await Promise.all(burst.map((c) => db.appendChunk(c, [])));
    burst.forEach((c) => pool.give(c.data));
    for (let i = 3; i < sizes.length; i++) {
      const c = chunk(i, sizes[i]!, pool);
      expected.push(bytesOf(c));
      await db.appendChunk(c, []);
      pool.give(c.data);
    }
    const read = await db.readRange("s", T0, T0 + 100);
    expect(read.chunks.map((c) => c.count)).toEqual(sizes);
    // Stored trimmed: a buffer's length is its rows'.
    expect(read.chunks.map((c) => bytesOf(c))).toEqual(expected);
    expect(read.chunks.map((c) => c.data.byteLength)).toEqual(expected.map((b) => b.length));
    db.close();
  });

  it("a dedicated storage worker hands the buffer back with its answer, and stores the rows alone", async () => {
    const host = newStorageHost();
    await host.open(
      new TelemetryStore({ layout: LAYOUT }).chunkLayout,
      "helios-recording-handback",
    );
    const line = new MessageChannel();
    host.appendPort(line.port2);
    const pool = new BufferPool();
    const posted = chunk(0, 25, pool);
    const rows = bytesOf(posted);
    const answered = new Promise<AppendReply>((resolve) => {
      line.port1.onmessage = (event: MessageEvent<AppendReply>) => resolve(event.data);
    });
    const message: AppendMessage = { id: 7, chunk: posted, sessions: [], handBack: true };
    line.port1.postMessage(message, [posted.data]);
    const reply = await answered;
    expect([reply.id, reply.error, reply.buffer?.byteLength]).toEqual([7, undefined, 32_768]);
    const read = await host.readRange("s", T0, T0 + 100);
    expect(read.chunks.map((c) => bytesOf(c))).toEqual([rows]);
    expect(read.chunks[0]!.data.byteLength).toBe(rows.length);
    line.port1.close();
    line.port2.close();
    host.close();
  });
});

describe("the 1-second summary's records in buffers used again", () => {
  it("are stored trimmed to their rows, each minute its own seconds, flush after flush", async () => {
    const { IDBFactory } = await import("fake-indexeddb");
    const { Sessions } = await import("../../workers/telemetry/sessions/Sessions");
    const { manualTimers } = await import("./manualTimers");
    const { recordingSettings, settle, storedRecords } = await import("./sessionsKit");
    const M0 = 1_795_000_020; // a whole minute
    const factory = new IDBFactory();
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
    const sessions = new Sessions({
      factory,
      timers: manualTimers().timers,
      notice: () => undefined,
    });
    await sessions.start(live, recordingSettings, () => "DEMO");
    // Packet time a second apart: every packet starts a second, a flush completes minutes.
    for (let flush = 0; flush < 3; flush++) {
      for (let i = 0; i < 600; i++)
        live.ingest({ ...defaultPacket(), TimeStamp: M0 + flush * 600 + i }, "DEMO");
      await sessions.flush("DEMO");
    }
    await settle();
    sessions.stop();
    const records = await storedRecords<ChunkRecord>(factory, "summaries");
    // 30 minutes: the last one is written when recording stops (or not at all before).
    expect(records.length).toBeGreaterThanOrEqual(29);
    for (const [m, record] of records.entries()) {
      expect(record.bytes).toBeUndefined();
      const copy = new TelemetryStore({ layout: LAYOUT, capacity: 60 });
      copy.appendRows(record);
      const times = Array.from({ length: copy.ring.length }, (_, i) => copy.ring.time(i));
      expect(times).toEqual(Array.from({ length: 60 }, (_, k) => M0 + m * 60 + k));
      // Exactly its rows' bytes: packed again, the same length.
      expect(record.data.byteLength).toBe(copy.ring.exportRows(0, 60).data.byteLength);
    }
  });
});

describe("the summary's records on their way to the storage thread", () => {
  const session = (id: string) => ({
    id,
    name: id,
    source: "DEMO" as const,
    backendUrl: "",
    startedAt: 0,
    endedAt: 0,
    firstPacketTime: T0,
    lastPacketTime: T0 + 100,
    packets: 0,
    bytes: 0,
    chunks: 0,
  });

  it("a dedicated storage worker moves their buffers back once stored, and stores the rows alone", async () => {
    const host = newStorageHost();
    await host.open(new TelemetryStore({ layout: LAYOUT }).chunkLayout, "helios-summary-handback");
    const pool = new BufferPool();
    const records = [chunk(0, 25, pool), chunk(1, 40, pool)];
    const rows = records.map((r) => bytesOf(r));
    const back = await host.appendSummaries(records, true);
    expect(back.map((b) => b.byteLength)).toEqual([32_768, 32_768]);
    const read = await host.readSummary({ ...session("s") }, -Infinity, 1000);
    expect(read.chunks.map((c) => bytesOf(c))).toEqual(rows);
    expect(read.chunks.map((c) => c.data.byteLength)).toEqual(rows.map((b) => b.length));
    host.close();
  });

  it("through a store on another thread they arrive row for row, and the recorder's buffers stay its own", async () => {
    const db = await RemoteSessionDb.open(new TelemetryStore({ layout: LAYOUT }).chunkLayout, {
      name: "helios-summary-remote",
      via: storageVia(),
    });
    const pool = new BufferPool();
    const records = [chunk(0, 25, pool), chunk(1, 7, pool)];
    const rows = records.map((r) => bytesOf(r));
    await db.appendSummaries(records);
    // Copied, not moved: the recorder gives its buffers back to its own pool.
    expect(records.map((r) => r.data.byteLength)).toEqual([32_768, 8_192]);
    const read = await db.readSummary({ ...session("s") }, -Infinity, 1000);
    expect(read.chunks.map((c) => bytesOf(c))).toEqual(rows);
    db.close();
  });
});
