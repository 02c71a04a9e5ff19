// The recording's one home (DESIGN: "never let two cores write one
// recording"): the core opens it once per run, whatever number of windows
// look. At each start the last recording is read back into the new live
// history (its rows, the features' events and its laps), then it records.
// The options may name no IndexedDB or storage estimate (tests, private
// mode); undefined means "this thread's own".
import type { WorkerConfig } from "../../contract/config";
import type { ConnectionType } from "../../contract/fields";
import type { Lap } from "../../contract/laps";
import type { RecordingState, SessionInfo, StorageInfo } from "../../contract/sessions";
import { Sessions, type StorageEstimator } from "../sessions/Sessions";
import type { RecordedRow } from "../sessions/newestRow";
import type { Timers } from "../sources/timers";
import type { TelemetryStore } from "../store/TelemetryStore";
import { idleRecording } from "./config";
import type { TelemetryCoreOptions } from "./coreTypes";
import type { FeatureParts } from "./featureParts";
import { NOT_RECORDER_TEXT } from "./windowTexts";

/** What the recording reads of the core. */
interface RecordingDeps {
  readonly options: TelemetryCoreOptions;
  readonly timers: Timers;
  readonly features: FeatureParts;
  /** The settings in force (the recording switch and the backend's address may change). */
  settings(): WorkerConfig;
  notice(level: "warning" | "error", message: string): void;
  /** The live history now: a restore fills only the one it began with. */
  liveStore(): TelemetryStore;
  /** The restored day's 1-second summary, shown as live while its rows are read (null: done). */
  showPreview(preview: TelemetryStore | null): void;
  connectionType(): ConnectionType;
  running(): boolean;
  /** The laps recorded with the restored packets, for the lap table. */
  restoreLaps(laps: Lap[]): void;
  /** The simulated car goes on from a recorded one (null: none); true when it took it up. */
  resumeDemo(row: RecordedRow | null): boolean;
}

const NO_STORAGE: StorageInfo = {
  usedBytes: null,
  quotaBytes: null,
  availableBytes: null,
  budgetBytes: null,
  sessionBytes: 0,
};

export class CoreRecording {
  /** The last start's sessions (null before the first start). */
  sessions: Sessions | null = null;
  /** An own core records only while its window holds the recorder lock (options.awaitsRecorder). */
  held: boolean;

  constructor(private readonly deps: RecordingDeps) {
    this.held = !deps.options.awaitsRecorder;
  }

  /** Opens the sessions afresh and restores the last recording into the live history. */
  start(): void {
    this.sessions?.stop();
    const { features } = this.deps;
    const sessions = this.open();
    this.sessions = sessions;
    const settings = this.deps.settings();
    const store = this.deps.liveStore();
    // Only while the sessions and the history it restores into are still the live ones.
    const current = () => this.sessions === sessions && this.deps.liveStore() === store;
    void sessions.start(
      store,
      {
        recording: settings.recording && this.held,
        budgetBytes: settings.sessionBudgetBytes,
        backendUrl: () => this.deps.settings().backendUrl,
        // A demo on its own clock starts a fresh day: the last recording's
        // times would run into (or past) the new simulated car's.
        restore: this.restores,
        resumeDemo: (row) => current() && this.deps.resumeDemo(row),
        // (A stale start's answer is not this start's car's: that one waits out its bound.)
        showPreview: (preview) => {
          if (current()) this.deps.showPreview(preview);
        },
        // The features' recorded events come back with the rows (same condition).
        restoredEvents: {
          kinds: features.restores,
          restore: (events) => {
            if (current()) features.restore(events);
          },
        },
      },
      () => this.deps.connectionType(),
    );
    void this.restoreLaps(sessions);
  }

  /** Whether a start reads the last recording back (not for a demo on a clock of its own). */
  get restores(): boolean {
    return this.deps.settings().demoClockOffsetMs === 0;
  }

  /** The core stops: what the last source sent is written, then the recording closes. */
  stop(): void {
    void this.sessions?.flush(this.deps.connectionType());
    this.sessions?.stop();
  }

  /** This (own) core's window took or lost the recorder lock. */
  setHeld(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    this.enable();
  }

  /** The recording switch or the recorder lock moved: it records when both allow. */
  enable(): void {
    this.sessions?.setEnabled(this.deps.settings().recording && this.held);
  }

  state(): RecordingState {
    const on = this.deps.settings().recording;
    const state = this.sessions?.state() ?? idleRecording(on);
    if (this.held) return state;
    // Another window's core records: the switch stays the user's, the reason is said.
    return { ...state, enabled: on, available: false, problem: NOT_RECORDER_TEXT };
  }

  list(): Promise<SessionInfo[]> {
    return this.sessions?.list() ?? Promise.resolve([]);
  }

  async delete(id: string): Promise<void> {
    if (typeof id === "string") await this.sessions?.delete(id);
  }

  async rename(id: string, name: string): Promise<void> {
    if (typeof id === "string") await this.sessions?.rename(id, name);
  }

  /** Used / available bytes and the budget; nothing known without storage. */
  storageInfo(): Promise<StorageInfo> {
    return this.sessions?.storageInfo() ?? Promise.resolve({ ...NO_STORAGE });
  }

  /** Resolves once the last start's restore finished (tests, benchmarks). */
  whenRestored(): Promise<void> {
    return this.sessions?.whenReady() ?? Promise.resolve();
  }

  /** After a reload: the laps recorded with the restored packets come back to the lap table. */
  private async restoreLaps(sessions: Sessions): Promise<void> {
    const laps = await sessions.restoredLaps();
    if (this.sessions === sessions && this.deps.running()) this.deps.restoreLaps(laps);
  }

  private open(): Sessions {
    const { options, timers, features } = this.deps;
    const factory =
      options.indexedDB === undefined
        ? (globalThis as { indexedDB?: IDBFactory }).indexedDB
        : (options.indexedDB ?? undefined);
    const storage =
      options.storage === undefined
        ? (globalThis as { navigator?: { storage?: StorageEstimator } }).navigator?.storage
        : (options.storage ?? undefined);
    return new Sessions({
      factory,
      storage,
      timers,
      flushMs: options.recordFlushMs,
      gapMs: options.sessionGapMs,
      openStore: options.sessionStore,
      notice: (level, message) => this.deps.notice(level, message),
      startEvents: (time) => features.startEvents(time),
    });
  }
}
