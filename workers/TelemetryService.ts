// The worker's logic as a plain class (entry.ts only exposes it), so tests run
// it in Node. It owns the store, the three live sources and the lap table, and
// follows SPEC §4: start in the configured type (DEMO by default); a socket or
// radio that connects while in DEMO takes over; each type accepts packets only
// from its own source. Lap events count in NETWORK (from the backend) and in
// DEMO (from the simulated car, so the demo shows laps), never during playback.
import * as Comlink from "comlink";
import type {
  BackendSpan,
  ConnectionState,
  ConnectionType,
  FieldInfo,
  FormattedLap,
  LapFetchResult,
  ReplayRequest,
  SeriesRequest,
  SessionInfo,
  SeriesResult,
  Snapshot,
  StorageInfo,
  TelemetryApi,
  WorkerConfig,
  WorkerEventListener,
} from "./contract";
import { fetchLaps, parseLapRecord } from "./laps/laps";
import { TelemetryStore } from "./store/TelemetryStore";
import { DemoSource } from "./sources/DemoSource";
import { NetworkSource } from "./sources/NetworkSource";
import { RadioSource } from "./sources/RadioSource";
import type { SourceSink } from "./sources/SourceSink";
import { realTimers, type Timers } from "./sources/timers";
import {
  DEFAULT_CONFIG,
  idleRecording,
  initialConnection,
  isConnectionType,
  resolveConfig,
} from "./service/config";
import { EventBatcher } from "./service/EventBatcher";
import { ViewSwitch } from "./service/viewSwitch";
import { Sessions, type StorageEstimator } from "./sessions/Sessions";
import { ReplayController } from "./replay/ReplayController";
import { fetchBackendSpan } from "./replay/backendPlayback";
import { parseLapCoords } from "./service/lapCoords";

const MAX_LAPS = 1000;

export interface TelemetryServiceOptions {
  timers?: Timers;
  fetchImpl?: typeof fetch;
  /** Event batching period, ms (default 80). */
  flushIntervalMs?: number;
  demoSeed?: number;
  /** IndexedDB for recording; default globalThis.indexedDB (null: none, e.g. private mode). */
  indexedDB?: IDBFactory | null;
  /** navigator.storage (estimate) for the budget and Settings → Sessions. */
  storage?: StorageEstimator | null;
  /** Recorder flush period, ms (default 1000). */
  recordFlushMs?: number;
  /** Gap after which a new session starts, ms (default 5 minutes). */
  sessionGapMs?: number;
}

export class TelemetryService implements TelemetryApi {
  private config: WorkerConfig = DEFAULT_CONFIG;
  private storeInstance: TelemetryStore | null = null;
  private connection: ConnectionState = initialConnection();
  private demo: DemoSource | null = null;
  private network: NetworkSource | null = null;
  private radio: RadioSource | null = null;
  private started = false;
  private laps: FormattedLap[] = [];
  private lapsStatus = { message: "OK", error: false };
  private readonly timers: Timers;
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly demoSeed: number;
  private readonly events: EventBatcher;
  private readonly view = new ViewSwitch(new TelemetryStore({ capacity: 1 }));
  private sessions: Sessions | null = null;
  private replayInstance: ReplayController | null = null;
  private readonly options: TelemetryServiceOptions;

  constructor(options: TelemetryServiceOptions = {}) {
    this.timers = options.timers ?? realTimers;
    this.fetchImpl = options.fetchImpl;
    this.demoSeed = options.demoSeed ?? 1;
    this.options = options;
    const sources = {
      connection: () => ({ ...this.connection }),
      rejected: () => {
        const counters = this.store.counters();
        return { rejected: counters.rejected, recent: counters.recentRejections };
      },
    };
    this.events = new EventBatcher(this.timers, sources, options.flushIntervalMs);
  }

  private get store(): TelemetryStore {
    this.storeInstance ??= new TelemetryStore({ capacity: this.config.historyCapacity });
    return this.storeInstance;
  }

  start(config: Partial<WorkerConfig>, onEvents: WorkerEventListener): void {
    if (this.started) this.stop();
    this.config = resolveConfig(config);
    this.storeInstance = new TelemetryStore({ capacity: this.config.historyCapacity });
    this.view.setLive(this.storeInstance);
    this.replayInstance?.end();
    this.replayInstance = null;
    this.startRecording(this.storeInstance);
    this.events.setListener(typeof onEvents === "function" ? onEvents : null);
    this.started = true;
    this.connection.connectionType = this.config.connectionType;
    this.demo = new DemoSource(this.sinkFor("DEMO"), {
      rate: this.config.demoRate,
      seed: this.demoSeed,
      timers: this.timers,
    });
    this.network = new NetworkSource(this.sinkFor("NETWORK"), {
      url: this.config.backendUrl,
      pingIntervalMs: this.config.pingIntervalMs,
      timers: this.timers,
    });
    this.radio = new RadioSource(this.sinkFor("RADIO"));
    this.applyDemoState();
    this.events.connectionChanged();
    if (this.wantsBackend()) {
      this.network.connect();
      void this.refreshLaps();
    }
  }

  stop(): void {
    this.started = false;
    this.replayInstance?.end();
    if (this.sessions) void this.sessions.flush(this.connection.connectionType);
    this.sessions?.stop();
    this.demo?.stop();
    this.network?.disconnect();
    this.radio?.detach();
    this.events.flush();
    this.events.cancel();
  }

  fieldCatalog(): FieldInfo[] {
    return this.store.fieldCatalog();
  }

  snapshot(sinceSeq: number): Snapshot {
    const since = typeof sinceSeq === "number" && Number.isFinite(sinceSeq) ? sinceSeq : 0;
    // Playback is on whenever a replay is (also one loaded by replay.load, e.g. an import).
    const playback = this.connection.playback || (this.replayInstance?.on ?? false);
    const shown = this.view.snapshot(since, { ...this.connection, playback });
    return {
      ...shown,
      playback: this.replay.state(),
      recording: this.sessions?.state() ?? idleRecording(this.config.recording),
    };
  }

  series(request: SeriesRequest): SeriesResult {
    let result: SeriesResult;
    try {
      result = this.view.series(request, this.replay.on ? this.replay.clock.position : null);
    } catch {
      const n = Array.isArray(request?.fields) ? request.fields.length : 0;
      result = {
        data: Array.from({ length: n + 1 }, () => new Float64Array(0)),
        from: null,
        to: null,
        hasGaps: new Array<boolean>(n).fill(false),
        units: new Array<string>(n).fill(""),
      };
    }
    // Columns are moved, not copied, to the UI (each buffer listed once).
    return Comlink.transfer(result, [...new Set(result.data.map((column) => column.buffer))]);
  }

  setConnectionType(type: ConnectionType): void {
    if (!isConnectionType(type) || type === this.connection.connectionType) return;
    this.changeSource(type);
    this.applyDemoState();
    if (type === "NETWORK" && this.started) this.network?.connect();
    this.events.connectionChanged();
  }

  setBackendUrl(url: string): void {
    if (typeof url !== "string" || url.trim() === "" || url.trim() === this.config.backendUrl)
      return;
    this.config = { ...this.config, backendUrl: url.trim() };
    this.network?.setUrl(this.config.backendUrl);
    if (this.started && this.wantsBackend()) {
      this.network?.connect();
      void this.refreshLaps();
    }
  }

  setDemoRate(packetsPerSecond: number): void {
    this.config = resolveConfig({ ...this.config, demoRate: packetsPerSecond });
    this.demo?.setRate(this.config.demoRate);
  }

  setPlayback(on: boolean): void {
    if (typeof on !== "boolean" || on === this.connection.playback) return;
    this.connection.playback = on;
    if (on) this.replay.begin();
    else this.replay.end();
    this.events.connectionChanged();
  }

  startReplay(request: ReplayRequest): void {
    if (!this.connection.playback) {
      this.connection.playback = true;
      this.events.connectionChanged();
    }
    void this.replay.start(request).then((ok) => {
      const error = this.replay.history.error;
      if (!ok && error) this.events.push({ type: "sessionNotice", level: "error", message: error });
      else if (error)
        this.events.push({
          type: "sessionNotice",
          level: "warning",
          message: `Replay incomplete: ${error}`,
        });
    });
  }

  cancelReplay(): void {
    this.replay.cancel();
  }

  setPlaying(playing: boolean): void {
    this.replay.setPlaying(playing);
  }

  setSpeed(speed: number): void {
    this.replay.setSpeed(speed);
  }

  seek(time: number): Promise<void> {
    return this.replay.seek(time);
  }

  step(direction: 1 | -1): void {
    this.replay.step(direction);
  }

  listSessions(): Promise<SessionInfo[]> {
    return this.sessions?.list() ?? Promise.resolve([]);
  }

  async deleteSession(id: string): Promise<void> {
    if (typeof id === "string") await this.sessions?.delete(id);
  }

  async renameSession(id: string, name: string): Promise<void> {
    if (typeof id === "string") await this.sessions?.rename(id, name);
  }

  setRecording(on: boolean): void {
    if (typeof on !== "boolean") return;
    this.config = { ...this.config, recording: on };
    this.sessions?.setEnabled(on);
  }

  storageInfo(): Promise<StorageInfo> {
    return (
      this.sessions?.storageInfo() ??
      Promise.resolve({ usedBytes: null, quotaBytes: null, budgetBytes: null, sessionBytes: 0 })
    );
  }

  backendSpan(): Promise<BackendSpan> {
    return fetchBackendSpan(this.config.backendUrl, this.fetchImpl);
  }

  attachRadio(readable: ReadableStream<Uint8Array>): void {
    if (!this.started || !readable || typeof readable.getReader !== "function") return;
    void this.radio?.attach(readable);
  }

  detachRadio(): void {
    this.radio?.detach();
  }

  async refreshLaps(): Promise<LapFetchResult> {
    const result = await fetchLaps(this.config.backendUrl, this.fetchImpl);
    this.lapsStatus = { message: result.message, error: result.error };
    // A failed fetch keeps the laps already shown; a good one is the backend's full list.
    if (!result.error) this.laps = result.laps.slice(-MAX_LAPS);
    this.pushLaps();
    return { laps: [...this.laps], ...this.lapsStatus };
  }

  private get replay(): ReplayController {
    this.replayInstance ??= new ReplayController({
      view: this.view,
      sessions: () => this.sessions,
      timers: this.timers,
      fetchImpl: this.fetchImpl,
      backendUrl: () => this.config.backendUrl,
      capacity: this.config.historyCapacity,
      lapTimes: () => this.laps.map((lap) => lap.timestamp / 1000),
    });
    return this.replayInstance;
  }

  /** The recorder writes what the old source sent before the new one's packets count. */
  private changeSource(type: ConnectionType): void {
    void this.sessions?.flush(this.connection.connectionType);
    this.connection.connectionType = type;
  }

  private startRecording(store: TelemetryStore): void {
    this.sessions?.stop();
    const factory =
      this.options.indexedDB === undefined
        ? (globalThis as { indexedDB?: IDBFactory }).indexedDB
        : (this.options.indexedDB ?? undefined);
    const storage =
      this.options.storage === undefined
        ? (globalThis as { navigator?: { storage?: StorageEstimator } }).navigator?.storage
        : (this.options.storage ?? undefined);
    this.sessions = new Sessions({
      factory,
      storage,
      timers: this.timers,
      flushMs: this.options.recordFlushMs,
      gapMs: this.options.sessionGapMs,
      notice: (level, message) => this.events.push({ type: "sessionNotice", level, message }),
    });
    void this.sessions.start(
      store,
      {
        recording: this.config.recording,
        budgetBytes: this.config.sessionBudgetBytes,
        backendUrl: () => this.config.backendUrl,
      },
      () => this.connection.connectionType,
    );
  }

  /** Resolves once the last start's restore finished (tests, benchmarks). */
  whenRestored(): Promise<void> {
    return this.sessions?.whenReady() ?? Promise.resolve();
  }

  /** Packets are fetched and shown by NETWORK even if the user starts elsewhere. */
  private wantsBackend(): boolean {
    return this.config.connectToBackend || this.connection.connectionType === "NETWORK";
  }

  private applyDemoState(): void {
    if (this.started && this.connection.connectionType === "DEMO") this.demo?.start();
    else this.demo?.stop();
  }

  private sinkFor(source: ConnectionType): SourceSink {
    return {
      packet: (raw) => this.onPacket(raw, source),
      connection: (patch) => this.onConnection(patch),
      notify: (kind) => this.onNotify(kind, source),
      lapData: (raw) => this.onLapData(raw, source),
      lapCoords: (raw) => {
        const coords = parseLapCoords(raw);
        if (coords) this.events.push({ type: "lapCoords", coords });
      },
    };
  }

  private onPacket(raw: unknown, source: ConnectionType): void {
    if (!this.started || source !== this.connection.connectionType) return;
    if (!this.store.ingest(raw, source)) this.events.rejectedChanged();
  }

  private onConnection(patch: Partial<ConnectionState>): void {
    const c = this.connection;
    if (typeof patch.socketConnected === "boolean") c.socketConnected = patch.socketConnected;
    if (typeof patch.mqttConnected === "boolean") c.mqttConnected = patch.mqttConnected;
    if (typeof patch.radioConnected === "boolean") c.radioConnected = patch.radioConnected;
    if (typeof patch.userLatency === "number") c.userLatency = patch.userLatency;
    if (typeof patch.carLatency === "number") c.carLatency = patch.carLatency;
    // SPEC §4: a live feed that connects while in DEMO takes over.
    if (c.connectionType === "DEMO" && patch.socketConnected === true) this.changeSource("NETWORK");
    if (c.connectionType === "DEMO" && patch.radioConnected === true) this.changeSource("RADIO");
    this.applyDemoState();
    this.events.connectionChanged();
  }

  private lapEventsFrom(source: ConnectionType): boolean {
    const type = this.connection.connectionType;
    const replaying = this.connection.playback || (this.replayInstance?.on ?? false);
    return !replaying && source === type && (type === "NETWORK" || type === "DEMO");
  }

  private onNotify(kind: "lapComplete" | "carConnect" | "carDisconnect", source: ConnectionType) {
    if (kind === "lapComplete" && !this.lapEventsFrom(source)) return;
    this.events.push({ type: "notification", kind });
  }

  private onLapData(raw: unknown, source: ConnectionType): void {
    if (!this.lapEventsFrom(source)) return;
    const lap = parseLapRecord(raw);
    if (!lap) return;
    this.laps.push(lap);
    if (this.laps.length > MAX_LAPS) this.laps.shift();
    this.pushLaps();
  }

  private pushLaps(): void {
    this.events.push({ type: "laps", result: { laps: [...this.laps], ...this.lapsStatus } });
  }
}
