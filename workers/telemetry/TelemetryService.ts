// One window's telemetry API (TelemetryApi), a plain class so tests run it in
// Node. What is shared lives in the TelemetryCore it joins (sources, history,
// recording, laps, backend); the window's own are its listener, its view (live,
// or its own replay or import) and its CSV jobs: a replay in one window changes
// nothing in another. Another window is `new TelemetryService(core)`.
import * as Comlink from "comlink";
import type { AlertsApi } from "../contract/alerts";
import type { WorkerConfig } from "../contract/config";
import type {
  CsvChunk,
  CsvExportRequest,
  CsvExportStart,
  CsvImportReport,
  CsvProgress,
} from "../contract/csv";
import type { ConnectionType, FieldInfo } from "../contract/fields";
import type { LapCoordsAnswer, LapCoordsRequest, LapFetchResult } from "../contract/laps";
import type { LapAnalysisApi } from "../contract/lapAnalysis";
import type { MathApi } from "../contract/math";
import type { SeriesRequest, SeriesResult } from "../contract/series";
import type { BackendSpan, ReplayRequest, SessionInfo, StorageInfo } from "../contract/sessions";
import type { Snapshot } from "../contract/snapshot";
import type { RangeStatsRequest, RangeStatsResult } from "../contract/stats";
import type { StrategyApi } from "../contract/strategy";
import type { WeatherApi } from "../contract/weather";
import type { NotesApi } from "../contract/notes";
import type { SeasonChunk, SeasonRequest, SeasonStart } from "../contract/season";
import type { TelemetryApi, WorkerEvent, WorkerEventListener } from "../contract/telemetryApi";
import type { TrackRequest, TrackResult } from "../contract/track";
import type { HelperKind, SharedSettings, WindowHello } from "../contract/windows";
import { lapsCsv } from "./laps/lapsCsv";
import { rangeStats } from "./stats/rangeStats";
import { CsvJobs } from "./service/csvJobs";
import { SeasonJobs } from "./season/seasonJobs";
import { EventBatcher } from "./service/EventBatcher";
import { emptySeries, seriesTransferList } from "./service/seriesTransfer";
import type { CoreViewer, TelemetryCoreOptions } from "./service/coreTypes";
import { TelemetryCore } from "./service/TelemetryCore";
import { trackUpTo } from "./service/trackAnswer";
import { WindowFeatures } from "./service/windowFeatures";
import { WindowView } from "./service/windowView";
import type { Feature, ReplayPart } from "./pipeline/Feature";
import type { TelemetryStore } from "./store/TelemetryStore";

/**
 * The calls the registered features add (Feature.api), composed in the
 * constructor: declared here so the class is the whole TelemetryApi.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface TelemetryService
  extends
    AlertsApi,
    MathApi,
    LapAnalysisApi,
    StrategyApi,
    WeatherApi,
    NotesApi,
    Pick<TelemetryApi, "sessionLapSpans"> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class TelemetryService implements TelemetryApi, CoreViewer {
  private readonly core: TelemetryCore;
  private readonly events: EventBatcher;
  private readonly csv: CsvJobs;
  private readonly season: SeasonJobs;
  /** What the window shows: live, or its own replay or import (the one live-or-replay answer). */
  private readonly views: WindowView;
  private readonly features: WindowFeatures;
  protected started = false;

  /** A window on a core of its own (the dedicated worker, tests), or on a shared `core`. */
  constructor(coreOrOptions: TelemetryCore | TelemetryCoreOptions = {}) {
    this.core =
      coreOrOptions instanceof TelemetryCore ? coreOrOptions : new TelemetryCore(coreOrOptions);
    this.events = new EventBatcher(this.core.timers, this.core.options.flushIntervalMs);
    this.csv = new CsvJobs(this.core.layout);
    const core = this.core;
    this.season = new SeasonJobs({
      get sessions() {
        return core.sessions;
      },
      layout: core.layout,
      tables: () => core.features.flatMap((f) => (f.seasonTable ? [f.seasonTable] : [])),
    });
    this.views = new WindowView(this.core, this);
    this.features = new WindowFeatures(this.core, this, this.views);
    // Each registered feature's calls for this window become the window's own.
    for (const api of this.features.apis()) Object.assign(this, api);
  }

  // ── What the core asks of a window (CoreViewer) ──

  get showsLive(): boolean {
    return !this.views.replaying;
  }

  send(event: WorkerEvent): void {
    this.events.push(event);
  }

  lapsChanged(): void {
    this.events.push({ type: "laps", result: this.views.shownLaps() });
  }

  liveChanged(store: TelemetryStore): void {
    this.views.switch.setLive(store);
  }

  replayHistory(): TelemetryStore | null {
    return this.views.replaying ? this.views.replay.history.store : null;
  }

  replayPart(feature: Feature): ReplayPart | null {
    return this.views.made?.partOf(feature) ?? null;
  }

  // ── Shared: the core's settings, sources, recording and finish line, whichever window asks ──

  readonly sharedSettings = (): SharedSettings => this.core.sharedSettings();
  readonly setConnectionType = (type: ConnectionType) => this.core.setConnectionType(type, this);
  readonly setWebSocketUpgrade = (on: boolean) => this.core.setWebSocketUpgrade(on, this);
  readonly setBackendUrl = (url: string) => this.core.setBackendUrl(url, this);
  readonly setDemoRate = (packetsPerSecond: number) => this.core.setDemoRate(packetsPerSecond);
  /** The radio is this window's: the browser ties the serial port to it (its leaving detaches it). */
  readonly attachRadio = (readable: ReadableStream<Uint8Array>) =>
    this.core.attachRadio(readable, this);
  readonly detachRadio = () => this.core.detachRadio();
  readonly listSessions = (): Promise<SessionInfo[]> => this.core.listSessions();
  readonly deleteSession = (id: string) => this.core.deleteSession(id);
  readonly renameSession = (id: string, name: string) => this.core.renameSession(id, name);
  readonly setRecording = (on: boolean) => this.core.setRecording(on, this);
  readonly saveRecording = (): Promise<void> => this.core.saveRecording();
  readonly storageInfo = (): Promise<StorageInfo> => this.core.storageInfo();
  readonly backendSpan = (): Promise<BackendSpan> => this.core.backendSpan();
  readonly setLapCoords = (request: LapCoordsRequest): Promise<LapCoordsAnswer> =>
    this.core.setLapCoords(request);
  /**
   * This window's name, unique among the core's windows: `wanted` (its saved
   * name) if free, else the lowest free "Window N". Free again when it leaves.
   */
  readonly claimWindowName = (wanted: string | null): string =>
    this.core.windowNames.claim(this, wanted);
  /** A port to a helper SharedWorker: only a shared core's host uses them (rosterWindow.ts). */
  helperPort(_kind: HelperKind, _name: string, _port: MessagePort): void {}
  /** The Web Lock a shared core holds for its life; an own core lives as long as its page (null). */
  readonly coreLock = (): Promise<string | null> =>
    this.core.options.lifeLock ?? Promise.resolve(null);
  /** Resolves once the core's last start restored the recorded history (tests, benchmarks). */
  readonly whenRestored = () => this.core.whenRestored();

  // ── The window's own: its events, its view, its playback, its CSV jobs ──

  /**
   * Joins the core; the first window's settings start it (a later one's are
   * the core's). The hello matters to a shared core's host
   * (sharedCore.worker.ts: presence lock, helper ports); an own core needs none.
   */
  start(config: Partial<WorkerConfig>, onEvents: WorkerEventListener, _hello?: WindowHello): void {
    if (this.started) this.stop();
    this.views.dispose();
    this.events.setListener(typeof onEvents === "function" ? onEvents : null);
    this.started = true;
    // A window joining a running core is told every shared setting (the core's
    // join), so it shows the core's, not those its page last saved or read
    // from its address; the first window's start the core.
    this.core.join(this);
    if (!this.core.running) this.core.start(config);
  }

  /** Leaves the core (the last window out stops it). */
  stop(): void {
    this.started = false;
    // An export left running would keep the live history's rows for it.
    this.csv.cancel();
    void this.season.cancel();
    this.views.made?.end();
    this.core.leave(this);
    this.events.flush();
    this.events.cancel();
  }

  /** The window lives (a shared core's host counts the beat); false once it has left. */
  beat(): boolean {
    return this.started;
  }

  readonly fieldCatalog = (): FieldInfo[] => this.core.liveStore.fieldCatalog();

  snapshot(sinceSeq: number): Snapshot {
    const since = typeof sinceSeq === "number" && Number.isFinite(sinceSeq) ? sinceSeq : 0;
    // Playback is this window's: on while its replay is (a session, a range, an import).
    const connection = { ...this.core.connection(), playback: this.views.replaying };
    const shown = this.views.switch.snapshot(since, connection, this.core.backendState());
    return {
      ...shown,
      playback: this.views.replay.state(),
      recording: this.core.recording(),
      windows: this.core.windows(),
      ...this.features.snapshotParts(),
    };
  }

  readonly featureSetting = (id: string): unknown => this.features.featureSetting(id);
  readonly setFeatureSetting = (id: string, value: unknown) =>
    this.features.setFeatureSetting(id, value);

  readonly series = (request: SeriesRequest): SeriesResult => this.seriesBatch([request])[0]!;

  servePlots(port: MessagePort): void {
    Comlink.expose({ seriesBatch: (r: SeriesRequest[]) => this.seriesBatch(r) }, port);
  }

  seriesBatch(requests: SeriesRequest[]): SeriesResult[] {
    const list = Array.isArray(requests) ? requests : [];
    let results: SeriesResult[];
    try {
      results = this.views.switch.seriesBatch(list, this.views.clock());
      this.features.markSeries(list, results);
    } catch {
      results = list.map(emptySeries);
    }
    // Moved, not copied: a small batch in one buffer (see seriesTransfer.ts).
    return Comlink.transfer(results, seriesTransferList(results));
  }

  /**
   * Statistics over the history this window shows (live, or its replay or
   * import up to the playback clock), at full resolution.
   */
  rangeStats(request: RangeStatsRequest): RangeStatsResult {
    return rangeStats(this.views.switch.store.ring, request, this.views.clock());
  }

  // Playback is this window's own (WindowView: the bound on replays, the notices).
  readonly setPlayback = (on: boolean): void => this.views.setPlayback(on);
  readonly startReplay = (request: ReplayRequest): void => this.views.start(request);
  readonly cancelReplay = (): void => this.views.replay.cancel();
  readonly setPlaying = (playing: boolean): void => this.views.replay.setPlaying(playing);
  readonly setSpeed = (speed: number): void => this.views.replay.setSpeed(speed);
  readonly seek = (time: number): Promise<void> => this.views.replay.seek(time);
  readonly step = (direction: 1 | -1): void => this.views.replay.step(direction);

  async refreshLaps(): Promise<LapFetchResult> {
    await this.core.refreshLaps();
    return this.views.shownLaps();
  }

  /** The driven track of the history on screen: live, or the replay up to its clock. */
  track(request: TrackRequest): TrackResult {
    const lapEnds = this.views.shownLaps().laps.map((lap) => lap.endMs / 1000);
    const clock = this.views.clock();
    const track = trackUpTo(this.views.switch.store, lapEnds, request, clock);
    const to = clock === null ? (request?.to ?? null) : Math.min(request?.to ?? clock, clock);
    this.features.markTrack({ from: request?.from ?? null, to }, track);
    return track;
  }

  startCsvExport(request: CsvExportRequest): CsvExportStart {
    return this.csv.startExport(this.views.switch.store, request, this.views.source());
  }

  readonly nextCsvChunk = (): CsvChunk | null => this.csv.nextChunk();
  readonly lapsCsv = (): string => lapsCsv(this.views.shownLaps());

  /** An imported file replays in this window's own history (WindowView). */
  readonly importCsv = (file: Blob, fileName: string): Promise<CsvImportReport> =>
    this.views.importCsv(this.csv, file, fileName);

  readonly csvProgress = (): CsvProgress => this.csv.progress;
  readonly cancelCsv = (): void => this.csv.cancel();

  // ── A season's dataset (season/): pieces pulled by the window, their bytes transferred ──

  readonly startSeasonExport = (request: SeasonRequest): Promise<SeasonStart> =>
    this.season.start(request);
  readonly nextSeasonChunk = async (): Promise<SeasonChunk | null> => {
    const chunk = await this.season.next();
    return chunk && chunk.data.byteLength > 0
      ? Comlink.transfer(chunk, [chunk.data.buffer])
      : chunk;
  };
  readonly cancelSeasonExport = (): Promise<void> => this.season.cancel();
}
