// What the telemetry core is built from (its options) and what it asks of
// each window that joins it (CoreViewer; TelemetryService is one).
import type { WorkerEvent } from "../../contract/telemetryApi";
import type { OpenSessionStore } from "../../shared/storage/SessionDb";
import type { StorageEstimator } from "../sessions/Sessions";
import type { Timers } from "../sources/timers";
import type { CoreHosting } from "../../contract/windows";
import type { TelemetryStore } from "../store/TelemetryStore";
import type { Feature, ReplayPart } from "../pipeline/Feature";

export interface TelemetryCoreOptions {
  timers?: Timers;
  fetchImpl?: typeof fetch;
  /** Event batching period of each window, ms (default 80). */
  flushIntervalMs?: number;
  demoSeed?: number;
  /** The analyses this core composes (default: the registry, features.ts). */
  features?: readonly Feature[];
  /** IndexedDB for recording; default globalThis.indexedDB (null: none, e.g. private mode). */
  indexedDB?: IDBFactory | null;
  /** navigator.storage (estimate) for the budget and Settings → Sessions. */
  storage?: StorageEstimator | null;
  /** Recorder flush period, ms (default 1000). */
  recordFlushMs?: number;
  /** Gap after which a new session starts, ms (default 5 minutes). */
  sessionGapMs?: number;
  /** Where recorded sessions are stored (default: IndexedDB on this thread). */
  sessionStore?: OpenSessionStore;
  /** Shared by every window (the SharedWorker core) or this window's own (default). */
  hosting?: CoreHosting;
  /**
   * An own core that records only once its window holds the recorder lock
   * (setRecorderHeld): browsers without SharedWorker, several windows.
   */
  awaitsRecorder?: boolean;
  /**
   * A shared core's life lock (TelemetryApi.coreLock): the Web Lock it holds
   * while it lives, once held (null: this browser has no Web Locks).
   */
  lifeLock?: Promise<string | null>;
}

/** What the core needs of a window that joined it. */
export interface CoreViewer {
  /** Not replaying: live lap events and lap notifications are for it. */
  readonly showsLive: boolean;
  /** A happening for this window (it batches its own events). */
  send(event: WorkerEvent): void;
  /** The live lap table changed (the window sends the table it shows). */
  lapsChanged(): void;
  /** A new live history (a start, or a real source taking over from the demo). */
  liveChanged(store: TelemetryStore): void;
  /** The window's replay or import history while it shows one (a setting reaches it too). */
  replayHistory(): TelemetryStore | null;
  /** `feature`'s part in the window's replay, once it made one (Feature.replayPart). */
  replayPart(feature: Feature): ReplayPart | null;
}
