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

export class RemoteSessionDb implements SessionStore {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { chunk: ChunkRecord; resolve: () => void; reject: (e: Error) => void }
  >();

  private constructor(
    private readonly worker: Worker,
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

  /** Spawns the storage worker and opens the database there; throws as SessionDb.open does. */
  static async open(layout: string, name?: string): Promise<RemoteSessionDb> {
    const worker = new Worker(new URL("../../storage/storage.worker.ts", import.meta.url), {
      type: "module",
      name: "helios-storage",
    });
    const host = Comlink.wrap<StorageHost>(worker);
    // A worker that fails to load answers nothing: its error event rejects instead.
    const failed = new Promise<never>((_, reject) =>
      worker.addEventListener("error", (event) =>
        reject(new Error(`the storage worker failed to start (${event.message || "no message"})`)),
      ),
    );
    const channel = new MessageChannel();
    try {
      await Promise.race([host.open(layout, name), failed]);
      await host.appendPort(Comlink.transfer(channel.port2, [channel.port2]));
    } catch (error) {
      worker.terminate();
      throw error;
    }
    return new RemoteSessionDb(worker, host, channel.port1, layout);
  }

  close(): void {
    for (const entry of this.waiting.values())
      entry.reject(new Error("the session store was closed"));
    this.waiting.clear();
    void this.host.close().finally(() => {
      this.port.close();
      this.worker.terminate();
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
