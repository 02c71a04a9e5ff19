// The storage thread's host (storage.worker.ts exposes it): IndexedDB's
// writes and reads for recorded sessions, one host per session store, so
// two users of one storage SharedWorker never close each other's database.
import * as Comlink from "comlink";
import type { EventQuery, SessionEvent } from "../contract/events";
import type { SessionInfo } from "../contract/sessions";
import type {
  AppendMessage,
  AppendReply,
  ChunkRecord,
  ChunksRead,
  StorageHost,
} from "../contract/storageProtocol";
import type { HelperConnect } from "../contract/windows";
import { SessionDb } from "../shared/storage/SessionDb";
import { answerBeat } from "../shared/helperBeats";

/** Rows go back by transfer: a restore's megabytes are moved, not copied. */
const moved = (read: ChunksRead) =>
  Comlink.transfer(
    read,
    read.chunks.map((r) => r.data),
  );

/** Time this thread spent writing chunks (transaction, put), for benchmarks. */
let appendMs = 0;
let appends = 0;

/** One session store's host: its own database handle, so two users never close each other's. */
export function newStorageHost(): StorageHost {
  let db: SessionDb | null = null;
  const open = (): SessionDb => {
    if (!db) throw new Error("the session store is not open");
    return db;
  };

  function append(port: MessagePort, { id, chunk, sessions, handBack }: AppendMessage): void {
    const start = performance.now();
    let done: Promise<void>;
    try {
      done = open().appendChunk(chunk, sessions);
    } catch (error) {
      done = Promise.reject(error);
    }
    appendMs += performance.now() - start;
    appends++;
    // Asked for, the buffer goes back, stored or not, for the next chunk.
    const buffer = handBack ? chunk.data : undefined;
    const moved = buffer ? [buffer] : [];
    done.then(
      () => port.postMessage({ id, buffer } satisfies AppendReply, moved),
      (error: unknown) => {
        const reply: AppendReply = {
          id,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          buffer,
        };
        port.postMessage(reply, moved);
      },
    );
  }

  return {
    async open(layout: string, name?: string): Promise<void> {
      db = await SessionDb.open((globalThis as { indexedDB?: IDBFactory }).indexedDB, layout, name);
    },
    /** The port the chunks come on (see RemoteSessionDb.appendChunk), and the core's beats. */
    appendPort(port: MessagePort): void {
      port.onmessage = (event: MessageEvent<AppendMessage>) => {
        if (!answerBeat(port, event.data)) append(port, event.data);
      };
    },
    close(): void {
      db?.close();
      db = null;
    },
    listSessions: () => open().listSessions(),
    getSession: (id: string) => open().getSession(id),
    repair: (session: SessionInfo) => open().repair(session),
    putSession: (session: SessionInfo) => open().putSession(session),
    deleteSession: (id: string) => open().deleteSession(id),
    appendEvents: (sessionId: string, events: readonly SessionEvent[]) =>
      open().appendEvents(sessionId, events),
    readEvents: (sessionId: string, query?: EventQuery) => open().readEvents(sessionId, query),
    readNewestRows: async (session: SessionInfo, maxRows: number) =>
      moved(await open().readNewestRows(session, maxRows)),
    readRange: async (id: string, from: number, to: number) =>
      moved(await open().readRange(id, from, to)),
    appendSummaries: async (records: readonly ChunkRecord[], handBack = false) => {
      await open().appendSummaries(records);
      const buffers = handBack ? records.map((r) => r.data) : [];
      return Comlink.transfer(buffers, buffers);
    },
    readSummary: async (session: SessionInfo, from: number, maxRows: number) =>
      moved(await open().readSummary(session, from, maxRows)),
    planRestore: (session: SessionInfo, maxRows: number) => open().planRestore(session, maxRows),
    // One slice at a time, moved: the telemetry worker holds one slice besides its history.
    readSlice: async (session: SessionInfo, from: number, maxRows: number) => {
      const slice = await open().readSlice(session, from, maxRows);
      return Comlink.transfer(
        slice,
        slice.chunks.map((r) => r.data),
      );
    },
    recover: () => open().recover(),
    appendStats: () => ({ appends, appendMs }),
  };
}

/**
 * A SharedWorker's connect port: each HelperConnect on it brings the port of
 * one user (a session store), which gets a host of its own.
 */
export function serveStorageLines(port: MessagePort): void {
  port.onmessage = (message: MessageEvent<HelperConnect>) => {
    if (message.data?.connect instanceof MessagePort)
      Comlink.expose(newStorageHost(), message.data.connect);
  };
}
