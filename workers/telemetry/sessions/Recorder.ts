// Records the live history to IndexedDB: about once a second the packets
// accepted since the last flush are copied out of the live ring as one
// columnar chunk. Per packet it costs nothing (the store's accepted counter is
// the cursor); a crash loses at most the last flush interval.
//
// Session boundaries: a new session starts when the live source changes, or
// when more than `gapMs` (default 5 minutes) passed since the session's last
// chunk. So a reload within 5 minutes on the same source continues the session,
// except in DEMO: each start drives a new simulated car, and a new session.
//
// Events of the session (laps completed while it records: live lapData, the
// simulated car's, or the backend's list for its time span; later alerts,
// forecasts…) are stored with it as session events, so replaying the session
// shows them.
//
// Beside the chunks, a 1-second summary (summary.ts), one record a minute:
// the first picture of a restore after a reload. Small chunks stored one
// after another are merged into a record a minute (chunkMerge.ts says why).
//
// Storage: over the budget (default half the quota), the oldest sessions other
// than the one being written are deleted first, each with a warning. The
// recorder keeps the catalogue's total in memory, so the check costs nothing
// per chunk until the budget is reached. The quota estimate can lag or lie,
// so a write the browser refuses for quota also deletes the oldest session
// and tries again. When nothing is left to delete, or on any other storage
// error, recording pauses with one warning and tries again RETRY_MS later;
// live data goes on. A session's totals count only chunks actually stored.
import type { LapEvent, SessionEvent } from "../../contract/events";
import type { ConnectionType } from "../../contract/fields";
import type { Lap } from "../../contract/laps";
import type { SessionInfo } from "../../contract/sessions";
import type { TelemetryStore } from "../store/TelemetryStore";
import { chunkBytes, encodeChunk } from "../../shared/storage/chunkCodec";
import { CHUNK_RUN_S, mergedChunk, MergeRun, storedChunk, type StoredChunk } from "./chunkMerge";
import { isKeyable } from "../../shared/storage/eventKinds";
import { describeStorageError } from "../../shared/storage/idb";
import type { ChunkRecord } from "../../contract/storageProtocol";
import type { SessionStore } from "../../shared/storage/SessionDb";
import { formatDateTimeNamed } from "../../shared/dateTime";
import { gapSaidAbove, gapWords, timeRuns } from "./recordingSpans";
import { SummaryBuilder } from "./summary";
import { BufferPool } from "../../shared/storage/bufferPool";
import { StorageLost } from "./RemoteSessionDb";

export const DEFAULT_FLUSH_MS = 1000;
/**
 * The session record is rewritten with every this many chunks (and when a
 * session starts or ends); each chunk carries the totals, so a crash loses
 * nothing of them. One put per chunk instead of two keeps a chunk cheap.
 */
const SESSION_RECORD_EVERY = 10;
export const DEFAULT_SESSION_GAP_MS = 5 * 60_000;
/** Rows per chunk of a saved import (a live chunk holds one second). */
export const IMPORT_CHUNK_ROWS = 2000;
/** After a write failed and nothing could be deleted to make room: wait this long, then try again. */
export const RETRY_MS = 30_000;

/** A quota refusal, also after the storage worker carried it over as "QuotaExceededError: …". */
function isQuotaError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return (
    name === "QuotaExceededError" ||
    (typeof message === "string" && message.startsWith("QuotaExceededError"))
  );
}

const newSessionId = (now: number): string =>
  `${now.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;

export interface RecorderOptions {
  now: () => number;
  gapMs?: number;
  /** Budget in bytes of recorded columns, or a function asked at each check. */
  budgetBytes: () => number | null;
  onNotice: (level: "warning" | "error", message: string) => void;
  backendUrl: () => string;
  /**
   * The events every session begins with, dated `time` (packet time): what
   * the registered features record at a session's start (the math channels
   * in force). The core hands them in; sessions/ names no feature.
   */
  startEvents: (time: number) => SessionEvent[];
}

export class Recorder {
  enabled = true;
  current: SessionInfo | null = null;
  private flushedAccepted = 0;
  /** Set while recording is paused after a refused write: why, and when to try again. */
  private paused: { why: string; until: number } | null = null;
  /** Sessions whose record is stored (a new one's record goes with its first stored chunk). */
  private readonly recorded = new Set<string>();
  /** The pause was said (once until a write succeeds again, not at every retry). */
  private pauseSaid = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly gapMs: number;
  /** Bytes of every stored session (set by resume, kept up to date by writes). */
  private totalBytes = 0;
  /** Events recorded since the last flush: they go with that flush's packets. */
  private heldEvents: SessionEvent[] = [];
  private readonly saidUnrecordable = new Set<string>();
  private readonly summary = new SummaryBuilder();
  /** Live chunks are packed into buffers used again once written (bufferPool.ts says why). */
  private readonly buffers = new BufferPool();
  /** The restored session this start may go on with; its first flush says the time not recorded. */
  private restarted: SessionInfo | null = null;
  /** The stored chunks not merged yet (chunkMerge.ts). */
  private readonly merges = new MergeRun();

  constructor(
    private readonly db: SessionStore,
    private store: TelemetryStore,
    private readonly options: RecorderOptions,
    /**
     * The store's accepted count to record from: packets that arrived while
     * the store was opening are in the ring (bounded by its capacity) and go
     * with the first flush. Default: from now on.
     */
    fromAccepted = store.acceptedCount,
  ) {
    this.gapMs = options.gapMs ?? DEFAULT_SESSION_GAP_MS;
    this.flushedAccepted = Math.min(fromAccepted, store.acceptedCount);
  }

  /** A fresh live history (a real source took over from the demo): record from it on. */
  follow(store: TelemetryStore): void {
    this.store = store;
    this.flushedAccepted = store.acceptedCount;
  }

  get working(): boolean {
    return this.paused === null;
  }

  /** Why recording is paused, in words a user reads; null when it is not. */
  get problem(): string | null {
    return (
      this.paused &&
      `Recording is paused: ${this.paused.why}. It tries again every ${RETRY_MS / 1000} s; live data goes on.`
    );
  }

  /**
   * Continue `latest` if the rule allows (same source, within the gap); see
   * flush. One session holds one car's drive: a restored DEMO session goes
   * on only when this start's simulated car took up its recorded car where
   * it stopped (`carGoesOn`: after the core's tab crashed, or a hung core
   * was replaced); otherwise the new car (another charge, cool motors, at the
   * finish line) starts a session of its own and the restored one stays
   * listed and replayable. A session that goes on says what it did not record.
   */
  resume(latest: SessionInfo | null, totalBytes: number, carGoesOn = false): void {
    this.current = latest?.source === "DEMO" && !carGoesOn ? null : latest;
    this.restarted = this.current;
    this.totalBytes = totalBytes;
    if (latest) this.recorded.add(latest.id);
  }

  /** A session was deleted by the user: its bytes no longer count. */
  forget(bytes: number): void {
    this.totalBytes = Math.max(0, this.totalBytes - bytes);
  }

  /**
   * Stores the laps that belong to the session being recorded: those ending
   * after its first packet (a lap event arrives as the lap ends, so "now" is
   * inside the session). Older laps of a backend list belong to other sessions.
   */
  recordLaps(laps: readonly Lap[]): Promise<void> {
    const session = this.current;
    if (!session || !this.enabled || this.isPaused()) return this.queue;
    const mine = laps.filter((lap) => lap.endMs / 1000 >= session.firstPacketTime - 1);
    if (mine.length === 0) return this.queue;
    const events = mine.map((lap): LapEvent => ({ kind: "lap", time: lap.endMs / 1000, lap }));
    return this.writeEvents(session.id, events);
  }

  /**
   * Events of the live data (the ingest pipeline's: alerts, forecasts…). They
   * are held until the next flush and stored with the session that flush's
   * packets go to, so an event of the very first packets is not lost while
   * the session does not exist yet.
   */
  recordEvents(events: readonly SessionEvent[]): void {
    if (!this.enabled || this.isPaused()) return;
    for (const event of events) {
      if (isKeyable(event)) this.heldEvents.push(event);
      else this.unrecordable(event);
    }
  }

  /** Writes what was accepted since the last flush. Serialised: one write at a time. */
  flush(source: ConnectionType): Promise<void> {
    const pending = this.store.acceptedCount - this.flushedAccepted;
    this.flushedAccepted = this.store.acceptedCount;
    const off = !this.enabled || this.isPaused();
    if (off) this.heldEvents = [];
    // Events held with no packet since (a user's act between two flushes, a
    // flush asked at once) go to the session in progress.
    if (pending <= 0 && !off && this.current && this.heldEvents.length > 0) {
      const held = this.heldEvents;
      this.heldEvents = [];
      return this.writeEvents(this.current.id, held);
    }
    if (pending <= 0 || off) return this.queue;
    const ring = this.store.ring;
    const first = ring.length - Math.min(pending, ring.length);
    const now = this.options.now();
    const previous = this.current;
    const session = this.sessionFor(source, now, ring.time(first));
    // Copy now (synchronously): the ring moves on while IndexedDB works. A
    // second's packets are one chunk, unless they span more packet time than
    // a read looks around a chunk for (a demo day built at full speed).
    // Indexes are taken now (a refused write leaves a gap); totals only once stored.
    const runs = timeRuns(ring, first, ring.length, CHUNK_RUN_S, Infinity);
    const chunks = runs.map(([start, count]) =>
      encodeChunk(
        session.id,
        session.chunks++,
        ring.exportRows(start, count, (bytes) => this.buffers.take(bytes)),
        ring.time(start),
        ring.time(start + count - 1),
        this.db.layout,
      ),
    );
    // The store's accepted count before each chunk's first row: where the merge finds its rows.
    const store = this.store;
    const accepted = runs.map(([start]) => store.acceptedCount - (ring.length - start));
    const summaries = this.summary.add(ring, first, ring.length, session.id, this.db.layout, (b) =>
      this.buffers.take(b),
    );
    this.queue = this.queue
      .then(async () => {
        if (this.paused) return; // refused meanwhile: this chunk is not written
        // Before the chunk: a session that just ended gets its last minute
        // before the next one's chunk may evict it for room (then with it).
        await this.db.appendSummaries(summaries);
        const records: SessionInfo[] = [];
        // A session that just ended gets its final record with the next one's first chunk.
        if (previous && previous !== session && this.recorded.has(previous.id))
          records.push({ ...previous });
        for (const [i, chunk] of chunks.entries()) {
          await this.writeChunk(session, chunk, i === 0 ? records : [], now);
          const stored = storedChunk(chunk, accepted[i]!);
          const run = stored && this.merges.stored(session.id, store, stored);
          if (run) await this.merge(session.id, store, run);
        }
        await this.enforceBudget();
      })
      .catch((error: unknown) => this.pause(error))
      // Stored, refused or skipped: nobody reads these rows again.
      .finally(() => [...chunks, ...summaries].forEach((chunk) => this.buffers.give(chunk.data)));
    const held = this.heldEvents;
    this.heldEvents = [];
    return held.length > 0 ? this.writeEvents(session.id, held) : this.queue;
  }

  /**
   * Writes a chunk of `session` with its totals as they will be once it is
   * stored, and the session's record when it is new or every few chunks;
   * only then are the totals counted (the Sessions list shows what is stored).
   * A write refused for quota deletes the oldest other session and tries again.
   */
  private async writeChunk(
    session: SessionInfo,
    chunk: ChunkRecord,
    records: SessionInfo[],
    now: number,
    withRecord = false,
  ): Promise<void> {
    const bytes = chunkBytes(chunk);
    const after: SessionInfo = {
      ...session,
      packets: session.packets + chunk.count,
      bytes: session.bytes + bytes,
      endedAt: Math.max(session.endedAt, now),
      lastPacketTime: chunk.t1,
      // As of this chunk: later chunks may already be queued (their indexes taken).
      chunks: chunk.index + 1,
    };
    chunk.totals = { packets: after.packets, bytes: after.bytes, endedAt: after.endedAt };
    if (
      withRecord ||
      !this.recorded.has(session.id) ||
      (chunk.index + 1) % SESSION_RECORD_EVERY === 0
    )
      records.push(after);
    for (;;) {
      try {
        await this.db.appendChunk(chunk, records);
        break;
      } catch (error) {
        const evicted = isQuotaError(error) ? await this.evictOldest(session.id) : null;
        if (evicted === null) throw error;
        // The session that just ended may be the oldest: its final record must not bring it back.
        records = records.filter((r) => r.id !== evicted);
      }
    }
    this.recorded.add(session.id);
    this.pauseSaid = false;
    session.packets = after.packets;
    session.bytes = after.bytes;
    session.endedAt = after.endedAt;
    session.lastPacketTime = after.lastPacketTime;
    this.totalBytes += bytes;
  }

  /**
   * Writes `run`'s rows again as one record that replaces its chunks. Nothing
   * is lost when it fails (one transaction): the chunks stay as they were.
   */
  private async merge(sessionId: string, store: TelemetryStore, run: StoredChunk[]) {
    // Deleted by the user, or ended, meanwhile: its chunks stay as they are (or gone).
    if (this.current?.id !== sessionId) return;
    const merged = mergedChunk(sessionId, store, run, this.db.layout, (bytes) =>
      this.buffers.take(bytes),
    );
    if (!merged) return;
    try {
      await this.db.appendChunk(merged, []);
    } catch {
      // A refused merge costs only the speed of a later restore.
    } finally {
      this.buffers.give(merged.data);
    }
  }

  /**
   * Saves a history that did not arrive live (a CSV import) as a session of
   * its own, so it is listed and can be replayed after a reload. Chunks are
   * copied one at a time as the writes go, so memory stays at one chunk.
   */
  saveImport(store: TelemetryStore, fileName: string): Promise<void> {
    const ring = store.ring;
    if (ring.length === 0 || !this.enabled || this.isPaused()) return this.queue;
    const now = this.options.now();
    const session: SessionInfo = {
      id: newSessionId(now),
      name: fileName.slice(0, 120),
      source: "IMPORT",
      backendUrl: "",
      startedAt: now,
      endedAt: now,
      firstPacketTime: ring.time(0),
      lastPacketTime: ring.time(0),
      packets: 0,
      bytes: 0,
      chunks: 0,
    };
    for (const [start, count] of timeRuns(ring, 0, ring.length, CHUNK_RUN_S, IMPORT_CHUNK_ROWS)) {
      const last = start + count >= ring.length;
      this.queue = this.queue.then(() => {
        const rows = ring.exportRows(start, count);
        const t0 = ring.time(start);
        const t1 = ring.time(start + count - 1);
        const chunk = encodeChunk(session.id, session.chunks, rows, t0, t1, this.db.layout);
        session.chunks += 1;
        // The first chunk brings the record (see writeChunk), the last its final totals.
        return this.writeChunk(session, chunk, [], now, last);
      });
    }
    void this.writeEvents(session.id, this.options.startEvents(session.firstPacketTime));
    this.queue = this.queue
      .then(() => this.enforceBudget())
      .catch((error: unknown) => this.pause(error));
    return this.queue;
  }

  /** Writes the summary's unfinished minute (recording stops): resolves with the queue. */
  flushSummary(): Promise<void> {
    const record = this.summary.take(this.db.layout);
    if (!record || !this.enabled) return this.queue;
    this.queue = this.queue
      .then(() => (this.paused ? undefined : this.db.appendSummaries([record])))
      .catch((error: unknown) => this.pause(error));
    return this.queue;
  }

  /** A session was deleted: its unfinished summary minute is not written. */
  dropSummary(sessionId: string): void {
    this.summary.drop(sessionId);
  }

  /** Resolves when every write so far has finished. */
  idle(): Promise<void> {
    return this.queue;
  }

  private sessionFor(source: ConnectionType, now: number, firstTime: number): SessionInfo {
    const c = this.current;
    const restarted = this.restarted;
    this.restarted = null;
    if (c && c.source === source && now - c.endedAt <= this.gapMs) {
      if (c === restarted) this.sayGap(c, firstTime);
      return c;
    }
    this.current = {
      id: newSessionId(now),
      // The core's own clock (each window may show times in another zone): named.
      name: `${source} ${formatDateTimeNamed(now / 1000, null)}`,
      source,
      backendUrl: source === "NETWORK" ? this.options.backendUrl() : "",
      startedAt: now,
      endedAt: now,
      firstPacketTime: firstTime,
      lastPacketTime: firstTime,
      packets: 0,
      bytes: 0,
      chunks: 0,
    };
    // Every session begins with what the features record at its start (the math channels in force).
    this.heldEvents.push(...this.options.startEvents(firstTime));
    return this.current;
  }

  /** What a session that goes on after a restart did not record: from its last stored packet to this one. */
  private sayGap(session: SessionInfo, firstTime: number): void {
    const gap = firstTime - session.lastPacketTime;
    if (!(gap > gapSaidAbove(session))) return;
    this.options.onNotice(
      "warning",
      `Recording goes on in session "${session.name.slice(0, 80)}": nothing was recorded ${gapWords(session.lastPacketTime, firstTime)} while the telemetry core started again.`,
    );
  }

  private async enforceBudget(): Promise<void> {
    const budget = this.options.budgetBytes();
    if (budget === null || !(budget > 0) || this.totalBytes <= budget) return;
    const current = this.current;
    const stored = await this.db.listSessions();
    // The record of the session being written may lag its chunks: count what it holds now.
    const sessions = stored.map((s) => (s.id === current?.id ? current : s));
    let total = sessions.reduce((sum, s) => sum + s.bytes, 0);
    for (const session of sessions) {
      if (total <= budget) break;
      if (session.id === this.current?.id) continue;
      await this.db.deleteSession(session.id);
      total -= session.bytes;
      this.options.onNotice(
        "warning",
        `Storage budget reached: deleted the oldest recorded session "${session.name}".`,
      );
    }
    this.totalBytes = total;
  }

  /** An event without a finite time cannot be stored: said once per kind, not per event. */
  private unrecordable(event: SessionEvent): void {
    const kind = String(event.kind);
    if (this.saidUnrecordable.has(kind)) return;
    this.saidUnrecordable.add(kind);
    this.options.onNotice(
      "warning",
      `An event of kind "${kind.slice(0, 40)}" without a valid time was not recorded.`,
    );
  }

  private writeEvents(sessionId: string, events: readonly SessionEvent[]): Promise<void> {
    this.queue = this.queue
      .then(() => (this.paused ? undefined : this.db.appendEvents(sessionId, events)))
      .catch((error: unknown) => this.pause(error));
    return this.queue;
  }

  /**
   * The browser refused a write for quota: deletes the oldest session other
   * than the one being written (and `keep`). Its id, or null when none is left.
   */
  private async evictOldest(keep: string): Promise<string | null> {
    const sessions = await this.db.listSessions();
    const oldest = sessions.find((s) => s.id !== keep && s.id !== this.current?.id);
    if (!oldest) return null;
    await this.db.deleteSession(oldest.id);
    this.recorded.delete(oldest.id);
    this.totalBytes = Math.max(0, this.totalBytes - oldest.bytes);
    this.options.onNotice(
      "warning",
      `Storage full: deleted the oldest recorded session "${oldest.name}" to keep recording.`,
    );
    return oldest.id;
  }

  /** Paused until RETRY_MS have passed; when they have, the next write tries again. */
  private isPaused(): boolean {
    if (this.paused && this.options.now() >= this.paused.until) this.paused = null;
    return this.paused !== null;
  }

  /** A write was refused: pause, try again RETRY_MS later; said once until a write succeeds. */
  private pause(error: unknown): void {
    const why =
      error instanceof StorageLost
        ? error.message
        : `the browser refused to store more (${describeStorageError(error)})`;
    this.paused = { why, until: this.options.now() + RETRY_MS };
    if (this.pauseSaid) return;
    this.pauseSaid = true;
    this.options.onNotice(
      "warning",
      `Recording paused: ${why}. It tries again in ${RETRY_MS / 1000} s; live data goes on.`,
    );
  }
}
