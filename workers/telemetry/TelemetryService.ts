// One window's telemetry API (TelemetryApi), as a plain class so tests run it
// in Node; telemetry.worker.ts exposes one on `self`. What is shared lives in
// the TelemetryCore it joins (sources, live history and ingest, recording,
// laps, backend, links); what the window shows is its own: its event
// listener, its view (live, or its own replay or import, with its playback
// clock) and its CSV jobs. So a replay in one window changes nothing in
// another, and another window is one call: `new TelemetryService(core)`,
// ready for `Comlink.expose(window, port)`.
import * as Comlink from "comlink";
import type { AlertRule, AlertRulesResult, AlertsState, AlertsSummary } from "../contract/alerts";
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
import type { TelemetryApi, WorkerEvent, WorkerEventListener } from "../contract/telemetryApi";
import type { TrackRequest, TrackResult } from "../contract/track";
import type { SharedSettingKind, SharedSettings, WindowHello } from "../contract/windows";
import type { AlertsDesk } from "./alerts/alertsDesk";
import { defaultRules } from "./alerts/defaults";
import { alertsFeature } from "./alerts/feature";
import { alertSubjects } from "./alerts/subjects";
import { lapsCsv } from "./laps/lapsCsv";
import { ReplayController } from "./replay/ReplayController";
import { rangeStats } from "./stats/rangeStats";
import { addAlertSpans, alertPins, type ShownAlerts } from "./service/alertMarks";
import { CsvJobs } from "./service/csvJobs";
import { EventBatcher } from "./service/EventBatcher";
import { emptySeries, seriesTransferList } from "./service/seriesTransfer";
import type { CoreViewer, TelemetryCoreOptions } from "./service/coreTypes";
import { TelemetryCore } from "./service/TelemetryCore";
import { trackUpTo } from "./service/trackAnswer";
import { ViewSwitch } from "./service/viewSwitch";
import { refusedImport, replaysFullMessage } from "./service/replayBound";
import { TelemetryStore } from "./store/TelemetryStore";
import type { Feature, FeatureView, WindowAccess } from "./pipeline/Feature";

export type TelemetryServiceOptions = TelemetryCoreOptions;

/**
 * The calls the registered features add (Feature.api), composed in the
 * constructor: declared here so the class is the whole TelemetryApi.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface TelemetryService
  extends MathApi, LapAnalysisApi, StrategyApi, Pick<TelemetryApi, "sessionLapSpans"> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class TelemetryService implements TelemetryApi, CoreViewer {
  private readonly core: TelemetryCore;
  private readonly events: EventBatcher;
  private readonly csv: CsvJobs;
  private readonly view: ViewSwitch;
  private replayInstance: ReplayController | null = null;
  protected started = false;

  /** A window on a core of its own (the dedicated worker, tests), or on a shared `core`. */
  constructor(coreOrOptions: TelemetryCore | TelemetryServiceOptions = {}) {
    this.core =
      coreOrOptions instanceof TelemetryCore ? coreOrOptions : new TelemetryCore(coreOrOptions);
    this.view = new ViewSwitch(new TelemetryStore({ capacity: 1, layout: this.core.layout }));
    this.events = new EventBatcher(this.core.timers, this.core.options.flushIntervalMs);
    this.csv = new CsvJobs(this.core.layout);
    // Each registered feature's calls for this window become the window's own.
    for (const feature of this.core.features)
      if (feature.api)
        Object.assign(this, feature.api(this.core.part(feature), this.access(feature)));
  }

  // ── What the core asks of a window (CoreViewer) ──

  get showsLive(): boolean {
    return !(this.replayInstance?.on ?? false);
  }

  send(event: WorkerEvent): void {
    if (event.type === "sharedSettings") this.sharedSettingsChanged(event.kinds);
    this.events.push(event);
  }

  lapsChanged(): void {
    this.events.push({ type: "laps", result: this.shownLaps() });
  }

  liveChanged(store: TelemetryStore): void {
    this.view.setLive(store);
  }

  replayHistory(): TelemetryStore | null {
    return this.replaying ? this.replay.history.store : null;
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
  readonly storageInfo = (): Promise<StorageInfo> => this.core.storageInfo();
  readonly backendSpan = (): Promise<BackendSpan> => this.core.backendSpan();
  readonly setLapCoords = (request: LapCoordsRequest): Promise<LapCoordsAnswer> =>
    this.core.setLapCoords(request);
  // The rules in force and the mutes are the core's; the alerts read are the
  // shown history's: live, or this window's replay's (workers/contract/alerts.ts).
  readonly alerts = (): AlertsState =>
    this.replaying ? this.replay.alerts.read(this.replay.clock.position) : this.liveAlerts.read();
  readonly alertLogCsv = (): string =>
    this.replaying ? this.replay.alerts.csv(this.replay.clock.position) : this.liveAlerts.csv();
  readonly muteAlertRule = (ruleId: string, minutes: number) =>
    this.liveAlerts.mute(ruleId, minutes);
  readonly mutedAlertRules = (): Record<string, number> => this.liveAlerts.muted();
  readonly alertRules = (): AlertRule[] => this.liveAlerts.currentRules();
  readonly setAlertRules = (file: unknown): AlertRulesResult => {
    const result = this.core.setFeatureSetting(
      alertsFeature,
      this,
      () => this.liveAlerts.currentRules(),
      () => this.liveAlerts.setRules(file),
    );
    // This window's replay, if it shows the rules evaluated, evaluates the new ones.
    if (result.ok && this.replaying) this.replay.alerts.rulesChanged();
    return result;
  };
  readonly checkAlertRules = (file: unknown): AlertRulesResult => this.liveAlerts.check(file);
  readonly alertSubjects = (): FieldInfo[] =>
    alertSubjects(this.core.liveStore.fieldCatalog(), this.core.layout);
  readonly defaultAlertRules = (): AlertRule[] => defaultRules();
  /** Acknowledges in the shown history's log (a replay's is its own, and not recorded). */
  readonly acknowledgeAlerts = (seqs?: number[]) =>
    this.replaying ? this.replay.alerts.acknowledge(seqs) : this.liveAlerts.acknowledge(seqs);
  /**
   * This window's name, unique among the core's windows: `wanted` (its saved
   * name) if free, else the lowest free "Window N". Free again when it leaves.
   */
  readonly claimWindowName = (wanted: string | null): string =>
    this.core.windowNames.claim(this, wanted);
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
    this.replayInstance?.end();
    this.replayInstance = null;
    this.events.setListener(typeof onEvents === "function" ? onEvents : null);
    this.started = true;
    this.core.join(this);
    if (!this.core.running) this.core.start(config);
    // A window joining a running core shows the core's settings, not those
    // its page last saved or read from its address (the first window's apply).
    else this.send({ type: "sharedSettings", kinds: ["source", "backend", "recording"] });
  }

  /** Another window changed shared settings: what this window computes follows them. */
  private sharedSettingsChanged(kinds: readonly SharedSettingKind[]): void {
    // This window's replay, if it shows the rules evaluated, evaluates the new ones.
    if (kinds.includes("alertRules") && this.replaying) this.replay.alerts.rulesChanged();
  }

  /** Leaves the core (the last window out stops it). */
  stop(): void {
    this.started = false;
    this.replayInstance?.end();
    this.core.leave(this);
    this.events.flush();
    this.events.cancel();
  }

  /** The window lives (a shared core's host counts the beat); false once it has left. */
  beat(): boolean {
    return this.started;
  }

  fieldCatalog(): FieldInfo[] {
    return this.core.liveStore.fieldCatalog();
  }

  snapshot(sinceSeq: number): Snapshot {
    const since = typeof sinceSeq === "number" && Number.isFinite(sinceSeq) ? sinceSeq : 0;
    // Playback is this window's: on while its replay is (a session, a range, an import).
    const connection = { ...this.core.connection(), playback: !this.showsLive };
    const shown = this.view.snapshot(since, connection, this.core.backendState());
    return {
      ...shown,
      playback: this.replay.state(),
      recording: this.core.recording(),
      alerts: this.alertsSummary(),
      windows: this.core.windows(),
      ...this.featureParts(),
    };
  }

  /**
   * The registered features' parts of the snapshot, for the view this window
   * shows: in the field the contract names for it, or under `features`.
   */
  private featureParts(): Pick<Snapshot, "math" | "strategy" | "features"> {
    const named: Partial<Snapshot> = {};
    const own: Record<string, unknown> = {};
    for (const feature of this.core.features) {
      if (!feature.snapshot) continue;
      const part = feature.snapshot(this.core.part(feature), this.shownView());
      if (feature.snapshotField) Object.assign(named, { [feature.snapshotField]: part });
      else own[feature.id] = part;
    }
    const features = Object.keys(own).length > 0 ? { features: own } : {};
    return { ...(named as Pick<Snapshot, "math" | "strategy">), ...features };
  }

  /** The view this window shows, as a feature reads it. */
  private shownView(): FeatureView {
    const clock = this.replaying ? this.replay.clock.position : null;
    const recorded = this.replaying ? this.replay.recorded : null;
    return { store: this.view.store, live: !this.replaying, clock, recorded };
  }

  /** What `feature`'s calls are given of this window (Feature.api). */
  private access(feature: Feature): WindowAccess {
    return {
      view: () => this.shownView(),
      shownLaps: () => this.shownLaps(),
      showsSimulated: () => this.showsSimulated(),
      finishLine: () => this.core.finishLine,
      sessions: () => this.core.sessions,
      drivers: () => this.core.liveLaps().drivers,
      capacity: () => this.core.config.historyCapacity,
      changeSetting: (read, apply) => this.core.setFeatureSetting(feature, this, read, apply),
    };
  }

  readonly featureSetting = (id: string): unknown => {
    const feature = this.core.features.find((f) => f.id === id);
    return feature?.shared?.read(this.core.part(feature));
  };

  readonly setFeatureSetting = (
    id: string,
    value: unknown,
  ): { ok: true } | { ok: false; message: string } => {
    const feature = this.core.features.find((f) => f.id === id && f.shared);
    if (!feature) return { ok: false, message: `No analysis "${String(id)}" has a setting.` };
    const part = this.core.part(feature);
    const read = () => feature.shared!.read(part);
    return this.core.setFeatureSetting(feature, this, read, () => feature.shared!.set(part, value));
  };

  /**
   * The shown history's alerts in brief. The version adds the live log's and
   * the replay's (each only rises, and the replay's moves at every switch),
   * so it moves whenever what the window shows may have changed.
   */
  private alertsSummary(): AlertsSummary {
    const live = this.liveAlerts.summary();
    if (!this.replayInstance) return live;
    const alerts = this.replayInstance.alerts;
    const replay = alerts.summary(this.replayInstance.clock.position);
    const version = live.version + replay.version;
    return this.replaying ? { ...replay, version } : { ...live, version };
  }

  series(request: SeriesRequest): SeriesResult {
    return this.seriesBatch([request])[0]!;
  }

  servePlots(port: MessagePort): void {
    Comlink.expose({ seriesBatch: (r: SeriesRequest[]) => this.seriesBatch(r) }, port);
  }

  seriesBatch(requests: SeriesRequest[]): SeriesResult[] {
    const list = Array.isArray(requests) ? requests : [];
    const clock = this.replay.on ? this.replay.clock.position : null;
    let results: SeriesResult[];
    try {
      results = this.view.seriesBatch(list, clock);
      addAlertSpans(list, results, this.shownAlerts(), clock);
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
    const clock = this.view.view === "replay" ? this.replay.clock.position : null;
    return rangeStats(this.view.store.ring, request, clock);
  }

  /**
   * In a replay: its recorded alerts, or the current rules evaluated over it
   * (resolves once shown). Live, or an unknown origin: nothing changes.
   */
  async setReplayAlerts(origin: "recorded" | "evaluated"): Promise<void> {
    if (!this.replaying || (origin !== "recorded" && origin !== "evaluated")) return;
    await this.replay.alerts.show(origin);
  }

  /** SPEC §4: playback on shows the default packet until a replay loads; off is live again. */
  setPlayback(on: boolean): void {
    if (on === true && this.replayRefused()) return;
    if (on === true) this.replay.begin();
    else if (on === false) this.replay.end();
  }

  startReplay(request: ReplayRequest): void {
    if (this.replayRefused()) return;
    void this.replay.start(request).then((ok) => {
      const error = this.replay.history.error;
      if (error === null) return;
      const level = ok ? "warning" : "error";
      const message = ok ? `Replay incomplete: ${error}` : error;
      this.send({ type: "sessionNotice", level, message });
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

  async refreshLaps(): Promise<LapFetchResult> {
    await this.core.refreshLaps();
    return this.shownLaps();
  }

  /** The driven track of the history on screen: live, or the replay up to its clock. */
  track(request: TrackRequest): TrackResult {
    const lapEnds = this.shownLaps().laps.map((lap) => lap.endMs / 1000);
    const clock = this.view.view === "replay" ? this.replay.clock.position : null;
    const track = trackUpTo(this.view.store, lapEnds, request, clock);
    const to = clock === null ? (request?.to ?? null) : Math.min(request?.to ?? clock, clock);
    track.alertPins = alertPins(
      this.view.store.ring,
      this.shownAlerts(),
      request?.from ?? null,
      to,
    );
    return track;
  }

  /** The alerts of the history this window shows (live, or its replay's own), for bands and pins. */
  private shownAlerts(): ShownAlerts {
    return this.replaying ? this.replay.alerts : this.liveAlerts;
  }

  startCsvExport(request: CsvExportRequest): CsvExportStart {
    const origin = this.view.view === "replay" ? this.replay.history.origin : null;
    const source =
      origin === null ? this.core.connectionType : origin.kind === "import" ? "imported" : "replay";
    return this.csv.startExport(this.view.store, request, source);
  }

  nextCsvChunk(): CsvChunk | null {
    return this.csv.nextChunk();
  }

  lapsCsv(): string {
    return lapsCsv(this.shownLaps());
  }

  async importCsv(file: Blob, fileName: string): Promise<CsvImportReport> {
    // An import replays in its own history: refused before anything is read.
    if (!this.core.mayReplay(this))
      return refusedImport(typeof fileName === "string" ? fileName : "");
    const { report, store } = await this.csv.importFile(file, fileName);
    if (store) {
      // An imported file replays like a recorded session (PLAYBACK, transport bar).
      this.replay.adopt({ kind: "import", name: report.fileName }, store);
      // ...and is kept as a session, so it is listed and replays after a reload.
      void this.core.sessions?.saveImport(store, report.fileName);
    }
    return report;
  }

  csvProgress(): CsvProgress {
    return this.csv.progress;
  }

  cancelCsv(): void {
    this.csv.cancel();
  }

  /**
   * Each replay holds its own history (about 47 MB): at most MAX_REPLAYS
   * windows replay at once. A refused window is told why; nothing changes.
   */
  private replayRefused(): boolean {
    if (this.core.mayReplay(this)) return false;
    this.send({ type: "sessionNotice", level: "error", message: replaysFullMessage() });
    return true;
  }

  // The registered features' parts in the core this window joined.
  private get liveAlerts(): AlertsDesk {
    return this.core.part(alertsFeature);
  }

  private get replay(): ReplayController {
    this.replayInstance ??= new ReplayController({
      view: this.view,
      sessions: () => this.core.sessions,
      layout: this.core.layout,
      replayKinds: this.core.features.flatMap((feature) => feature.replays ?? []),
      timers: this.core.timers,
      fetchImpl: this.core.fetchImpl,
      backendUrl: () => this.core.config.backendUrl,
      capacity: this.core.config.historyCapacity,
      onLaps: () => this.lapsChanged(),
      rules: () => this.liveAlerts.currentRules(),
    });
    return this.replayInstance;
  }

  /**
   * Whether the history on screen is the demo car's, the one rule for its
   * laps and its forecasts: live, while the source is DEMO; in a replay, a
   * session recorded from DEMO. A backend range or an imported file is not
   * known to be simulated.
   */
  private showsSimulated(): boolean {
    if (this.showsLive) return this.core.connectionType === "DEMO";
    const origin = this.replay.history.origin;
    return origin?.kind === "session" && origin.source === "DEMO";
  }

  /** Playback on: what the window shows is its replay, alerts included. */
  private get replaying(): boolean {
    return this.replayInstance?.on ?? false;
  }

  /** The lap table of the history on screen: live, or the replay's own laps. */
  private shownLaps(): LapFetchResult {
    const live = this.core.liveLaps();
    if (!this.replayInstance?.on) return live;
    const laps = this.replayInstance.laps.map((lap) => ({ ...lap }));
    return { ...live, laps, message: "OK", error: false };
  }
}
