// SessionDb's calls answered by the storage worker (storage.worker.ts). The
// telemetry worker uses this in the browser so that IndexedDB never runs on
// the ingest thread: in Chromium a chunk's transaction and put cost that
// thread several times what the post of the chunk costs. The hot call,
// appendChunk, is one postMessage on a port of its own with the chunk's
// buffer transferred (no Comlink bookkeeping per call); everything else goes
// through Comlink.
import * as Comlink from "comlink";
import type { EventQuery, EventsRead, SessionEvent } from "../../contract/events";
import type { SessionInfo } from "../../contract/sessions";
import type { SessionStore } from "../../shared/storage/SessionDb";
import type {
  AppendMessage,
  AppendReply,
  ChunkRecord,
  ChunksRead,
  ChunksSlice,
  Recovery,
  RestorePlan,
  StorageHost,
} from "../../contract/storageProtocol";
import type { HelperConnect } from "../../contract/windows";

export class RemoteSessionDb implements SessionStore {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { chunk: ChunkRecord; resolve: () => void; reject: (e: Error) => void }
  >();

  private constructor(
    /** Ends the line to the storage thread: terminates its dedicated worker, or closes the port. */
    private readonly end: () => void,
    private readonly host: Comlink.Remote<StorageHost>,
    private readonly port: MessagePort,
    readonly layout: string,
  ) {
    port.onmessage = (event: MessageEvent<AppendReply>) => {
      const { id, error, data } = event.data;
      const entry = this.waiting.get(id);
      this.waiting.delete(id);
      if (error === undefined) return entry?.resolve();
      // The buffer comes back with a refusal: the same chunk can be written again.
      if (entry && data) entry.chunk.data = data;
      entry?.reject(new Error(error));
    };
  }

  /**
   * Opens the database on the storage thread; throws as SessionDb.open does.
   * Without `via` it spawns the storage worker (an own core); with `via`, a
   * port to the storage SharedWorker (a shared core, which cannot spawn), it
   * asks that worker for a line of its own.
   */
  static async open(layout: string, name?: string, via?: MessagePort): Promise<RemoteSessionDb> {
    const { endpoint, failed, opened, end } = via ? lineTo(via) : spawnStorageWorker();
    const host = Comlink.wrap<StorageHost>(endpoint);
    const channel = new MessageChannel();
    try {
      await Promise.race([host.open(layout, name), failed]);
      await host.appendPort(Comlink.transfer(channel.port2, [channel.port2]));
      opened();
    } catch (error) {
      end();
      throw error;
    }
    return new RemoteSessionDb(end, host, channel.port1, layout);
  }

  close(): void {
    for (const entry of this.waiting.values())
      entry.reject(new Error("the session store was closed"));
    this.waiting.clear();
    void this.host.close().finally(() => {
      this.port.close();
      this.end();
    });
  }

  /** The chunk's buffer is transferred: the recorder has no further use for it. */
  appendChunk(chunk: ChunkRecord, sessions: readonly SessionInfo[]): Promise<void> {
    const id = this.nextId++;
    const message: AppendMessage = { id, chunk, sessions: [...sessions] };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { chunk, resolve, reject });
      this.port.postMessage(message, [chunk.data]);
    });
  }
  listSessions(): Promise<SessionInfo[]> {
    return this.host.listSessions();
  }
  getSession(id: string): Promise<SessionInfo | null> {
    return this.host.getSession(id);
  }
  repair(session: SessionInfo): Promise<SessionInfo> {
    return this.host.repair(session);
  }
  putSession(session: SessionInfo): Promise<void> {
    return this.host.putSession(session);
  }
  deleteSession(id: string): Promise<void> {
    return this.host.deleteSession(id);
  }
  appendEvents(sessionId: string, events: readonly SessionEvent[]): Promise<void> {
    return this.host.appendEvents(sessionId, events);
  }
  readEvents(sessionId: string, query?: EventQuery): Promise<EventsRead> {
    return this.host.readEvents(sessionId, query);
  }
  readNewestRows(session: SessionInfo, maxRows: number): Promise<ChunksRead> {
    return this.host.readNewestRows(session, maxRows);
  }
  readRange(id: string, from: number, to: number): Promise<ChunksRead> {
    return this.host.readRange(id, from, to);
  }
  /** A minute's summary record: rare and small, so through Comlink (its buffer moved). */
  appendSummary(record: ChunkRecord): Promise<void> {
    return this.host.appendSummary(Comlink.transfer(record, [record.data]));
  }
  readSummary(session: SessionInfo, from: number, maxRows: number): Promise<ChunksRead> {
    return this.host.readSummary(session, from, maxRows);
  }
  planRestore(session: SessionInfo, maxRows: number): Promise<RestorePlan> {
    return this.host.planRestore(session, maxRows);
  }
  readSlice(session: SessionInfo, from: number, maxRows: number): Promise<ChunksSlice> {
    return this.host.readSlice(session, from, maxRows);
  }
  recover(): Promise<Recovery[]> {
    return this.host.recover();
  }

  /** The storage worker's own time writing chunks (benchmarks report it beside the ingest thread's). */
  appendStats(): Promise<{ appends: number; appendMs: number }> {
    return this.host.appendStats();
  }
}

interface StorageLine {
  endpoint: Worker | MessagePort;
  /** Rejects when the storage thread cannot answer (a worker that failed to load, a silent line). */
  failed: Promise<never>;
  /** The database is open: stop waiting for `failed`. */
  opened: () => void;
  end: () => void;
}

function spawnStorageWorker(): StorageLine {
  const worker = new Worker(new URL("../../storage/storage.worker.ts", import.meta.url), {
    type: "module",
    name: "helios-storage",
  });
  // A worker that fails to load answers nothing: its error event rejects instead.
  const failed = new Promise<never>((_, reject) =>
    worker.addEventListener("error", (event) =>
      reject(new Error(`the storage worker failed to start (${event.message || "no message"})`)),
    ),
  );
  return { endpoint: worker, failed, opened: () => undefined, end: () => worker.terminate() };
}

/** How long a shared storage worker may take to open the database before the core gives up on it. */
const STORAGE_LINE_TIMEOUT_MS = 15_000;

function lineTo(via: MessagePort): StorageLine {
  const channel = new MessageChannel();
  const connect: HelperConnect = { connect: channel.port2 };
  via.postMessage(connect, [channel.port2]);
  // A port has no error or close event: a storage SharedWorker that died
  // answers nothing, so the open gives up after a while rather than hang.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failed = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("the storage worker did not answer")),
      STORAGE_LINE_TIMEOUT_MS,
    );
  });
  return {
    endpoint: channel.port1,
    failed,
    opened: () => clearTimeout(timer),
    end: () => {
      clearTimeout(timer);
      channel.port1.close();
    },
  };
}
