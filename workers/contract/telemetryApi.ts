// The telemetry channel: the API the telemetry worker
// (workers/telemetry/telemetry.worker.ts) exposes through Comlink, and the
// events it pushes back through one proxied callback, batched. The UI imports
// the contract with `import type` only, so no worker code reaches the main
// bundle; every file in workers/contract/ is types only.
import type { AlertEntry, AlertsApi } from "./alerts";
import type { WorkerConfig } from "./config";
import type {
  CsvChunk,
  CsvExportRequest,
  CsvExportStart,
  CsvImportReport,
  CsvProgress,
} from "./csv";
import type { ConnectionType, FieldInfo } from "./fields";
import type { LapAnalysisApi, LapSpan } from "./lapAnalysis";
import type { MathApi } from "./math";
import type { NotesApi } from "./notes";
import type { LapCoords, LapCoordsAnswer, LapCoordsRequest, LapFetchResult } from "./laps";
import type { SeriesRequest, SeriesResult } from "./series";
import type { StatsApi } from "./stats";
import type { StrategyApi } from "./strategy";
import type { WeatherApi } from "./weather";
import type { BackendSpan, ReplayRequest, SessionInfo, StorageInfo } from "./sessions";
import type { SeasonApi } from "./season";
import type { Snapshot } from "./snapshot";
import type { TrackRequest, TrackResult } from "./track";
import type {
  HelperKind,
  HelperName,
  SharedSettings,
  SharedSettingKind,
  WindowHello,
} from "./windows";

/** The happenings the UI notifies the user about (texts: src/state/notificationQueue.ts). */
export type NotificationKind = "lapComplete" | "carConnect" | "carDisconnect";

/**
 * Discrete happenings pushed to the UI through one Comlink.proxy callback,
 * batched. State (links, latencies, counters) is never sent here: it is in
 * every Snapshot.
 */
export type WorkerEvent =
  | { type: "notification"; kind: NotificationKind }
  | { type: "laps"; result: LapFetchResult }
  | { type: "lapCoords"; coords: LapCoords }
  /** A recording/replay happening worth a toast: storage unavailable, session evicted, load failed. */
  | { type: "sessionNotice"; level: "warning" | "error"; message: string }
  /** A happening of the backend link worth a toast: what it did not receive, and why. */
  | { type: "linkNotice"; message: string }
  /**
   * Alerts that just started in the live history and are to be announced:
   * their rule notifies and is not muted. Never from a restore, a replay or
   * an import (their alerts are only logged). Sent to windows showing live.
   */
  | {
      type: "alerts";
      /** At most 20 per packet; a storm's further alerts are only counted in `omitted`. */
      started: AlertEntry[];
      omitted?: number;
      /**
       * Whether this window plays the sound and shows the desktop notification:
       * one window of those showing live does (the earliest joined), so an
       * alert is heard once; every window shows its toast. The core always
       * says; absent counts as true.
       */
      announce?: boolean;
    }
  /**
   * Another window changed settings the core holds for every window: this
   * window reads them again (sharedSettings(), alertRules(), …), shows them
   * and keeps what it saves in step, without setting them back.
   */
  | { type: "sharedSettings"; kinds: SharedSettingKind[] }
  /**
   * A shared core uses this SharedWorker of a helper: the window connects to
   * it (so it lives while any window does) and hands its port over
   * (helperPort). `lost`: the one before stopped answering, which the window
   * says; without it, a window joining a core that replaced a helper before.
   */
  | ({ type: "helper"; lost: boolean } & HelperName);

export type WorkerEventListener = (events: WorkerEvent[]) => void;

/**
 * One window's API to the telemetry core (through Comlink; every call is async
 * from the UI). The sources, live history, recording, laps and settings are the
 * core's, shared by every window; the view (live or a replay, its playback
 * clock), the events listener and CSV jobs are the window's own.
 */
export interface TelemetryApi
  extends
    AlertsApi,
    MathApi,
    StatsApi,
    StrategyApi,
    WeatherApi,
    LapAnalysisApi,
    NotesApi,
    SeasonApi {
  /**
   * Joins the core with this window's listener; the first window's settings
   * start the core. `hello` says who the window is (its presence lock, and
   * for a shared core the ports to the helper SharedWorkers).
   */
  start(config: Partial<WorkerConfig>, onEvents: WorkerEventListener, hello: WindowHello): void;
  /** Leaves the core (the last window out stops it). */
  stop(): void;
  /**
   * A window that holds no presence lock (hello.beats) says it lives, every
   * BEAT_EVERY_MS. False when the core no longer counts it (it was silent
   * too long): the window then joins again.
   */
  beat(): boolean;
  /**
   * This window's name ("Window 1", "Window 2", …), unique among the windows
   * on the core: `wanted` (the name it saved, kept across reloads) when no
   * other window holds it, else the lowest free one. Its plot layout and map
   * view are saved under it. Free again once the window leaves.
   */
  claimWindowName(wanted: string | null): string;
  /**
   * A port to the helper SharedWorker `name` (after a "helper" event). The
   * core takes it when it waits for that helper, and leaves it otherwise.
   */
  helperPort(kind: HelperKind, name: string, port: MessagePort): void;
  /**
   * The Web Lock a shared core holds for its life: a window that asks for it
   * is granted it once the core is gone (its tab crashed or was killed).
   * Null for a core of the window's own, which lives as long as the page.
   */
  coreLock(): Promise<string | null>;
  fieldCatalog(): FieldInfo[];
  snapshot(sinceSeq: number): Snapshot;
  series(request: SeriesRequest): SeriesResult;
  /** Several plots' series at once (one frame's refresh), sharing the worker's work. */
  seriesBatch(requests: SeriesRequest[]): SeriesResult[];
  /**
   * Answer `seriesBatch` on `port` too: the render worker's end of a
   * MessageChannel, so live plots refresh without the main thread.
   */
  servePlots(port: MessagePort): void;
  setConnectionType(type: ConnectionType): void;
  /** The core's plain shared settings (read again on a "sharedSettings" event). */
  sharedSettings(): SharedSettings;
  /**
   * A registered analysis's shared setting, by feature id, for a feature the
   * contract names no call for (Feature.shared); undefined when it has none.
   * Read again on a "sharedSettings" event naming the feature's kind.
   */
  featureSetting(id: string): unknown;
  /** Sets it for every window, or refuses it with the reason (nothing changes). */
  setFeatureSetting(id: string, value: unknown): { ok: true } | { ok: false; message: string };
  setBackendUrl(url: string): void;
  /** Allow (or not) the WebSocket upgrade; a connected backend link is dialled again. */
  setWebSocketUpgrade(on: boolean): void;
  setDemoRate(packetsPerSecond: number): void;
  /** Playback on in this window: its packet resets to the default packet and live packets are not shown. */
  setPlayback(on: boolean): void;
  /**
   * RADIO: the main thread opens the Web Serial port (it needs a user gesture) and
   * transfers `port.readable` here; frames are newline-delimited JSON packets.
   */
  attachRadio(readable: ReadableStream<Uint8Array>): void;
  detachRadio(): void;
  /** Recorded sessions, oldest first. */
  listSessions(): Promise<SessionInfo[]>;
  deleteSession(id: string): Promise<void>;
  renameSession(id: string, name: string): Promise<void>;
  setRecording(on: boolean): void;
  /** Writes what the recording holds now, and resolves once it is stored (an app update reloads next). */
  saveRecording(): Promise<void>;
  /** Used / available bytes (navigator.storage.estimate) and the budget. */
  storageInfo(): Promise<StorageInfo>;
  /** GET {api}/firstAndLastPacket: the span the backend holds (epoch seconds), or an error text. */
  backendSpan(): Promise<BackendSpan>;
  /** Turns playback on and loads what to replay (progress and errors arrive in snapshots). */
  startReplay(request: ReplayRequest): void;
  cancelReplay(): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
  /** Moves the playback clock (packet time, epoch seconds); resolves when the views would show it. */
  seek(time: number): Promise<void>;
  /** Steps the clock one packet forward (+1) or back (-1). */
  step(direction: 1 | -1): void;
  /** GET {api}/laps again (also done once at start). */
  refreshLaps(): Promise<LapFetchResult>;
  /** Plans a CSV export of the viewed history; then pull chunks with nextCsvChunk(). */
  startCsvExport(request: CsvExportRequest): CsvExportStart;
  /** The next piece of the running export; null when none runs (or it was cancelled). */
  nextCsvChunk(): CsvChunk | null;
  /** The lap table as shown, as CSV text (the spec's export helper). */
  lapsCsv(): string;
  /**
   * A recorded session's laps from its lap events (the compare view's session
   * picker), or why not; see sessionLapTable for the full table.
   */
  sessionLapSpans(sessionId: string): Promise<LapSpan[] | { ok: false; message: string }>;
  /** Reads a CSV into a new history and shows it (IMPORTED marker); live goes on. */
  importCsv(file: Blob, fileName: string): Promise<CsvImportReport>;
  csvProgress(): CsvProgress;
  /** Stops the running export or import. */
  cancelCsv(): void;
  /** The driven track, downsampled for the map. */
  track(request: TrackRequest): TrackResult;
  /**
   * Move the finish line: NETWORK sends `setLapCoords` to the backend and
   * resolves with its answer (acknowledged or broadcast); DEMO moves the
   * simulated car's line. The password is never stored or logged.
   */
  setLapCoords(request: LapCoordsRequest): Promise<LapCoordsAnswer>;
}
