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
// Storage: over the budget (default half the quota), the oldest sessions other
// than the one being written are deleted first, each with a warning. The
// recorder keeps the catalogue's total in memory, so the check costs nothing
// per chunk until the budget is reached. Any storage error turns recording off
// with one warning; live data goes on.
import type { LapEvent, SessionEvent } from "../../contract/events";
import type { ConnectionType } from "../../contract/fields";
import type { Lap } from "../../contract/laps";
import type { SessionInfo } from "../../contract/sessions";
import type { TelemetryStore } from "../store/TelemetryStore";
import { chunkBytes, encodeChunk } from "../../shared/storage/chunkCodec";
import { isKeyable } from "../../shared/storage/eventKinds";
import { describeStorageError } from "../../shared/storage/idb";
import type { SessionStore } from "../../shared/storage/SessionDb";

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

const newSessionId = (now: number): string =>
  `${now.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;

export interface RecorderOptions {
  now: () => number;
  gapMs?: number;
  /** Budget in bytes of recorded columns, or a function asked at each check. */
  budgetBytes: () => number | null;
  onNotice: (level: "warning" | "error", message: string) => void;
  backendUrl: () => string;
}

export class Recorder {
  enabled = true;
  current: SessionInfo | null = null;
  private flushedAccepted = 0;
  private failed = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly gapMs: number;
  /** Bytes of every stored session (set by resume, kept up to date by writes). */
  private totalBytes = 0;
  /** Events recorded since the last flush: they go with that flush's packets. */
  private heldEvents: SessionEvent[] = [];
  private readonly saidUnrecordable = new Set<string>();

  constructor(
    private readonly db: SessionStore,
    private store: TelemetryStore,
    private readonly options: RecorderOptions,
  ) {
    this.gapMs = options.gapMs ?? DEFAULT_SESSION_GAP_MS;
    this.flushedAccepted = store.acceptedCount;
  }

  /** A fresh live history (a real source took over from the demo): record from it on. */
  follow(store: TelemetryStore): void {
    this.store = store;
    this.flushedAccepted = store.acceptedCount;
  }

  get working(): boolean {
    return !this.failed;
  }

  /**
   * Continue `latest` if the rule allows (same source, within the gap); see flush.
   * A restored DEMO session never continues: the simulated car that drove it
   * is gone with its page, and this start drives a new one from its own
   * beginning (another charge, cool motors, at the finish line). One session
   * holds one car's drive; the restored one stays listed and replayable.
   */
  resume(latest: SessionInfo | null, totalBytes: number): void {
    this.current = latest?.source === "DEMO" ? null : latest;
    this.totalBytes = totalBytes;
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
    if (!session || !this.enabled || this.failed) return this.queue;
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
    if (!this.enabled || this.failed) return;
    for (const event of events) {
      if (isKeyable(event)) this.heldEvents.push(event);
      else this.unrecordable(event);
    }
  }

  /** Writes what was accepted since the last flush. Serialised: one write at a time. */
  flush(source: ConnectionType): Promise<void> {
    const pending = this.store.acceptedCount - this.flushedAccepted;
    this.flushedAccepted = this.store.acceptedCount;
    if (!this.enabled || this.failed) this.heldEvents = [];
    if (pending <= 0 || !this.enabled || this.failed) return this.queue;
    // Copy now (synchronously): the ring moves on while IndexedDB works.
    const rows = this.store.newestRows(pending);
    const ring = this.store.ring;
    const t0 = ring.time(ring.length - rows.count);
    const t1 = ring.time(ring.length - 1);
    const now = this.options.now();
    const previous = this.current;
    const session = this.sessionFor(source, now, t0);
    const chunk = encodeChunk(session.id, session.chunks, rows, t0, t1, this.db.layout);
    const bytes = chunkBytes(chunk);
    session.chunks += 1;
    session.packets += rows.count;
    session.bytes += bytes;
    session.endedAt = now;
    session.lastPacketTime = t1;
    chunk.totals = { packets: session.packets, bytes: session.bytes, endedAt: now };
    this.totalBytes += bytes;
    const records: SessionInfo[] = [];
    // A session that just ended gets its final record with the next one's first chunk.
    if (previous && previous !== session) records.push({ ...previous });
    if (session.chunks === 1 || session.chunks % SESSION_RECORD_EVERY === 0)
      records.push({ ...session });
    this.queue = this.queue
      .then(() => this.db.appendChunk(chunk, records))
      .then(() => this.enforceBudget())
      .catch((error: unknown) => this.fail(error));
    const held = this.heldEvents;
    this.heldEvents = [];
    return held.length > 0 ? this.writeEvents(session.id, held) : this.queue;
  }

  /**
   * Saves a history that did not arrive live (a CSV import) as a session of
   * its own, so it is listed and can be replayed after a reload. Chunks are
   * copied one at a time as the writes go, so memory stays at one chunk.
   */
  saveImport(store: TelemetryStore, fileName: string): Promise<void> {
    const ring = store.ring;
    if (ring.length === 0 || !this.enabled || this.failed) return this.queue;
    const now = this.options.now();
    const session: SessionInfo = {
      id: newSessionId(now),
      name: fileName.slice(0, 120),
      source: "IMPORT",
      backendUrl: "",
      startedAt: now,
      endedAt: now,
      firstPacketTime: ring.time(0),
      lastPacketTime: ring.time(ring.length - 1),
      packets: 0,
      bytes: 0,
      chunks: 0,
    };
    for (let start = 0; start < ring.length; start += IMPORT_CHUNK_ROWS) {
      const count = Math.min(IMPORT_CHUNK_ROWS, ring.length - start);
      const last = start + count >= ring.length;
      this.queue = this.queue.then(() => {
        const rows = ring.exportRows(start, count);
        const t0 = ring.time(start);
        const t1 = ring.time(start + count - 1);
        const chunk = encodeChunk(session.id, session.chunks, rows, t0, t1, this.db.layout);
        const bytes = chunkBytes(chunk);
        session.chunks += 1;
        session.packets += rows.count;
        session.bytes += bytes;
        chunk.totals = { packets: session.packets, bytes: session.bytes, endedAt: now };
        this.totalBytes += bytes;
        const records = session.chunks === 1 || last ? [{ ...session }] : [];
        return this.db.appendChunk(chunk, records);
      });
    }
    this.queue = this.queue
      .then(() => this.enforceBudget())
      .catch((error: unknown) => this.fail(error));
    return this.queue;
  }

  /** Resolves when every write so far has finished. */
  idle(): Promise<void> {
    return this.queue;
  }

  private sessionFor(source: ConnectionType, now: number, firstTime: number): SessionInfo {
    const c = this.current;
    if (c && c.source === source && now - c.endedAt <= this.gapMs) return c;
    this.current = {
      id: newSessionId(now),
      name: `${source} ${new Date(now).toISOString().slice(0, 16).replace("T", " ")} UTC`,
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
    return this.current;
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
      .then(() => this.db.appendEvents(sessionId, events))
      .catch((error: unknown) => this.fail(error));
    return this.queue;
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.options.onNotice(
      "warning",
      `Recording stopped: the browser refused to store more (${describeStorageError(error)}). Live data goes on.`,
    );
  }
}
