// The storage channel: the telemetry worker and the storage worker
// (workers/storage/storage.worker.ts), which owns IndexedDB. Requests and
// answers go through Comlink (StorageHost); the hot path, one chunk a second,
// is a typed message on a port of its own with its buffer transferred
// (AppendMessage in, AppendReply out), so no Comlink bookkeeping per chunk.
import type { EventQuery, EventsRead, SessionEvent } from "./events";
import type { SessionInfo } from "./sessions";

/**
 * Rows of a ring packed into ONE ArrayBuffer (a recording chunk's body), so a
 * chunk costs IndexedDB one buffer to clone, whatever the field count:
 *   header (4 × Uint32: count, f32 offset, bools offset, string-index offset)
 *   Float64 columns | Float32 columns | packed boolean words row by row |
 *   per string field, per row, an index into `dict` (Uint32).
 * Columns are column-major (a column's `count` values back to back). Strings
 * repeat for hours, so `dict` holds each distinct string of the rows once.
 */
export interface RowSlices {
  count: number;
  data: ArrayBuffer;
  dict: string[];
  /** Set when `data` is a pooled buffer longer than the rows (bufferPool.ts): the rows fill its first `bytes`. */
  bytes?: number;
}

/** One recording chunk as stored: a flush's packets (about a second, or a merged minute) as packed columns. */
export interface ChunkRecord {
  sessionId: string;
  /** 0, 1, 2, … within the session. */
  index: number;
  /** Packet time (epoch seconds) of the first and last row. */
  t0: number;
  t1: number;
  count: number;
  /** Column layout the rows were written with (see layoutKey). */
  layout: string;
  /** The packed rows (RowSlices.data). */
  data: ArrayBuffer;
  /** As RowSlices.bytes: on the way to be stored only; what is stored is trimmed to it. */
  bytes?: number;
  /** Distinct strings of the rows; the buffer's string columns index into it. */
  dict: string[];
  /**
   * The session's totals once this chunk is written: the session record is
   * rewritten only every few chunks, so after a crash these repair it.
   */
  totals?: { packets: number; bytes: number; endedAt: number };
  /**
   * A merged record (sessions/chunkMerge.ts): the first index of the chunks
   * whose rows it holds, through `index`. Stored, it replaces them.
   */
  first?: number;
}

/** A stored chunk's rows, with the packet-time span its record says they cover. */
export interface StoredRows extends RowSlices {
  t0: number;
  t1: number;
}

/**
 * Chunks read back: those that decoded, and those refused, counted by the
 * reason a user reads ("written by another version of the app"), so the
 * telemetry worker can say what was dropped instead of dropping it silently.
 */
export interface ChunksRead {
  chunks: StoredRows[];
  refused: Record<string, number>;
}

/** A slice of a session's chunks (a sliced restore), and the chunk index to read next (null: none left). */
export interface ChunksSlice extends ChunksRead {
  next: number | null;
}

/**
 * Where a restore of the newest `maxRows` rows of a session starts (a chunk
 * index) and about how many rows it will read from there.
 */
export interface RestorePlan {
  from: number;
  rows: number;
  /** Packet time of that chunk's first row (null: no chunk, or it cannot say). */
  t0: number | null;
}

/**
 * A chunk on the append port; answered with an AppendReply of the same id.
 * The port also carries the core's beats (HelperBeat), answered at once.
 */
export interface AppendMessage {
  id: number;
  chunk: ChunkRecord;
  sessions: SessionInfo[];
  /** Move the chunk's buffer back with the answer (a dedicated storage worker: same process, no copy). */
  handBack?: boolean;
}

export interface AppendReply {
  id: number;
  error?: string;
  /** The chunk's buffer, moved back stored or not, so the next chunk is posted in it (bufferPool.ts). */
  buffer?: ArrayBuffer;
}

/** A session whose record was damaged or missing, and what recover() did about it. */
export interface Recovery {
  id: string;
  /** The name the record had, if it could still be read, else the rebuilt one. */
  name: string;
  /**
   * Rebuilt from its chunks, removed with them (nothing usable was left), or
   * kept with some chunks removed (stored out of sequence).
   */
  outcome: "rebuilt" | "removed" | "repaired";
  /** Why, in words a user reads. */
  reason: string;
}

/** What the storage worker answers through Comlink (every call async on the caller's side). */
export interface StorageHost {
  open(layout: string, name?: string): Promise<void>;
  /** The port the chunks come on (AppendMessage). */
  appendPort(port: MessagePort): void;
  close(): void;
  listSessions(): Promise<SessionInfo[]>;
  getSession(id: string): Promise<SessionInfo | null>;
  repair(session: SessionInfo): Promise<SessionInfo>;
  putSession(session: SessionInfo): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** What happened during a session (laps, alerts, …): see workers/contract/events.ts. */
  appendEvents(sessionId: string, events: readonly SessionEvent[]): Promise<void>;
  readEvents(sessionId: string, query?: EventQuery): Promise<EventsRead>;
  readNewestRows(session: SessionInfo, maxRows: number): Promise<ChunksRead>;
  readRange(id: string, from: number, to: number): Promise<ChunksRead>;
  /**
   * The 1-second summary's records, in one transaction (see
   * SessionDb.appendSummaries). `handBack`: their buffers, moved here, are
   * moved back once stored (a dedicated storage worker, as AppendMessage).
   */
  appendSummaries(records: readonly ChunkRecord[], handBack?: boolean): Promise<ArrayBuffer[]>;
  readSummary(session: SessionInfo, from: number, maxRows: number): Promise<ChunksRead>;
  planRestore(session: SessionInfo, maxRows: number): Promise<RestorePlan>;
  readSlice(session: SessionInfo, from: number, maxRows: number): Promise<ChunksSlice>;
  /** Rebuilds (or removes) sessions whose record is damaged or missing: see SessionDb.recover. */
  recover(): Promise<Recovery[]>;
  /** Time this thread spent writing chunks (transaction, put), for benchmarks. */
  appendStats(): { appends: number; appendMs: number };
}
