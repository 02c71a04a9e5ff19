// What every window shares (DESIGN "Several windows, one core"): the sources,
// the live history and its ingest, the recording, the laps, the backend, the
// links, the features' parts and the shared settings, each in a file of its
// own here. A window (TelemetryService) joins it; a packet is stored once.
import type { WorkerConfig } from "../../contract/config";
import type { BackendState, ConnectionState } from "../../contract/connection";
import type { ConnectionType } from "../../contract/fields";
import type { LapCoords, LapCoordsRequest } from "../../contract/laps";
import type { BackendSpan, RecordingState } from "../../contract/sessions";
import type { SharedSettings, WindowsState } from "../../contract/windows";
import type { WorkerEvent } from "../../contract/telemetryApi";
import { FEATURES } from "../features";
import { LapDesk } from "../laps/LapDesk";
import type { ColumnLayout } from "../pipeline/columnLayout";
import type { Feature, LivePart } from "../pipeline/Feature";
import type { Stage } from "../pipeline/Stage";
import { fetchBackendSpan } from "../replay/backendPlayback";
import type { Sessions } from "../sessions/Sessions";
import type { SourceSwitch } from "../sources/SourceSwitch";
import { realTimers, type Timers } from "../sources/timers";
import { TelemetryStore } from "../store/TelemetryStore";
import { BackendInfo } from "./backendInfo";
import { CoreSettings } from "./coreSettings";
import type { CoreViewer, TelemetryCoreOptions } from "./coreTypes";
import { CoreWindows } from "./coreWindows";
import { FeatureParts, type CoreContext } from "./featureParts";
import { LiveIngest } from "./liveIngest";
import { LiveLinks } from "./liveLinks";
import { CoreRecording } from "./recording";
import { SharedSettingDesk, taken } from "./sharedSettingDesk";
import { WindowNames } from "./windowNames";

export class TelemetryCore {
  readonly timers: Timers;
  readonly fetchImpl: typeof fetch | undefined;
  private readonly settings: CoreSettings;
  private readonly links: LiveLinks;
  private readonly backend = new BackendInfo();
  private readonly viewers = new CoreWindows();
  /** The windows' names ("Window 1", …), unique among the windows on this core. */
  readonly windowNames = new WindowNames<CoreViewer>();
  private readonly recorder: CoreRecording;
  private readonly laps: LapDesk;
  /** The registered analyses (features.ts) and each one's part in this core. */
  private readonly parts: FeatureParts;
  private readonly ingest: LiveIngest;
  /** Every shared setting changes through it, the finish line included. */
  private readonly shared: SharedSettingDesk;

  constructor(readonly options: TelemetryCoreOptions = {}) {
    this.timers = options.timers ?? realTimers;
    this.fetchImpl = options.fetchImpl;
    this.links = new LiveLinks(() => this.timers.now());
    this.parts = new FeatureParts(options.features ?? FEATURES, this.featureContext());
    this.shared = new SharedSettingDesk(
      () => this.viewers,
      () => ["source", "backend", "recording", ...this.parts.settingKinds, "finishLine"],
    );
    this.settings = new CoreSettings({
      shared: this.shared,
      sources: () => this.sources,
      connectionType: () => this.connectionType,
      backendMoved: () => {
        this.backend.reset();
        if (this.running && this.sources.wantsBackend) void this.laps.refresh();
      },
      recordingSet: () => this.recorder.enable(),
    });
    this.laps = new LapDesk({
      fetchImpl: this.fetchImpl,
      backendUrl: () => this.settings.value.backendUrl,
      backend: this.backend,
      sources: () => this.sources,
      sessions: () => this.recorder.sessions,
      reject: (source, reason) => this.store.rejectEvent(source, reason),
      lapsChanged: () => {
        for (const viewer of this.viewers) viewer.lapsChanged();
      },
      lineMoved: (coords) => this.shared.moveLine(coords),
    });
    const { links, parts: features, laps, backend, timers, viewers: windows } = this;
    const sessions = () => this.recorder.sessions;
    this.ingest = new LiveIngest({ links, features, laps, backend, timers, windows, sessions });
    this.ingest.renewSources(this.settings.value, this.options.demoSeed ?? 1); // idle until start()
    this.recorder = new CoreRecording({
      options,
      timers: this.timers,
      features: this.parts,
      settings: () => this.settings.value,
      notice: (level, message) => this.viewers.broadcast({ type: "sessionNotice", level, message }),
      liveStore: () => this.store,
      showPreview: (preview) => this.ingest.showPreview(preview),
      connectionType: () => this.connectionType,
      running: () => this.running,
      restoreLaps: (laps) => this.laps.restore(laps),
      resumeDemo: (row) => this.sources.demo.resume(row),
    });
  }

  get config(): WorkerConfig {
    return this.settings.value;
  }

  get running(): boolean {
    return this.sources.running;
  }

  get liveStore(): TelemetryStore {
    return this.store;
  }

  get sessions(): Sessions | null {
    return this.recorder.sessions;
  }

  get connectionType(): ConnectionType {
    return this.links.state.connectionType;
  }

  get features(): readonly Feature[] {
    return this.parts.features;
  }

  /** Every registered stage, in the registry's order (features.ts). */
  get stages(): readonly Stage[] {
    return this.parts.stages;
  }

  /** The columns of every history of this core (its features' stages'). */
  get layout(): ColumnLayout {
    return this.parts.layout;
  }

  /** A registered feature's part in this core, typed as the feature declares it. */
  part<Part extends LivePart>(feature: Feature<Part>): Part {
    return this.parts.part(feature);
  }

  private get store(): TelemetryStore {
    return this.ingest.store;
  }

  private get sources(): SourceSwitch {
    return this.ingest.sources;
  }

  /**
   * A window joins: it shows the live history and gets every shared happening.
   * Joining a running core, it shows the core's shared settings, not its page's.
   */
  join(viewer: CoreViewer): void {
    this.viewers.add(viewer);
    viewer.liveChanged(this.ingest.shown);
    if (this.running) this.shared.joined(viewer);
  }

  /** A window leaves; the last one out stops the core (and its radio goes with it). */
  leave(viewer: CoreViewer): void {
    this.windowNames.release(viewer); // claimed before joining, or after
    if (!this.viewers.has(viewer)) return;
    if (this.viewers.count === 1) this.stop();
    this.viewers.remove(viewer, () => this.sources.radio.detach());
  }

  /** Tells every window (a shared core's host: which helper SharedWorker it uses). */
  broadcast(event: WorkerEvent): void {
    this.viewers.broadcast(event);
  }

  /** Where the core runs, how many windows it serves and who records. */
  windows(): WindowsState {
    return this.viewers.state(this.options.hosting ?? "own", this.recorder.held);
  }

  /** Whether `viewer` may start a replay (at most MAX_REPLAYS windows replay at once). */
  mayReplay(viewer: CoreViewer): boolean {
    return this.viewers.mayReplay(viewer);
  }

  /** Own cores side by side (no SharedWorker): only the recorder lock's holder records. */
  setRecorderHeld(held: boolean): void {
    this.recorder.setHeld(held);
  }

  start(config: Partial<WorkerConfig>): void {
    if (this.running) this.stop();
    this.settings.start(config);
    this.ingest.renew(this.settings.value.historyCapacity);
    this.recorder.start();
    this.ingest.renewSources(this.settings.value, this.options.demoSeed ?? 1);
    // After a core stopped, the car waits to hear whether it goes on as the
    // restored DEMO session's (Sessions.carGoesOn); otherwise it drives at once.
    if (this.recorder.restores && this.settings.value.restartsCore)
      this.sources.demo.holdForResume();
    // The source it starts in is the settings' (the links still hold the last
    // one until start): a saved NETWORK or RADIO choice is not the demo car.
    for (const part of this.parts.all)
      part.sourceIs?.(this.settings.value.connectionType === "DEMO");
    this.sources.start();
    this.ingest.watchLinks();
    if (this.sources.wantsBackend) void this.laps.refresh();
  }

  stop(): void {
    const wasRunning = this.running;
    this.sources.stop();
    this.ingest.unwatchLinks();
    for (const part of this.parts.all) part.stop?.();
    if (wasRunning) this.recorder.stop();
  }

  /** The links as of now (each window adds whether it plays back). */
  connection(): ConnectionState {
    return { ...this.links.read(), demoDay: this.sources.demo.dayProgress };
  }

  readonly backendState = (): BackendState => this.backend.snapshot();
  readonly recording = (): RecordingState => this.recorder.state();

  // ── Settings shared by every window: each changes through `shared` (sharedSettingDesk.ts) ──

  /** The plain shared settings, as a window reads them again after a "sharedSettings" event. */
  sharedSettings(): SharedSettings {
    return { ...this.settings.plain(), ...this.parts.sharedSettings() }; // the features' own too
  }

  // The core's own (coreSettings.ts): `from`, the window that set it, is not told.
  readonly setConnectionType = (type: ConnectionType, from?: CoreViewer) =>
    this.settings.setConnectionType(type, from);
  readonly setWebSocketUpgrade = (on: boolean, from?: CoreViewer) =>
    this.settings.setWebSocketUpgrade(on, from);
  readonly setBackendUrl = (url: string, from?: CoreViewer) =>
    this.settings.setBackendUrl(url, from);
  readonly setRecording = (on: boolean, from?: CoreViewer) => this.settings.setRecording(on, from);
  readonly setDemoRate = (packetsPerSecond: number) => this.settings.setDemoRate(packetsPerSecond);

  /** A feature's shared setting (`apply` sets it): once taken, every history takes it. */
  setFeatureSetting<R>(
    feature: Feature,
    from: CoreViewer | undefined,
    read: () => unknown,
    apply: () => R,
  ): R {
    if (!feature.setting) return apply();
    let moved = false;
    const kind = feature.setting.kind;
    const result = this.shared.change(kind, from, read, apply, () => (moved = true));
    if (taken(result)) this.parts.settingTaken(feature, this.ingest, this.viewers, from, moved);
    return result;
  }

  /** The finish line in force (null: none yet); a late window reads it here. */
  get finishLine(): LapCoords | null {
    return this.shared.line;
  }

  /** `owner`: the window whose serial port this is (its leaving takes the radio away). */
  attachRadio(readable: ReadableStream<Uint8Array>, owner: CoreViewer | null = null): void {
    if (!readable || typeof readable.getReader !== "function") return;
    this.viewers.radioOwner = owner;
    this.sources.attachRadio(readable);
  }

  detachRadio(): void {
    this.viewers.radioOwner = null;
    this.sources.radio.detach();
  }

  // The lap desk's: the live lap table, and the finish line (it moves through `shared`).
  readonly refreshLaps = () => this.laps.refresh();
  readonly liveLaps = () => this.laps.live();
  readonly setLapCoords = (request: LapCoordsRequest) => this.laps.setLapCoords(request);

  // The recording's (recording.ts).
  readonly listSessions = () => this.recorder.list();
  readonly deleteSession = (id: string) => this.recorder.delete(id);
  readonly renameSession = (id: string, name: string) => this.recorder.rename(id, name);
  /** Used / available bytes and the budget; nothing known without storage. */
  readonly storageInfo = () => this.recorder.storageInfo();
  /** Writes the packets and events not stored yet, and resolves once they are. */
  readonly saveRecording = (): Promise<void> =>
    this.recorder.sessions?.flush(this.connectionType) ?? Promise.resolve();

  /** Resolves once the last start's restore finished (tests, benchmarks). */
  readonly whenRestored = () => this.recorder.whenRestored();

  readonly backendSpan = (): Promise<BackendSpan> =>
    fetchBackendSpan(this.settings.value.backendUrl, this.fetchImpl);

  /** What the features' parts are given of this core (made once, before the parts). */
  private featureContext(): CoreContext {
    return {
      now: () => this.timers.now(),
      // A feature's events are recorded with the session, as its laps are.
      record: (event, atOnce) => {
        this.recorder.sessions?.recordEvents([event]);
        if (atOnce) void this.recorder.sessions?.flush(this.connectionType);
      },
      windows: () => this.viewers,
      watchedFields: () => this.parts.watchedFields(),
      later: (run, ms) => {
        const handle = this.timers.setTimeout(run, ms);
        return () => this.timers.clearTimeout(handle);
      },
    };
  }
}
