// SessionDb's calls answered by the storage worker (storage.worker.ts). The
// telemetry worker uses this in the browser so that IndexedDB never runs on
// the ingest thread: in Chromium a chunk's transaction and put cost that
// thread several times what the post of the chunk costs. The hot call,
// appendChunk, is one postMessage on a port of its own (no Comlink
// bookkeeping per call); everything else goes through Comlink.
//
// The storage thread can die or hang (issue 58, item 12: a closed storage
// SharedWorker left the recorder waiting for ever, with nothing said). So
// the line carries beats (shared/helperBeats.ts): once they go unanswered the
// line is taken for lost, a new storage thread is asked for (`replacement`),
// and every call that had not been answered is made again there, in order.
// Nothing the recorder handed over is lost: a chunk's rows are copied into a
// buffer that is moved to the storage thread (and, from a dedicated storage
// worker, moved back once stored: see appendChunk), while the chunk itself is
// kept here until it is stored. Each call here
// is one the store may repeat (puts by key, reads), so a write the dead
// thread did finish is only written again.
import * as Comlink from "comlink";
import type { EventQuery, EventsRead, SessionEvent } from "../../contract/events";
import type { SessionInfo } from "../../contract/sessions";
import type { SessionStore, StoreLineWatch } from "../../shared/storage/SessionDb";
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
import { HelperWatch } from "../../shared/helperBeats";
import { BufferPool } from "../../shared/storage/bufferPool";
import { realTimers, type Timers } from "../sources/timers";

/** How long the storage thread may take to open the database before the core gives up on it. */
const STORAGE_LINE_TIMEOUT_MS = 15_000;

/** The storage thread stopped answering and none took its place: the calls that waited fail with it. */
export class StorageLost extends Error {
  constructor(why: string) {
    super(`the storage worker stopped answering and ${why}`);
    this.name = "StorageLost";
  }
}

/** A line's silence: what a call on it is rejected with, so that it is made again on the next line. */
const LINE_LOST = Symbol("line lost");

interface StorageLine {
  endpoint: Worker | MessagePort;
  /** Rejects when the storage thread cannot answer (a worker that failed to load, a silent line). */
  failed: Promise<never>;
  /** The database is open: stop waiting for `failed`. */
  opened: () => void;
  end: () => void;
}

/** An open line: the storage thread's host, the port its chunks go on, and its watch. */
interface Line {
  host: Comlink.Remote<StorageHost>;
  port: MessagePort;
  watch: HelperWatch;
  /** Chunks posted on this line and not yet answered. */
  waiting: Map<number, { resolve: () => void; reject: (e: Error) => void }>;
  /** Calls `listener` once the line went silent (at once if it has); the function stops it. */
  whenLost: (listener: () => void) => () => void;
  lose: () => void;
  end: () => void;
}

interface RemoteOptions {
  /** The database's name (tests, benchmarks); default SessionDb's. */
  name?: string;
  /**
   * A port to the storage SharedWorker (a shared core, which cannot spawn
   * workers): a line of its own is asked for on it. Without it the store
   * spawns a dedicated storage worker (an own core), and spawns another when
   * that one stops answering.
   */
  via?: MessagePort;
  /** A shared core's way to a new storage SharedWorker when the one it used stopped answering. */
  replacement?: () => Promise<MessagePort>;
  /** Told when the line is lost, back, or could not be replaced (the recording says so). */
  watch?: StoreLineWatch;
  timers?: Timers;
}

export class RemoteSessionDb implements SessionStore {
  private nextId = 0;
  private closed = false;
  /** The line calls go on: open, being replaced, or null after a replacement failed (the next call tries again). */
  private line: Promise<Line> | null;
  /** The open line `line` resolved to (null while one is being opened). */
  private current: Line | null;
  private readonly timers: Timers;

  private constructor(
    first: Line,
    readonly layout: string,
    private readonly options: RemoteOptions,
    /** Buffers chunks are posted in, each back from the storage thread once stored. */
    private readonly postBuffers: BufferPool,
  ) {
    this.timers = options.timers ?? realTimers;
    this.current = first;
    this.line = Promise.resolve(first);
  }

  /**
   * Opens the database on the storage thread; throws as SessionDb.open does.
   * Without `via` it spawns the storage worker (an own core); with `via`, a
   * port to the storage SharedWorker (a shared core, which cannot spawn), it
   * asks that worker for a line of its own.
   */
  static async open(layout: string, options: RemoteOptions = {}): Promise<RemoteSessionDb> {
    let store: RemoteSessionDb | null = null;
    let first: Line | null = null;
    const line = options.via ? lineTo(options.via) : spawnStorageWorker();
    const buffers = new BufferPool();
    first = await openLine(line, layout, options, buffers, () => first && store?.lose(first));
    store = new RemoteSessionDb(first, layout, options, buffers);
    return store;
  }

  close(): void {
    this.closed = true;
    const line = this.line;
    this.line = null;
    void line?.then(
      (open) => {
        open.watch.stop();
        for (const entry of open.waiting.values())
          entry.reject(new Error("the session store was closed"));
        open.waiting.clear();
        void open.host.close().finally(() => open.end());
      },
      () => undefined,
    );
  }

  /**
   * The chunk's rows, copied, go to the storage thread; the chunk is kept
   * here until stored, so it can be written again on a new line. To a
   * dedicated storage worker (same process) they go in a pooled buffer that
   * is moved there and back: a post's own copy cost this thread 7–11 ms a
   * 2,000-row chunk in Chromium. A storage SharedWorker may run in another
   * process, where a moved buffer is copied anyway, each way: there the
   * rows' bytes alone are posted (two windows' latency grew with the round
   * trip, bench/RESULTS.md "Recording's buffers used again").
   */
  appendChunk(chunk: ChunkRecord, sessions: readonly SessionInfo[]): Promise<void> {
    return this.call((line) => {
      const id = this.nextId++;
      const bytes = chunk.bytes ?? chunk.data.byteLength;
      const handBack = !this.options.via;
      const data = handBack ? this.postBuffers.take(bytes) : new ArrayBuffer(bytes);
      new Uint8Array(data, 0, bytes).set(new Uint8Array(chunk.data, 0, bytes));
      const posted: ChunkRecord = { ...chunk, data, bytes };
      const message: AppendMessage = { id, chunk: posted, sessions: [...sessions], handBack };
      return new Promise<void>((resolve, reject) => {
        line.waiting.set(id, { resolve, reject });
        line.port.postMessage(message, [data]);
      });
    });
  }
  listSessions(): Promise<SessionInfo[]> {
    return this.call((line) => line.host.listSessions());
  }
  getSession(id: string): Promise<SessionInfo | null> {
    return this.call((line) => line.host.getSession(id));
  }
  repair(session: SessionInfo): Promise<SessionInfo> {
    return this.call((line) => line.host.repair(session));
  }
  putSession(session: SessionInfo): Promise<void> {
    return this.call((line) => line.host.putSession(session));
  }
  deleteSession(id: string): Promise<void> {
    return this.call((line) => line.host.deleteSession(id));
  }
  appendEvents(sessionId: string, events: readonly SessionEvent[]): Promise<void> {
    return this.call((line) => line.host.appendEvents(sessionId, events));
  }
  readEvents(sessionId: string, query?: EventQuery): Promise<EventsRead> {
    return this.call((line) => line.host.readEvents(sessionId, query));
  }
  readNewestRows(session: SessionInfo, maxRows: number): Promise<ChunksRead> {
    return this.call((line) => line.host.readNewestRows(session, maxRows));
  }
  readRange(id: string, from: number, to: number): Promise<ChunksRead> {
    return this.call((line) => line.host.readRange(id, from, to));
  }
  /**
   * As appendChunk's rows: each record's rows are copied into a buffer moved
   * to the storage thread (pooled, and moved back, to a dedicated worker), so
   * this thread never clones a flush's minute records into fresh memory.
   * The records stay here until stored: a new line copies them again.
   */
  appendSummaries(records: readonly ChunkRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return this.call(async (line) => {
      const handBack = !this.options.via;
      const posted = records.map((record): ChunkRecord => {
        const bytes = record.bytes ?? record.data.byteLength;
        const data = handBack ? this.postBuffers.take(bytes) : new ArrayBuffer(bytes);
        new Uint8Array(data, 0, bytes).set(new Uint8Array(record.data, 0, bytes));
        return { ...record, data, bytes };
      });
      const moved = posted.map((record) => record.data);
      const back = await line.host.appendSummaries(Comlink.transfer(posted, moved), handBack);
      for (const buffer of back) this.postBuffers.give(buffer);
    });
  }
  readSummary(session: SessionInfo, from: number, maxRows: number): Promise<ChunksRead> {
    return this.call((line) => line.host.readSummary(session, from, maxRows));
  }
  planRestore(session: SessionInfo, maxRows: number): Promise<RestorePlan> {
    return this.call((line) => line.host.planRestore(session, maxRows));
  }
  readSlice(session: SessionInfo, from: number, maxRows: number): Promise<ChunksSlice> {
    return this.call((line) => line.host.readSlice(session, from, maxRows));
  }
  recover(): Promise<Recovery[]> {
    return this.call((line) => line.host.recover());
  }

  /** The storage worker's own time writing chunks (benchmarks report it beside the ingest thread's). */
  appendStats(): Promise<{ appends: number; appendMs: number }> {
    return this.call((line) => line.host.appendStats());
  }

  /**
   * One call on the line in use; made again on the next line if this one is
   * lost before it answers. Fails with StorageLost when no new storage
   * thread could be started (a later call asks again).
   */
  private async call<T>(op: (line: Line) => Promise<T>): Promise<T> {
    for (;;) {
      if (this.closed) throw new Error("the session store was closed");
      const line = await (this.line ??= this.replace());
      try {
        return await untilLost(line, op(line));
      } catch (error) {
        if (error !== LINE_LOST) throw error;
      }
    }
  }

  /** The line went silent: calls on it are made again on a new one. */
  private lose(line: Line): void {
    line.lose();
    if (this.closed || this.current !== line) return;
    this.current = null;
    this.line = this.replace();
  }

  private async replace(): Promise<Line> {
    const { watch, replacement, via } = this.options;
    watch?.lost();
    try {
      const next = via ? lineTo(await waitFor(replacement, this.timers)) : spawnStorageWorker();
      let opened: Line | null = null;
      opened = await openLine(
        next,
        this.layout,
        this.options,
        this.postBuffers,
        () => opened && this.lose(opened),
      );
      if (this.closed) opened.end();
      this.current = opened;
      watch?.back();
      return opened;
    } catch (error) {
      this.line = null; // the next call asks again
      const why = error instanceof Error ? error.message : String(error);
      const lost = new StorageLost(`no new one could be started (${why})`);
      watch?.failed(lost.message);
      throw lost;
    }
  }
}

/**
 * `work`'s answer, or LINE_LOST if the line goes silent first. Not
 * Promise.race against a "lost" promise: that one never settles while the
 * line lives, and every race left a reaction on it holding the race's own
 * promise, so every answer read (a season's or a replay's rows) stayed in
 * memory until the line was lost: 834 MB after three season exports
 * (bench:track). Here the listener goes as soon as the work answers.
 */
function untilLost<T>(line: Line, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = line.whenLost(() => reject(LINE_LOST));
    work.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}

/** Opens the database on a line's storage thread, its chunk port, and the watch on its beats. */
async function openLine(
  line: StorageLine,
  layout: string,
  options: RemoteOptions,
  buffers: BufferPool,
  silent: () => void,
): Promise<Line> {
  const host = Comlink.wrap<StorageHost>(line.endpoint);
  const channel = new MessageChannel();
  try {
    await Promise.race([host.open(layout, options.name), line.failed]);
    await Promise.race([
      host.appendPort(Comlink.transfer(channel.port2, [channel.port2])),
      line.failed,
    ]);
    line.opened();
  } catch (error) {
    line.end();
    channel.port1.close();
    throw error;
  }
  const port = channel.port1;
  const lostListeners = new Set<() => void>();
  let isLost = false;
  const waiting: Line["waiting"] = new Map();
  const watch = new HelperWatch(
    (beat) => port.postMessage(beat),
    silent,
    options.timers ?? realTimers,
  );
  port.onmessage = (event: MessageEvent<AppendReply>) => {
    watch.heard();
    const { id, error, buffer } = event.data;
    if (typeof id !== "number") return; // a beat
    if (buffer) buffers.give(buffer);
    const entry = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) entry?.resolve();
    else entry?.reject(new Error(error));
  };
  return {
    host,
    port,
    watch,
    waiting,
    whenLost: (listener) => {
      if (isLost) listener();
      else lostListeners.add(listener);
      return () => void lostListeners.delete(listener);
    },
    lose: () => {
      watch.stop();
      waiting.clear();
      isLost = true;
      for (const listener of lostListeners) listener();
      lostListeners.clear();
      port.close();
      line.end();
    },
    end: () => {
      watch.stop();
      port.close();
      line.end();
    },
  };
}

/** A new storage SharedWorker's port from the windows, or StorageLost when none comes in time. */
async function waitFor(
  replacement: (() => Promise<MessagePort>) | undefined,
  timers: Timers,
): Promise<MessagePort> {
  if (!replacement) throw new Error("no window can start another storage worker");
  let timer: unknown;
  const late = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(
      () => reject(new Error(`no window started one within ${STORAGE_LINE_TIMEOUT_MS / 1000} s`)),
      STORAGE_LINE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([replacement(), late]);
  } finally {
    timers.clearTimeout(timer);
  }
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
  failed.catch(() => undefined);
  return { endpoint: worker, failed, opened: () => undefined, end: () => worker.terminate() };
}

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
  failed.catch(() => undefined);
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
