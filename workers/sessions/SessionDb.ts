// The session catalogue and chunk store in IndexedDB. Two object stores:
// "sessions" (one record per session) and "chunks" (keyed [sessionId, index],
// with a [sessionId, t1] index so a seek reads only the chunks it needs).
import type { SessionInfo } from "../contract";
import type { RowSlices } from "../history/ColumnRing";
import { chunkBytes, decodeChunk, type ChunkRecord } from "./chunkCodec";
import { requestResult, transactionDone, walkCursor } from "./idb";

const DB_NAME = "helios-sessions";
const DB_VERSION = 1;
const SESSIONS = "sessions";
const CHUNKS = "chunks";
const BY_TIME = "byTime";

export class SessionDb {
  private constructor(
    private readonly db: IDBDatabase,
    readonly layout: string,
  ) {}

  /** Opens (and creates) the database; throws if IndexedDB is missing or refuses. */
  static async open(factory: IDBFactory | undefined, layout: string): Promise<SessionDb> {
    if (!factory) throw new Error("IndexedDB is not available here");
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SESSIONS))
        db.createObjectStore(SESSIONS, { keyPath: "id" });
      if (!db.objectStoreNames.contains(CHUNKS)) {
        const chunks = db.createObjectStore(CHUNKS, { keyPath: ["sessionId", "index"] });
        chunks.createIndex(BY_TIME, ["sessionId", "t1"]);
      }
    };
    return new SessionDb(await requestResult(request), layout);
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

  /** Writes a chunk and its session's new totals in one transaction. */
  async appendChunk(session: SessionInfo, chunk: ChunkRecord): Promise<void> {
    const tx = this.db.transaction([SESSIONS, CHUNKS], "readwrite");
    tx.objectStore(CHUNKS).put(chunk);
    tx.objectStore(SESSIONS).put(session);
    await transactionDone(tx);
  }

  async putSession(session: SessionInfo): Promise<void> {
    const tx = this.db.transaction(SESSIONS, "readwrite");
    tx.objectStore(SESSIONS).put(session);
    await transactionDone(tx);
  }

  async deleteSession(id: string): Promise<void> {
    const tx = this.db.transaction([SESSIONS, CHUNKS], "readwrite");
    tx.objectStore(SESSIONS).delete(id);
    tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
    await transactionDone(tx);
  }

  /** The newest chunks of a session holding up to `maxRows` rows, oldest first. */
  async readNewestRows(id: string, maxRows: number): Promise<RowSlices[]> {
    const tx = this.db.transaction(CHUNKS, "readonly");
    const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
    const rows: RowSlices[] = [];
    let total = 0;
    await walkCursor(tx.objectStore(CHUNKS).openCursor(range, "prev"), (value) => {
      const decoded = decodeChunk(value, this.layout);
      if (decoded) {
        rows.push(decoded);
        total += decoded.count;
      }
      return total < maxRows;
    });
    return rows.reverse();
  }

  /**
   * Chunks of a session that overlap [from, to] (packet time, epoch seconds),
   * oldest first. Uses the [sessionId, t1] index: the walk starts at the first
   * chunk ending at or after `from` and stops at the first starting after `to`.
   */
  async readRange(id: string, from: number, to: number): Promise<RowSlices[]> {
    const tx = this.db.transaction(CHUNKS, "readonly");
    const range = IDBKeyRange.bound([id, from], [id, Infinity]);
    const rows: RowSlices[] = [];
    await walkCursor(tx.objectStore(CHUNKS).index(BY_TIME).openCursor(range), (value) => {
      const chunk = value as Partial<ChunkRecord>;
      if (typeof chunk.t0 === "number" && chunk.t0 > to) return false;
      const decoded = decodeChunk(value, this.layout);
      if (decoded) rows.push(decoded);
      return true;
    });
    return rows;
  }
}

export { chunkBytes };

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
