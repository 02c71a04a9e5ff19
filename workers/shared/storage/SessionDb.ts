// The session catalogue, chunk store and event store in IndexedDB. Three
// object stores (schema.ts has each version's and the upgrade): "sessions"
// (one record per session), "chunks" (keyed [sessionId, index], with a
// [sessionId, t1] index so a seek reads only the chunks it needs) and
// "events" (what happened during a session: laps, later alerts, forecasts,
// sector times; keyed [sessionId, kind, time, seq] so one kind between two
// times is one key range, with a [sessionId, time] index for every kind).
import type { EventQuery, EventsRead, SessionEvent } from "../../contract/events";
import type { SessionInfo } from "../../contract/sessions";
import type { RowSlices } from "../../contract/storageProtocol";
import { chunkBytes, decodeChunk, type ChunkRecord } from "./chunkCodec";
import { appendEvents, readEvents } from "./eventStore";
import { requestResult, transactionDone } from "./idb";
import { BY_TIME, CHUNKS, DB_NAME, EVENTS, openSessionDatabase, SESSIONS } from "./schema";

/** A chunk holds about a second of packets; packet time inside one may span more. */
const CHUNK_SPAN_MAX = 120;
/** Every key of a session in a store keyed [sessionId, number, …]. */
const numberedKeysOf = (id: string) => IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
/** Every key of a session in a store keyed [sessionId, string, …] (an array sorts after any string). */
const namedKeysOf = (id: string) => IDBKeyRange.bound([id], [id, []]);

/** Drops whole chunks from the front while the rest still hold `maxRows` rows. */
function trimOldest(rows: RowSlices[], maxRows: number): RowSlices[] {
  let total = rows.reduce((sum, r) => sum + r.count, 0);
  let start = 0;
  while (start < rows.length - 1 && total - rows[start]!.count >= maxRows)
    total -= rows[start++]!.count;
  return rows.slice(start);
}

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
   * or every few chunks), in one transaction.
   */
  async appendChunk(chunk: ChunkRecord, sessions: readonly SessionInfo[]): Promise<void> {
    const tx = this.db.transaction(sessions.length > 0 ? [SESSIONS, CHUNKS] : CHUNKS, "readwrite");
    tx.objectStore(CHUNKS).put(chunk);
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
    const tx = this.db.transaction([SESSIONS, CHUNKS, EVENTS], "readwrite");
    tx.objectStore(SESSIONS).delete(id);
    tx.objectStore(CHUNKS).delete(numberedKeysOf(id));
    tx.objectStore(EVENTS).delete(namedKeysOf(id));
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
   * One getAll over the chunk indexes that can hold them (from the session's
   * average rows per chunk), not a cursor step per chunk: restore is one read.
   */
  async readNewestRows(session: SessionInfo, maxRows: number): Promise<RowSlices[]> {
    const perChunk = session.chunks > 0 ? Math.max(1, session.packets / session.chunks) : 1;
    let firstIndex = Math.max(0, session.chunks - Math.ceil(maxRows / perChunk) - 2);
    for (;;) {
      const tx = this.db.transaction(CHUNKS, "readonly");
      const range = IDBKeyRange.bound([session.id, firstIndex], [session.id, Infinity]);
      const values = await requestResult(tx.objectStore(CHUNKS).getAll(range));
      const rows: RowSlices[] = [];
      for (const value of values) {
        const decoded = decodeChunk(value, this.layout);
        if (decoded) rows.push(decoded);
      }
      const total = rows.reduce((sum, r) => sum + r.count, 0);
      // Chunks of uneven size: widen the read once if it came up short.
      if (total >= maxRows || firstIndex === 0) return trimOldest(rows, maxRows);
      firstIndex = Math.max(0, firstIndex - Math.ceil((maxRows - total) / perChunk) - 10);
    }
  }

  /**
   * Chunks of a session that overlap [from, to] (packet time, epoch seconds),
   * oldest first, in one getAll on the [sessionId, t1] index: chunks ending in
   * [from, to + CHUNK_SPAN_MAX], of which those starting after `to` are dropped.
   */
  async readRange(id: string, from: number, to: number): Promise<RowSlices[]> {
    const tx = this.db.transaction(CHUNKS, "readonly");
    const range = IDBKeyRange.bound([id, from], [id, to + CHUNK_SPAN_MAX]);
    const values = await requestResult(tx.objectStore(CHUNKS).index(BY_TIME).getAll(range));
    const rows: RowSlices[] = [];
    for (const value of values) {
      const chunk = value as Partial<ChunkRecord>;
      if (typeof chunk.t0 === "number" && chunk.t0 > to) continue;
      const decoded = decodeChunk(value, this.layout);
      if (decoded) rows.push(decoded);
    }
    return rows;
  }
}

export { chunkBytes };

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
>;

/** Opens the store for a column layout (the default: SessionDb on this thread). */
export type OpenSessionStore = (layout: string) => Promise<SessionStore>;

function isSessionInfo(value: unknown): value is SessionInfo {
  if (typeof value !== "object" || value === null) return false;
  const s = value as Partial<SessionInfo>;
  return (
    typeof s.id === "string" &&
    typeof s.name === "string" &&
    typeof s.source === "string" &&
    Number.isFinite(s.startedAt) &&
    Number.isFinite(s.endedAt) &&
    Number.isFinite(s.packets) &&
    Number.isFinite(s.bytes)
  );
}
