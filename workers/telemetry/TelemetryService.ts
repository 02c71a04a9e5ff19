// The worker's logic as a plain class (entry.ts only exposes it), so tests run
// it in Node. It owns the store, the three live sources and the lap table, and
// follows SPEC §4: start in the configured type (DEMO by default); a socket or
// radio that connects while in DEMO takes over; each type accepts packets only
// from its own source. Lap events count in NETWORK (from the backend) and in
// DEMO (from the simulated car, so the demo shows laps), never during playback.
import * as Comlink from "comlink";
import type { WorkerConfig } from "../contract/config";
import type { ConnectionState } from "../contract/connection";
import type {
  CsvChunk,
  CsvExportRequest,
  CsvExportStart,
  CsvImportReport,
  CsvProgress,
} from "../contract/csv";
import type { ConnectionType, FieldInfo } from "../contract/fields";
import type { LapCoordsAnswer, LapCoordsRequest, LapFetchResult } from "../contract/laps";
import type { SeriesRequest, SeriesResult } from "../contract/series";
import type { BackendSpan, ReplayRequest, SessionInfo, StorageInfo } from "../contract/sessions";
import type { Snapshot } from "../contract/snapshot";
import type { NotificationKind, TelemetryApi, WorkerEventListener } from "../contract/telemetryApi";
import type { TrackRequest, TrackResult } from "../contract/track";
import { checkLap, fetchDrivers, fetchLaps } from "./laps/laps";
import { LapBook } from "./laps/LapBook";
import { buildTrack } from "./geo/trackQuery";
import { parseRaceInfo } from "./race/raceInfo";
import { BackendInfo } from "./service/backendInfo";
import { cleanRequest, interpretReply, localAnswer, failed } from "./service/finishLine";
import { TelemetryStore } from "./store/TelemetryStore";
import { DemoSource } from "./sources/DemoSource";
import { NetworkSource } from "./sources/NetworkSource";
import { RadioSource } from "./sources/RadioSource";
import type { SourceSink } from "./sources/SourceSink";
import { realTimers, type Timers } from "./sources/timers";
import { DEFAULT_CONFIG, idleRecording, isConnectionType, resolveConfig } from "./service/config";
import { EventBatcher } from "./service/EventBatcher";
import { checkLapCoords } from "./service/lapCoords";
import { checkLatency, type LatencyKind } from "./service/latency";
import { CsvJobs } from "./service/csvJobs";
import { objectsToCsv } from "./csv/flatten";
import { ViewSwitch } from "./service/viewSwitch";
import { Sessions, type StorageEstimator } from "./sessions/Sessions";
import { LiveLinks, type LinkPatch } from "./service/liveLinks";
import { seriesTransferList } from "./service/seriesTransfer";
import type { OpenSessionStore } from "../shared/storage/SessionDb";
import { ReplayController } from "./replay/ReplayController";
import { fetchBackendSpan } from "./replay/backendPlayback";

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
  /** Where recorded sessions are stored (default: IndexedDB on this thread). */
  sessionStore?: OpenSessionStore;
}

export class TelemetryService implements TelemetryApi {
  private config: WorkerConfig = DEFAULT_CONFIG;
  private storeInstance: TelemetryStore | null = null;
  private readonly links: LiveLinks;
  private demo: DemoSource | null = null;
  private network: NetworkSource | null = null;
  private radio: RadioSource | null = null;
  private started = false;
  private readonly lapBook = new LapBook();
  private readonly backend = new BackendInfo();
  private readonly timers: Timers;
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly demoSeed: number;
  private readonly events: EventBatcher;
  private readonly view = new ViewSwitch(new TelemetryStore({ capacity: 1 }));
  private sessions: Sessions | null = null;
  private replayInstance: ReplayController | null = null;
  private readonly options: TelemetryServiceOptions;
  private readonly csv = new CsvJobs();

  constructor(options: TelemetryServiceOptions = {}) {
    this.timers = options.timers ?? realTimers;
    this.fetchImpl = options.fetchImpl;
    this.demoSeed = options.demoSeed ?? 1;
    this.options = options;
    this.events = new EventBatcher(this.timers, options.flushIntervalMs);
    this.links = new LiveLinks(() => this.timers.now());
  }

  /** The connection's facts (LiveLinks keeps them). */
  private get connection(): ConnectionState {
    return this.links.state;
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
    this.links.setType(this.config.connectionType);
    this.demo = new DemoSource(this.sinkFor("DEMO"), {
      rate: this.config.demoRate,
      seed: this.demoSeed,
      timers: this.timers,
    });
    // The saved finish line, so the simulated car's first lap already ends there.
    const line = this.config.lapCoords;
    if (line) this.demo.setFinishLine(line.lat, line.long);
    this.network = new NetworkSource(this.sinkFor("NETWORK"), {
      url: this.config.backendUrl,
      upgrade: this.config.webSocketUpgrade,
      pingIntervalMs: this.config.pingIntervalMs,
      timers: this.timers,
    });
    this.radio = new RadioSource(this.sinkFor("RADIO"));
    this.applyDemoState();
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
    const connection = { ...this.links.read(), playback };
    const shown = this.view.snapshot(since, connection, this.backend.snapshot());
    return {
      ...shown,
      playback: this.replay.state(),
      recording: this.sessions?.state() ?? idleRecording(this.config.recording),
    };
  }

  series(request: SeriesRequest): SeriesResult {
    return this.seriesBatch([request])[0]!;
  }

  servePlots(port: MessagePort): void {
    Comlink.expose(
      { seriesBatch: (requests: SeriesRequest[]) => this.seriesBatch(requests) },
      port,
    );
  }

  seriesBatch(requests: SeriesRequest[]): SeriesResult[] {
    const list = Array.isArray(requests) ? requests : [];
    const clock = this.replay.on ? this.replay.clock.position : null;
    let results: SeriesResult[];
    try {
      results = this.view.seriesBatch(list, clock);
    } catch {
      results = list.map(emptySeries);
    }
    // Moved, not copied: a small batch in one buffer (see seriesTransfer.ts).
    return Comlink.transfer(results, seriesTransferList(results));
  }

  setConnectionType(type: ConnectionType): void {
    if (!isConnectionType(type) || type === this.connection.connectionType) return;
    this.changeSource(type);
    this.applyDemoState();
    if (type === "NETWORK" && this.started) this.network?.connect();
  }

  setWebSocketUpgrade(on: boolean): void {
    if (typeof on !== "boolean" || on === this.config.webSocketUpgrade) return;
    this.config = { ...this.config, webSocketUpgrade: on };
    this.network?.setUpgrade(on);
  }

  setBackendUrl(url: string): void {
    if (typeof url !== "string" || url.trim() === "" || url.trim() === this.config.backendUrl)
      return;
    this.config = { ...this.config, backendUrl: url.trim() };
    this.network?.setUrl(this.config.backendUrl);
    this.backend.reset();
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
  }

  startReplay(request: ReplayRequest): void {
    this.connection.playback = true;
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
    const url = this.config.backendUrl;
    const [result, drivers] = await Promise.all([
      fetchLaps(url, this.fetchImpl),
      fetchDrivers(url, this.fetchImpl),
    ]);
    this.lapBook.applyFetch(result);
    this.lapBook.setDrivers(drivers);
    void this.sessions?.recordLaps(result.laps);
    if (result.generation)
      this.backend.noteGeneration(result.generation, "GET /laps", describeShape(result.generation));
    this.pushLaps();
    return this.shownLaps();
  }

  /** The driven track of the history on screen: live, or the replay up to its clock. */
  track(request: TrackRequest): TrackResult {
    const lapEnds = this.shownLaps().laps.map((lap) => lap.endMs / 1000);
    const clock = this.view.view === "replay" ? this.replay.clock.position : null;
    const to =
      clock === null ? request?.to : request?.to == null ? clock : Math.min(request.to, clock);
    const result = buildTrack(this.view.store.ring, lapEnds, { ...request, to: to ?? null });
    const columns = [result.time, result.lat, result.long, result.value];
    const buffers = new Set(
      [...columns, ...result.details.map((d) => d.values)].map((a) => a.buffer),
    );
    return Comlink.transfer(result, [...buffers]);
  }

  async setLapCoords(request: LapCoordsRequest): Promise<LapCoordsAnswer> {
    const clean = cleanRequest(request);
    if (this.connection.connectionType === "DEMO") {
      const answer = localAnswer(clean);
      if (answer.ok) this.acceptLapCoords(answer.coords);
      return answer;
    }
    if (this.connection.connectionType !== "NETWORK" || !this.network?.connected)
      return failed("Not connected to the backend: the finish line cannot be moved now.");
    const { answer, generation } = interpretReply(await this.network.sendLapCoords(clean));
    const how = generation === "2026-06" ? "acknowledged" : "answered by broadcast only";
    this.backend.noteGeneration(generation, "setLapCoords", how);
    if (answer.ok) this.acceptLapCoords(answer.coords);
    return answer;
  }

  startCsvExport(request: CsvExportRequest): CsvExportStart {
    const origin = this.view.view === "replay" ? this.replay.history.origin : null;
    const source =
      origin === null
        ? this.connection.connectionType
        : origin.kind === "import"
          ? "imported"
          : "replay";
    return this.csv.startExport(this.view.store, request, source);
  }

  nextCsvChunk(): CsvChunk | null {
    return this.csv.nextChunk();
  }

  /** The lap table as the Laps tab shows it: number, driver, end time, then every lap figure. */
  lapsCsv(): string {
    const { laps, drivers } = this.shownLaps();
    return objectsToCsv(
      laps.map((lap, index) => ({
        lap: index + 1,
        driver: Object.hasOwn(drivers, lap.rfid) ? drivers[lap.rfid] : lap.rfid,
        ...lap,
        end: new Date(lap.endMs).toISOString(),
      })),
    );
  }

  async importCsv(file: Blob, fileName: string): Promise<CsvImportReport> {
    const { report, store } = await this.csv.importFile(file, fileName);
    if (store) {
      // An imported file replays like a recorded session (PLAYBACK, transport bar).
      this.connection.playback = true;
      this.replay.adopt({ kind: "import", name: report.fileName }, store);
      // ...and is kept as a session, so it is listed and replays after a reload.
      void this.sessions?.saveImport(store, report.fileName);
    }
    return report;
  }

  csvProgress(): CsvProgress {
    return this.csv.progress;
  }

  cancelCsv(): void {
    this.csv.cancel();
  }

  private get replay(): ReplayController {
    this.replayInstance ??= new ReplayController({
      view: this.view,
      sessions: () => this.sessions,
      timers: this.timers,
      fetchImpl: this.fetchImpl,
      backendUrl: () => this.config.backendUrl,
      capacity: this.config.historyCapacity,
      onLaps: () => this.pushLaps(),
    });
    return this.replayInstance;
  }

  /** The recorder writes what the old source sent before the new one's packets count. */
  private changeSource(type: ConnectionType): void {
    const from = this.connection.connectionType;
    // The recorder copies what the old source sent before anything changes.
    void this.sessions?.flush(from);
    this.links.setType(type); // (another source, another clock)
    // Simulated packets never stay on screen under a real source's name: the
    // demo's history stays in its recorded session, live starts afresh.
    if (from === "DEMO" && type !== "DEMO" && this.started) this.freshLiveHistory();
  }

  private freshLiveHistory(): void {
    const store = new TelemetryStore({ capacity: this.config.historyCapacity });
    this.storeInstance = store;
    this.view.setLive(store);
    this.sessions?.follow(store);
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
      openStore: this.options.sessionStore,
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
    // The simulated car's laps never stay in a table that now shows the real car.
    if (this.connection.connectionType !== "DEMO" && this.lapBook.dropSimulated()) this.pushLaps();
  }

  private sinkFor(source: ConnectionType): SourceSink {
    return {
      packet: (raw) => this.onPacket(raw, source),
      connection: (patch) => this.onConnection(patch),
      generation: (generation, kind, what) => {
        if (this.started && source === this.connection.connectionType)
          this.backend.noteGeneration(generation, kind, what);
      },
      latency: (kind, raw) => this.onLatency(kind, raw, source),
      notify: (kind) => this.onNotify(kind, source),
      lapData: (raw) => this.onLapData(raw, source),
      lapCoords: (raw) => {
        const checked = checkLapCoords(raw);
        if (checked.ok) this.acceptLapCoords(checked.coords);
        else if (checked.reason !== null) this.store.rejectEvent(source, checked.reason);
      },
      raceInfo: (raw) => {
        if (source !== "NETWORK") return;
        const info = parseRaceInfo(raw, this.timers.now());
        if (info) this.backend.setRaceInfo(info);
        else this.store.rejectEvent(source, "raceInfo: not a valid raceInfo payload");
      },
    };
  }

  /** The finish line moved: the UI shows it and the simulated car laps at it. */
  private acceptLapCoords(coords: { lat: number; long: number }): void {
    this.demo?.setFinishLine(coords.lat, coords.long);
    this.events.push({ type: "lapCoords", coords });
  }

  private onPacket(raw: unknown, source: ConnectionType): void {
    if (!this.started || source !== this.connection.connectionType) return;
    // Rejections are counted by the store; the UI reads the counts from snapshots.
    if (!this.store.ingest(raw, source) || source === "DEMO") return;
    this.links.packetStored(source, this.store.lastPacketTime);
  }

  private onLatency(kind: LatencyKind, raw: unknown, source: ConnectionType): void {
    if (!this.started) return;
    const checked = checkLatency(kind, raw);
    if (checked.ok) this.connection[kind] = checked.ms;
    else this.store.rejectEvent(source, checked.reason);
  }

  private onConnection(patch: LinkPatch): void {
    this.links.apply(patch);
    const c = this.connection;
    // SPEC §4: a live feed that connects while in DEMO takes over.
    if (c.connectionType === "DEMO" && patch.socketConnected === true) this.changeSource("NETWORK");
    if (c.connectionType === "DEMO" && patch.radioConnected === true) this.changeSource("RADIO");
    this.applyDemoState();
  }

  private lapEventsFrom(source: ConnectionType): boolean {
    const type = this.connection.connectionType;
    const replaying = this.connection.playback || (this.replayInstance?.on ?? false);
    return !replaying && source === type && (type === "NETWORK" || type === "DEMO");
  }

  private onNotify(kind: NotificationKind, source: ConnectionType) {
    if (kind === "lapComplete" && !this.lapEventsFrom(source)) return;
    this.events.push({ type: "notification", kind });
  }

  private onLapData(raw: unknown, source: ConnectionType): void {
    if (!this.lapEventsFrom(source)) return;
    const checked = checkLap(raw);
    if (!checked.ok) return this.store.rejectEvent(source, checked.reason);
    const parsed = checked.parsed;
    if (source === "NETWORK")
      this.backend.noteGeneration(parsed.generation, "lapData", describeShape(parsed.generation));
    const lap = { ...parsed.lap, simulated: source === "DEMO" };
    this.lapBook.add(lap);
    void this.sessions?.recordLaps([lap]);
    this.pushLaps();
  }

  private pushLaps(): void {
    this.events.push({ type: "laps", result: this.shownLaps() });
  }

  /** The lap table of the history on screen: live, or the replay's own laps. */
  private shownLaps(): LapFetchResult {
    const live = this.lapBook.result();
    if (!this.replayInstance?.on) return live;
    const laps = this.replayInstance.laps.map((lap) => ({ ...lap }));
    return { ...live, laps, message: "OK", error: false };
  }
}

const describeShape = (generation: "2026-01" | "2026-06") =>
  generation === "2026-06" ? "flat lap records" : "nested lap records";

function emptySeries(request: SeriesRequest): SeriesResult {
  const n = Array.isArray(request?.fields) ? request.fields.length : 0;
  return {
    data: Array.from({ length: n + 1 }, () => new Float64Array(0)),
    from: null,
    to: null,
    bucketSeconds: 0,
    hasGaps: new Array<boolean>(n).fill(false),
    units: new Array<string>(n).fill(""),
  };
}
