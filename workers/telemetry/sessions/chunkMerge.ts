// Merging a session's small stored chunks into records of up to a minute.
// A live chunk holds one flush, about a second: at a car's 10 packets/s that
// is 7 kB, and an hour is 3,600 records. Reading back is what a restore after
// a reload waits for, and Chromium reads many small records slowly: a getAll
// of 25 MB took 933–1,196 ms in 3,600 records of 7 kB, 190–322 ms in 60 of
// 420 kB (bench/RESULTS.md, "Restore reads the next slice ahead"). So once a
// run of stored chunks reaches a minute of packet time (or MERGED_BYTES), its
// rows, still in the live ring, are written again as one record that replaces
// them in the same transaction (SessionDb.appendChunk, ChunkRecord.first).
//
// The merged record is keyed at the run's last index and carries that
// chunk's totals, so everything that reads a session by its chunks' indexes
// and totals (planRestore's search, repair, recovery) reads it unchanged.
// It spans at most CHUNK_RUN_S, as any chunk does, so a read of a time range
// still finds it (CHUNK_SPAN_MAX). At high rates a second's chunk is already
// large (1.4 MB at 2,000/s): such chunks are left alone.
import type { ChunkRecord } from "../../contract/storageProtocol";
import type { ColumnRing } from "../history/ColumnRing";
import type { TelemetryStore } from "../store/TelemetryStore";
import { CHUNK_SPAN_MAX, chunkBytes, encodeChunk } from "../../shared/storage/chunkCodec";

/** Most packet time one chunk, merged or not, spans, s (see Recorder: half of CHUNK_SPAN_MAX). */
export const CHUNK_RUN_S = CHUNK_SPAN_MAX / 2;
/** A merged record's most bytes; a chunk of half this or more is large enough on its own. */
export const MERGED_BYTES = 1 << 20;

/** A stored chunk as the merge needs it: where its rows were in the live history. */
export interface StoredChunk {
  index: number;
  t0: number;
  t1: number;
  count: number;
  bytes: number;
  /** The store's accepted count before its first row: finds its rows in the ring later. */
  accepted: number;
  totals: NonNullable<ChunkRecord["totals"]>;
}

/** The chunks of one session, stored one after another, not yet merged. */
export class MergeRun {
  private run: StoredChunk[] = [];
  private sessionId = "";
  private store: TelemetryStore | null = null;
  private bytes = 0;

  /**
   * A chunk of `sessionId` was stored from `store`'s rows. Returns the run to
   * merge now (two or more chunks of this session and store that the new one
   * does not continue), or null. The run of another session or store is
   * dropped, not merged: that session has ended (or was deleted), and its
   * last minute stays as it was stored.
   */
  stored(sessionId: string, store: TelemetryStore, chunk: StoredChunk): StoredChunk[] | null {
    if (sessionId !== this.sessionId || store !== this.store) this.clear();
    const last = this.run.at(-1);
    const continues =
      last !== undefined &&
      chunk.index === last.index + 1 &&
      chunk.accepted === last.accepted + last.count &&
      chunk.t1 - this.run[0]!.t0 <= CHUNK_RUN_S &&
      this.bytes + chunk.bytes <= MERGED_BYTES;
    let done: StoredChunk[] | null = null;
    if (!continues) {
      if (this.run.length >= 2) done = this.run;
      this.run = [];
      this.bytes = 0;
    }
    if (chunk.bytes < MERGED_BYTES / 2) {
      this.run.push(chunk);
      this.bytes += chunk.bytes;
      this.sessionId = sessionId;
      this.store = store;
    }
    return done;
  }

  /** Nothing stored so far is merged any more (a failed write left a gap, recording stopped). */
  clear(): void {
    this.run = [];
    this.bytes = 0;
  }
}

/**
 * The record that replaces `run` (chunks of `sessionId`, stored from
 * `store`'s rows), or null when its rows are no longer the ring's as they
 * were stored (wrapped out, or the history was rebuilt), span too long, or
 * end before they begin (the car's clock stepped back).
 */
export function mergedChunk(
  sessionId: string,
  store: TelemetryStore,
  run: readonly StoredChunk[],
  layout: string,
  alloc?: (bytes: number) => ArrayBuffer,
): ChunkRecord | null {
  const first = run[0]!;
  const last = run.at(-1)!;
  // A record's span is its first and last rows' times: backwards, it would be read as damaged.
  if (last.t1 < first.t0) return null;
  const ring = store.ring;
  const count = last.accepted + last.count - first.accepted;
  const start = ring.length - (store.acceptedCount - first.accepted);
  if (start < 0 || start + count > ring.length) return null;
  if (ring.time(start) !== first.t0 || ring.time(start + count - 1) !== last.t1) return null;
  if (span(ring, start, count) > CHUNK_RUN_S) return null;
  const rows = ring.exportRows(start, count, alloc);
  const chunk = encodeChunk(sessionId, last.index, rows, first.t0, last.t1, layout);
  chunk.first = first.index;
  chunk.totals = last.totals;
  return chunk;
}

/** The stored chunk as the merge needs it. */
export function storedChunk(chunk: ChunkRecord, accepted: number): StoredChunk | null {
  if (!chunk.totals) return null;
  const { index, t0, t1, count, totals } = chunk;
  return { index, t0, t1, count, bytes: chunkBytes(chunk), accepted, totals };
}

/** Packet time rows [start, start + count) of the ring span, packets out of order included. */
function span(ring: ColumnRing, start: number, count: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = start; i < start + count; i++) {
    const t = ring.time(i);
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return hi - lo;
}
