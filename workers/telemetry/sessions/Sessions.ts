// Everything about recorded sessions the service needs, behind one object:
// open the database, restore the newest session into live history, run the
// recorder's once-a-second flush, and the catalogue (list, delete, rename,
// storage figures). Without IndexedDB it says so once and does nothing else.
import type { EventQuery, EventsRead, LapEvent, SessionEvent } from "../../contract/events";
import type { ConnectionType } from "../../contract/fields";
import type { Lap } from "../../contract/laps";
import type {
  RecordingState,
  RestoreProgress,
  SessionInfo,
  StorageInfo,
} from "../../contract/sessions";
import type { Recovery, RowSlices } from "../../contract/storageProtocol";
import type { TimerHandle, Timers } from "../sources/timers";
import type { TelemetryStore } from "../store/TelemetryStore";
import { describeStorageError, refusalOf } from "../../shared/storage/idb";
import { DEFAULT_FLUSH_MS, DEFAULT_SESSION_GAP_MS, Recorder } from "./Recorder";
import { newestRow, type RecordedRow } from "./newestRow";
import { checkStoredRows, describeDropped } from "./storedRows";
import { restoreChain, restoreDay, type RestoredEvents } from "./dayRestore";
import type { ColumnRing } from "../history/ColumnRing";
import {
  SessionDb,
  type OpenSessionStore,
  type SessionStore,
  type StoreLineWatch,
} from "../../shared/storage/SessionDb";

type Notice = (level: "warning" | "error", message: string) => void;

/**
 * A flush this much later than the one before means this thread was stopped,
 * far longer than its longest piece of work (a few seconds): it skips that
 * flush, and the next one writes the rows.
 */
const STALLED_MS = 5_000;

/** The storage thread stopped answering (RemoteSessionDb's watch). */
export const STORAGE_LOST_TEXT = "The storage worker stopped answering.";
/** While a new one is started: the recording's problem, and the rest of the notice. */
export const STORAGE_WAITS_TEXT =
  "Recording waits while a new storage worker starts; nothing is lost unless none starts.";

/** A new storage thread took over: every write that waited went to it. */
export function storageBackText(session: string | null): string {
  const where = session === null ? "" : ` in the same session ("${session.slice(0, 80)}")`;
  return `A new storage worker took over: recording goes on${where}, and nothing was lost.`;
}

export interface StorageEstimator {
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

interface SessionsOptions {
  factory: IDBFactory | undefined;
  timers: Timers;
  notice: Notice;
  storage?: StorageEstimator | undefined;
  flushMs?: number;
  gapMs?: number;
  /** Where the store lives (default: SessionDb over `factory` on this thread). */
  openStore?: OpenSessionStore;
  /** Rows each read of a restore brings (default dayRestore's SLICE_ROWS). */
  restoreSliceRows?: number;
  /** Seconds of the summary's newest span shown first (default dayRestore's NEWEST_SECONDS). */
  restoreNewestSeconds?: number;
  /** The events every session begins with (RecorderOptions.startEvents); default none. */
  startEvents?: (time: number) => SessionEvent[];
}

/** Why start() could not open the store, for its one warning. */
function whyNotOpened(error: unknown): string {
  switch (refusalOf(error)) {
    case "newer-database":
      return "the recordings in this browser were written by a newer version of the app (reload to update it)";
    case "upgrade-blocked":
      return "another tab with an older version of the app keeps the recordings open (close it, then reload)";
    default:
      return `this browser offers no usable storage (${describeStorageError(error)})`;
  }
}

export class Sessions {
  private db: SessionStore | null = null;
  private recorder: Recorder | null = null;
  /** Set when the live history is replaced while start() is still opening the database. */
  private followed: TelemetryStore | null = null;
  /** The followed store's accepted count when it was handed over: its recording starts there. */
  private followedFrom = 0;
  /** Checks rows read back (any ring of the live layout will do): the live history's. */
  private ring: ColumnRing | null = null;
  /** Why the store could not be opened, for the recording state (null: it opened). */
  private openProblem: string | null = null;
  private flushTimer: TimerHandle | null = null;
  private unavailable = false;
  private enabled = true;
  private restored = 0;
  private restoreProgress: RestoreProgress | null = null;
  private stopped = false;
  /** The sessions start() read back into the live history, oldest first. */
  private restoredIds: string[] = [];
  private quota: number | null = null;
  private budgetSetting = 0;
  /** Events recorded before start() has a recorder (while it restores): handed to it then. */
  private earlyEvents: SessionEvent[] = [];
  private readonly ready: Promise<void>;
  private resolveReady!: () => void;
  /** Set while the storage thread does not answer and a new one is started (the writes wait). */
  private lineProblem: string | null = null;
  /** What the store on another thread says of its line: the recording state and notices follow it. */
  private readonly lineWatch: StoreLineWatch = {
    lost: () => {
      if (this.lineProblem !== null) return;
      this.lineProblem = STORAGE_WAITS_TEXT;
      this.options.notice("warning", `${STORAGE_LOST_TEXT} ${STORAGE_WAITS_TEXT}`);
    },
    back: () => {
      if (this.lineProblem === null) return;
      this.lineProblem = null;
      const name = this.recorder?.current?.name;
      this.options.notice("warning", storageBackText(name ?? null));
    },
    // The writes that waited failed: the recorder pauses and says why (Recorder.pause).
    failed: () => (this.lineProblem = null),
  };

  constructor(private readonly options: SessionsOptions) {
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
  }

  /**
   * Opens the database, restores the newest session's last `capacity` packets
   * into `store` (in front of anything that arrived meanwhile; its summary
   * first, given to `showPreview`: see dayRestore.ts) and starts recording.
   */
  async start(
    store: TelemetryStore,
    settings: {
      recording: boolean;
      budgetBytes: number;
      backendUrl: () => string;
      showPreview?: (preview: TelemetryStore | null) => void;
      /** The restored session's events that go back with its rows (its alerts). */
      restoredEvents?: RestoredEvents;
      /** False: the newest session stays recorded and listed but is not read back (default true). */
      restore?: boolean;
      /**
       * The newest packet of a DEMO session recorded within the session gap
       * (null: none): the simulated car goes on from it, so the session goes
       * on too. True when the car took it up. Called once per start.
       */
      resumeDemo?: (row: RecordedRow | null) => boolean;
    },
    source: () => ConnectionType,
  ): Promise<void> {
    const startedAt = this.options.timers.now();
    this.enabled = settings.recording;
    this.budgetSetting = settings.budgetBytes;
    // Packets accepted while the store opens and restores are recorded too:
    // the ring keeps them (up to its capacity) until the first flush.
    const fromAccepted = store.acceptedCount;
    this.ring = store.ring;
    let carAsked = false;
    let carGoesOn = false;
    try {
      const layout = store.chunkLayout;
      this.db = await (this.options.openStore
        ? this.options.openStore(layout, this.lineWatch)
        : SessionDb.open(this.options.factory, layout));
      this.sayRecoveries(await this.db.recover().catch(() => []));
      const sessions = await this.db.listSessions();
      // The newest session (its record may lag its chunks after a crash: repaired).
      const newest = sessions.reduce<SessionInfo | null>(
        (a, b) => (a === null || b.startedAt > a.startedAt ? b : a),
        null,
      );
      const latest = newest ? await this.db.repair(newest) : null;
      if (newest && latest) sessions[sessions.indexOf(newest)] = latest;
      carGoesOn = await this.carGoesOn(latest, store, settings);
      carAsked = true;
      if (latest && settings.restore !== false) {
        const gapMs = this.options.gapMs ?? DEFAULT_SESSION_GAP_MS;
        const chain = restoreChain(sessions, latest, store.ring.capacity, gapMs);
        this.restoredIds = chain.map((s) => s.id);
        this.restored = await restoreDay(this.db, store, chain, {
          showPreview: (preview) => settings.showPreview?.(preview),
          progress: (progress) => (this.restoreProgress = progress),
          dropped: (dropped) => this.sayDropped(latest.name, dropped, "restored"),
          refused: (count) =>
            this.options.notice(
              "warning",
              `${count.toLocaleString("en-US")} live packets arrived while the recorded day was being restored, after too many others waited: they were not kept (Diagnostics lists them as rejected).`,
            ),
          stopped: () => this.stopped,
          now: () => this.options.timers.now(),
          startedAt,
          sliceRows: this.options.restoreSliceRows,
          newestSeconds: this.options.restoreNewestSeconds,
          events: settings.restoredEvents,
        });
      }
      const recorded = this.followed ?? store;
      this.recorder = new Recorder(
        this.db,
        recorded,
        {
          now: () => this.options.timers.now(),
          gapMs: this.options.gapMs,
          budgetBytes: () => this.budgetBytes(),
          onNotice: this.options.notice,
          backendUrl: settings.backendUrl,
          startEvents: this.options.startEvents ?? (() => []),
        },
        this.followed ? this.followedFrom : fromAccepted,
      );
      this.recorder.enabled = this.enabled;
      this.recorder.recordEvents(this.earlyEvents);
      this.recorder.resume(
        latest,
        sessions.reduce((sum, s) => sum + s.bytes, 0),
        carGoesOn,
      );
      let lastTick = this.options.timers.now();
      this.flushTimer = this.options.timers.setInterval(() => {
        const now = this.options.timers.now();
        const stalled = now - lastTick > STALLED_MS;
        lastTick = now;
        // This thread was stopped (a hung core the windows may have replaced):
        // what came meanwhile (another core's start, sharedCore.worker.ts) is
        // heard before anything is written; the rows wait for the next flush.
        if (!stalled) void this.recorder?.flush(source());
      }, this.options.flushMs ?? DEFAULT_FLUSH_MS);
      void this.refreshQuota();
    } catch (error) {
      this.unavailable = true;
      this.openProblem = `Sessions are not recorded: ${whyNotOpened(error)}.`;
      this.options.notice("warning", `${this.openProblem} Live data goes on.`);
    } finally {
      if (!carAsked) settings.resumeDemo?.(null); // the car waits for no answer that will not come
      this.earlyEvents = [];
      this.resolveReady();
    }
  }

  /**
   * A DEMO session recorded within the session gap goes on when the car
   * takes up its newest packet (the core started again after its tab
   * crashed, or a hung core was replaced). Asks `resumeDemo` once.
   */
  private async carGoesOn(
    latest: SessionInfo | null,
    store: TelemetryStore,
    settings: { restore?: boolean; resumeDemo?: (row: RecordedRow | null) => boolean },
  ): Promise<boolean> {
    const gapMs = this.options.gapMs ?? DEFAULT_SESSION_GAP_MS;
    const recent =
      latest?.source === "DEMO" &&
      settings.restore !== false &&
      this.options.timers.now() - latest.endedAt <= gapMs;
    const row =
      recent && this.db
        ? await newestRow(this.db, latest, store.layout, store.ring).catch(() => null)
        : null;
    return settings.resumeDemo?.(row) ?? false;
  }

  /** Resolves once start() has restored (or given up). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Stops the flushes; the store closes once the writes queued so far are done. */
  stop(): void {
    this.stopped = true;
    if (this.flushTimer !== null) this.options.timers.clearInterval(this.flushTimer);
    this.flushTimer = null;
    const db = this.db;
    if (!db) return;
    // The summary's unfinished minute goes with the last writes.
    void (this.recorder?.flushSummary() ?? Promise.resolve()).finally(() => db.close());
  }

  /** The live history was replaced (a real source took over from the demo). */
  follow(store: TelemetryStore): void {
    this.followed = store;
    this.followedFrom = store.acceptedCount;
    this.recorder?.follow(store);
  }

  /** Writes what is pending now (source changes, tests). */
  flush(source: ConnectionType): Promise<void> {
    return this.recorder?.flush(source) ?? Promise.resolve();
  }

  setEnabled(on: boolean): void {
    this.enabled = on;
    if (this.recorder) this.recorder.enabled = on;
  }

  state(): RecordingState {
    const available =
      !this.unavailable && (this.recorder?.working ?? true) && this.lineProblem === null;
    return {
      enabled: this.enabled,
      available,
      sessionId: this.recorder?.current?.id ?? null,
      restoredPackets: this.restored,
      problem: this.openProblem ?? this.lineProblem ?? this.recorder?.problem ?? null,
      restore: this.restoreProgress && { ...this.restoreProgress },
    };
  }

  /** The catalogue; the session being recorded with its totals as of now. */
  async list(): Promise<SessionInfo[]> {
    await this.ready;
    try {
      const current = this.recorder?.current;
      const stored = (await this.db?.listSessions()) ?? [];
      return stored.map((s) => (s.id === current?.id ? { ...current } : s));
    } catch {
      return [];
    }
  }

  async delete(id: string): Promise<void> {
    await this.ready;
    if (this.recorder?.current?.id === id) this.recorder.current = null;
    this.recorder?.dropSummary(id);
    const session = await this.db?.getSession(id).catch(() => null);
    await this.db?.deleteSession(id).catch(() => undefined);
    if (session) this.recorder?.forget(session.bytes);
  }

  /** A CSV import becomes a session of its own (when recording is on). */
  async saveImport(store: TelemetryStore, fileName: string): Promise<void> {
    await this.ready;
    await this.recorder?.saveImport(store, fileName);
  }

  /** Laps completed live (or listed by the backend): those of the current session are kept. */
  recordLaps(laps: readonly Lap[]): Promise<void> {
    return this.recorder?.recordLaps(laps) ?? Promise.resolve();
  }

  /** The laps recorded with the sessions start() read back into live history (none without). */
  async restoredLaps(): Promise<Lap[]> {
    await this.ready;
    const laps = await Promise.all(this.restoredIds.map((id) => this.sessionLaps(id)));
    return laps.flat();
  }

  /** Laps recorded with a session, ending within [from, to] (epoch seconds) when given. */
  async sessionLaps(id: string, from = -Infinity, to = Infinity): Promise<Lap[]> {
    const { events, dropped } = await this.sessionEvents(id, { kinds: ["lap"], from, to });
    if (dropped > 0)
      this.options.notice(
        "warning",
        `${dropped} recorded lap${dropped === 1 ? "" : "s"} of this session could not be read and ${dropped === 1 ? "is" : "are"} not shown.`,
      );
    return events.map((event) => (event as LapEvent).lap);
  }

  /** Events of the live data (alerts, forecasts…), stored with the session being recorded. */
  recordEvents(events: readonly SessionEvent[]): void {
    if (this.recorder) this.recorder.recordEvents(events);
    else if (!this.unavailable) for (const event of events) this.earlyEvents.push(event);
  }

  /**
   * A session's events for a replay, oldest first, with the count of stored
   * records that failed their checks (the caller says it). Nothing when the
   * store cannot be read.
   */
  async sessionEvents(id: string, query: EventQuery = {}): Promise<EventsRead> {
    await this.ready;
    const none: EventsRead = { events: [], dropped: 0 };
    return (await this.db?.readEvents(id, query).catch(() => none)) ?? none;
  }

  /**
   * Records events with session `id`: through the recorder when it is the
   * one being recorded (its flushes keep the order), else straight into the
   * store. Nothing when the store cannot be written.
   */
  async appendSessionEvents(id: string, events: readonly SessionEvent[]): Promise<void> {
    await this.ready;
    if (this.recorder?.current?.id === id) return this.recorder.recordEvents(events);
    await this.db?.appendEvents(id, events).catch(() => undefined);
  }

  async rename(id: string, name: string): Promise<void> {
    await this.ready;
    const session = await this.session(id);
    const clean = typeof name === "string" ? name.trim().slice(0, 120) : "";
    if (!session || clean === "") return;
    session.name = clean;
    if (this.recorder?.current?.id === id) this.recorder.current.name = clean;
    await this.db?.putSession(session).catch(() => undefined);
  }

  async storageInfo(): Promise<StorageInfo> {
    await this.refreshQuota();
    let used: number | null = null;
    try {
      used = (await this.options.storage?.estimate())?.usage ?? null;
    } catch {
      used = null;
    }
    const sessions = await this.list();
    return {
      usedBytes: used,
      quotaBytes: this.quota,
      availableBytes: used === null || this.quota === null ? null : Math.max(0, this.quota - used),
      budgetBytes: this.budgetBytes(),
      sessionBytes: sessions.reduce((sum, s) => sum + s.bytes, 0),
    };
  }

  /** A session's rows in [from, to] for a replay: those that pass the live checks (the rest are said). */
  async sessionRows(id: string, from: number, to: number): Promise<RowSlices[]> {
    await this.ready;
    if (!this.db || !this.ring) throw new Error("No recorded sessions: storage is not available");
    const { rows, dropped } = checkStoredRows(this.ring, await this.db.readRange(id, from, to));
    if (Object.keys(dropped).length > 0) {
      const session = await this.session(id);
      this.sayDropped(session?.name ?? id, dropped, "replayed");
    }
    return rows;
  }

  async session(id: string): Promise<SessionInfo | null> {
    await this.ready;
    const current = this.recorder?.current;
    if (current?.id === id) return { ...current };
    return (await this.db?.getSession(id).catch(() => null)) ?? null;
  }

  private sayDropped(name: string, dropped: Record<string, number>, what: string): void {
    const message = describeDropped(name, dropped, what);
    if (message) this.options.notice("warning", message);
  }

  /** Sessions whose record was damaged or missing (SessionDb.recover): each said once. */
  private sayRecoveries(recoveries: readonly Recovery[]): void {
    for (const { name, outcome, reason } of recoveries)
      this.options.notice(
        "warning",
        outcome === "rebuilt"
          ? `Session "${name.slice(0, 80)}": ${reason}; it was rebuilt from its stored chunks.`
          : outcome === "repaired"
            ? `Session "${name.slice(0, 80)}": ${reason}.`
            : `Session "${name.slice(0, 80)}" was removed: ${reason}.`,
      );
  }

  private budgetBytes(): number | null {
    if (this.budgetSetting > 0) return this.budgetSetting;
    return this.quota === null ? null : Math.floor(this.quota / 2);
  }

  private async refreshQuota(): Promise<void> {
    try {
      const quota = (await this.options.storage?.estimate())?.quota;
      if (typeof quota === "number" && quota > 0) this.quota = quota;
    } catch {
      // No estimate: no quota-based budget (an explicit budget still applies).
    }
  }
}
