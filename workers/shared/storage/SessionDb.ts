// The session catalogue, chunk store and event store in IndexedDB. Three
// object stores (schema.ts has each version's and the upgrade): "sessions"
// (one record per session), "chunks" (keyed [sessionId, index], with a
// [sessionId, t1] index so a seek reads only the chunks it needs) and
// "events" (what happened during a session: laps, later alerts, forecasts,
// sector times; keyed [sessionId, kind, time, seq] so one kind between two
// times is one key range, with a [sessionId, time] index for every kind),
// and "summaries" (a session's 1-second summary, a record a minute, keyed
// [sessionId, t0]: the first picture of a restore, see restoreReads.ts).
import type { EventQuery, EventsRead, SessionEvent } from "../../contract/events";
import type { SessionInfo } from "../../contract/sessions";
import type {
  ChunksRead,
  ChunksSlice,
  Recovery,
  RestorePlan,
} from "../../contract/storageProtocol";
import { CHUNK_SPAN_MAX, trimmed, type ChunkRecord } from "./chunkCodec";
import { appendEvents, readEvents } from "./eventStore";
import { requestResult, transactionDone } from "./idb";
import { isSessionInfo, recoverSessions } from "./sessionRecords";
import {
  appendSummaries,
  planRestore,
  readChunks,
  readSlice,
  readSummary,
  trimOldest,
} from "./restoreReads";
import {
  BY_TIME,
  CHUNKS,
  DB_NAME,
  EVENTS,
  namedKeysOf,
  numberedKeysOf,
  openSessionDatabase,
  SESSIONS,
  SUMMARIES,
} from "./schema";

export class SessionDb {
  private constructor(
    private readonly db: IDBDatabase,
    readonly layout: string,
  ) {}

  /**
   * Opens (creates, upgrades) the database; throws if IndexedDB is missing or
   * refuses, or with an OpenRefusal (idb.ts). `name`: another database than
   * the app's (benchmarks).
   */
  static async open(
    factory: IDBFactory | undefined,
    layout: string,
    name = DB_NAME,
  ): Promise<SessionDb> {
    if (!factory) throw new Error("IndexedDB is not available here");
    return new SessionDb(await openSessionDatabase(factory, name), layout);
  }

  close(): void {
    this.db.close();
  }

  async listSessions(): Promise<SessionInfo[]> {
    const tx = this.db.transaction(SESSIONS, "readonly");
    const all = await requestResult(tx.objectStore(SESSIONS).getAll());
    return all.filter(isSessionInfo).sort((a, b) => a.startedAt - b.startedAt);
  }

  async getSession(id: string): Promise<SessionInfo | null> {
    const tx = this.db.transaction(SESSIONS, "readonly");
    const value: unknown = await requestResult(tx.objectStore(SESSIONS).get(id));
    return isSessionInfo(value) ? value : null;
  }

  /**
   * Writes a chunk, and the session records given (a new or finished session,
   * or every few chunks), in one transaction. A merged chunk (`first` set)
   * replaces the chunks it holds, in the same transaction.
   */
  async appendChunk(chunk: ChunkRecord, sessions: readonly SessionInfo[]): Promise<void> {
    const tx = this.db.transaction(sessions.length > 0 ? [SESSIONS, CHUNKS] : CHUNKS, "readwrite");
    const chunks = tx.objectStore(CHUNKS);
    const { first, index, sessionId } = chunk;
    if (Number.isInteger(first) && first! < index)
      chunks.delete(IDBKeyRange.bound([sessionId, first], [sessionId, index - 1]));
    chunks.put(trimmed(chunk));
    for (const session of sessions) tx.objectStore(SESSIONS).put(session);
    await transactionDone(tx);
  }

  /**
   * Brings a session record up to its last stored chunk (the record is written
   * every few chunks; a crash leaves it behind). Returns the repaired record.
   */
  async repair(session: SessionInfo): Promise<SessionInfo> {
    const tx = this.db.transaction(CHUNKS, "readonly");
    const range = numberedKeysOf(session.id);
    const cursor = await requestResult(tx.objectStore(CHUNKS).openCursor(range, "prev"));
    const last = cursor?.value as Partial<ChunkRecord> | undefined;
    const totals = last?.totals;
    if (
      !last ||
      !Number.isInteger(last.index) ||
      !Number.isFinite(last.t1) ||
      !totals ||
      !Number.isFinite(totals.packets) ||
      !Number.isFinite(totals.bytes) ||
      !Number.isFinite(totals.endedAt) ||
      (last.index as number) + 1 <= session.chunks
    )
      return session;
    const repaired: SessionInfo = {
      ...session,
      chunks: (last.index as number) + 1,
      packets: totals.packets,
      bytes: totals.bytes,
      endedAt: totals.endedAt,
      lastPacketTime: last.t1 as number,
    };
    await this.putSession(repaired);
    return repaired;
  }

  async putSession(session: SessionInfo): Promise<void> {
    const tx = this.db.transaction(SESSIONS, "readwrite");
    tx.objectStore(SESSIONS).put(session);
    await transactionDone(tx);
  }

  async deleteSession(id: string): Promise<void> {
    const tx = this.db.transaction([SESSIONS, CHUNKS, EVENTS, SUMMARIES], "readwrite");
    tx.objectStore(SESSIONS).delete(id);
    tx.objectStore(CHUNKS).delete(numberedKeysOf(id));
    tx.objectStore(EVENTS).delete(namedKeysOf(id));
    tx.objectStore(SUMMARIES).delete(numberedKeysOf(id));
    await transactionDone(tx);
  }

  /** Stores events of a session (see eventStore.appendEvents: a lap at the same time replaces). */
  appendEvents(sessionId: string, events: readonly SessionEvent[]): Promise<void> {
    return appendEvents(this.db, sessionId, events);
  }

  /** A session's events, oldest first, and the count of stored records that failed their checks. */
  readEvents(sessionId: string, query: EventQuery = {}): Promise<EventsRead> {
    return readEvents(this.db, sessionId, query);
  }

  /**
   * The newest chunks of a session holding up to `maxRows` rows, oldest first.
   * The session's keys come first (keys only: cheap), so every step is
   * bounded by the chunks actually stored, whatever the record or a chunk's
   * index claims (an index of 1e12 once made this loop a trillion times).
   * Then one getAll from the key where enough rows should start (from the
   * average rows per stored chunk), not a cursor step per chunk: restore is
   * one read, or a few when chunks are of uneven size.
   */
  async readNewestRows(session: SessionInfo, maxRows: number): Promise<ChunksRead> {
    const keysTx = this.db.transaction(CHUNKS, "readonly");
    const keys = (await requestResult(
      keysTx.objectStore(CHUNKS).getAllKeys(numberedKeysOf(session.id)),
    )) as [string, number][];
    if (keys.length === 0) return { chunks: [], refused: {} };
    const perChunk = Math.max(1, (Number(session.packets) || 0) / keys.length);
    let first = Math.max(0, keys.length - Math.ceil(maxRows / perChunk) - 2);
    for (;;) {
      const tx = this.db.transaction(CHUNKS, "readonly");
      const range = IDBKeyRange.bound(keys[first], [session.id, Infinity]);
      const read = readChunks(
        await requestResult(tx.objectStore(CHUNKS).getAll(range)),
        this.layout,
      );
      const total = read.chunks.reduce((sum, r) => sum + r.count, 0);
      // Chunks of uneven size: widen the read, by at least ten stored chunks a step.
      if (total >= maxRows || first === 0) {
        read.chunks = trimOldest(read.chunks, maxRows);
        return read;
      }
      first = Math.max(0, first - Math.ceil((maxRows - total) / perChunk) - 10);
    }
  }

  /** Stores records of a session's 1-second summary (the Recorder's, one a minute), in one transaction. */
  appendSummaries(records: readonly ChunkRecord[]): Promise<void> {
    return appendSummaries(this.db, records);
  }

  /** A session's summary rows from packet time `from`, the newest `maxRows` at most (restoreReads.ts). */
  readSummary(session: SessionInfo, from: number, maxRows: number): Promise<ChunksRead> {
    return readSummary(this.db, this.layout, session, from, maxRows);
  }

  /** Where a restore of the newest `maxRows` rows of a session starts (restoreReads.ts). */
  planRestore(session: SessionInfo, maxRows: number): Promise<RestorePlan> {
    return planRestore(this.db, session, maxRows);
  }

  /** A slice of about `maxRows` rows of a session's chunks from index `from` (restoreReads.ts). */
  readSlice(session: SessionInfo, from: number, maxRows: number): Promise<ChunksSlice> {
    return readSlice(this.db, this.layout, session, from, maxRows);
  }

  /**
   * Chunks of a session that overlap [from, to] (packet time, epoch seconds),
   * oldest first, in one getAll on the [sessionId, t1] index: chunks ending in
   * [from, to + CHUNK_SPAN_MAX], of which those starting after `to` are dropped.
   */
  async readRange(id: string, from: number, to: number): Promise<ChunksRead> {
    const tx = this.db.transaction(CHUNKS, "readonly");
    const range = IDBKeyRange.bound([id, from], [id, to + CHUNK_SPAN_MAX]);
    const values = await requestResult(tx.objectStore(CHUNKS).index(BY_TIME).getAll(range));
    const startsInRange = (value: unknown) => {
      const t0 = (value as Partial<ChunkRecord> | null)?.t0;
      return !(typeof t0 === "number" && t0 > to);
    };
    return readChunks(values, this.layout, startsInRange);
  }

  /**
   * Sessions whose record is damaged (a count of NaN) or missing while their
   * chunks remain: rebuilt from their chunks, or removed with them when none
   * can say what they hold. Without this they were hidden from the list and
   * their chunks sat outside the storage budget for good. See recovery.ts.
   */
  recover(): Promise<Recovery[]> {
    return recoverSessions(this.db);
  }
}

/**
 * What the recorder, restore and replay need of the store: SessionDb itself
 * (tests, Node) or RemoteSessionDb, the same calls answered by a storage worker.
 */
export type SessionStore = Pick<
  SessionDb,
  | "layout"
  | "close"
  | "listSessions"
  | "getSession"
  | "appendChunk"
  | "repair"
  | "putSession"
  | "deleteSession"
  | "appendEvents"
  | "readEvents"
  | "readNewestRows"
  | "readRange"
  | "appendSummaries"
  | "readSummary"
  | "planRestore"
  | "readSlice"
  | "recover"
>;

/**
 * What a store on another thread tells the recording about its line to that
 * thread (RemoteSessionDb): lost (it stopped answering; calls wait for a new
 * one), back (a new one answers; the calls that waited went to it), or
 * failed (none could be started; the calls that waited failed).
 */
export interface StoreLineWatch {
  lost(): void;
  back(): void;
  failed(why: string): void;
}

/** Opens the store for a column layout (the default: SessionDb on this thread). */
export type OpenSessionStore = (layout: string, watch?: StoreLineWatch) => Promise<SessionStore>;
