// The telemetry core, what every window shares (DESIGN "Several windows, one
// core"): the sources and which one is live, the live history and its ingest,
// the recording, the lap desk, the backend and the links. A window
// (TelemetryService) joins it to hear what happens; what it shows (live or its
// own replay) is its own. Nothing runs per window: a packet is stored once.
import type { WorkerConfig } from "../../contract/config";
import type { BackendState, ConnectionState } from "../../contract/connection";
import type { ConnectionType } from "../../contract/fields";
import type {
  LapCoords,
  LapCoordsAnswer,
  LapCoordsRequest,
  LapFetchResult,
} from "../../contract/laps";
import type {
  BackendSpan,
  RecordingState,
  SessionInfo,
  StorageInfo,
} from "../../contract/sessions";
import type { NotificationKind, WorkerEvent } from "../../contract/telemetryApi";
import {
  MAX_REPLAYS,
  type SharedSettingKind,
  type SharedSettings,
  type WindowsState,
} from "../../contract/windows";
import { canonical } from "./sameSetting";
import { LapDesk } from "../laps/LapDesk";
import { parseRaceInfo } from "../race/raceInfo";
import { fetchBackendSpan } from "../replay/backendPlayback";
import type { Sessions } from "../sessions/Sessions";
import type { SourceSink } from "../sources/SourceSink";
import { SourceSwitch } from "../sources/SourceSwitch";
import { realTimers, type Timers } from "../sources/timers";
import { TelemetryStore } from "../store/TelemetryStore";
import { BackendInfo } from "./backendInfo";
import { DEFAULT_CONFIG, idleRecording, isConnectionType, resolveConfig } from "./config";
import type { CoreViewer, TelemetryCoreOptions } from "./coreTypes";
import { checkLatency, type LatencyKind } from "./latency";
import { LiveLinks } from "./liveLinks";
import { openSessions } from "./recording";
import { FEATURES, layoutOf } from "../features";
import type { ColumnLayout } from "../pipeline/columnLayout";
import type { Feature, LiveContext, LivePart } from "../pipeline/Feature";
import type { Stage, StageEvent } from "../pipeline/Stage";
import { WindowNames } from "./windowNames";
import { NOT_RECORDER_TEXT, RADIO_WINDOW_GONE_TEXT } from "./windowTexts";

const LINK_CHECK_MS = 1000;

export class TelemetryCore {
  readonly timers: Timers;
  readonly fetchImpl: typeof fetch | undefined;
  private settings: WorkerConfig = DEFAULT_CONFIG;
  /** The columns of every history of this core: its features' stages' (features.ts). */
  readonly layout: ColumnLayout;
  private store: TelemetryStore;
  /** The restored day's 1-second summary, shown as live while its rows are read (dayRestore.ts). */
  private preview: TelemetryStore | null = null;
  private readonly links: LiveLinks;
  private readonly backend = new BackendInfo();
  private readonly viewers = new Set<CoreViewer>();
  /** The windows' names ("Window 1", …), unique among the windows on this core. */
  readonly windowNames = new WindowNames<CoreViewer>();
  private sources: SourceSwitch;
  private sessionStore: Sessions | null = null;
  private readonly laps: LapDesk;
  /** The registered analyses (features.ts), and each one's part in this core. */
  readonly features: readonly Feature[];
  private readonly parts: LivePart[];
  /** The live history's stage events, by kind, to the part whose stages emit them. */
  private readonly sinks = new Map<string, (event: StageEvent) => void>();
  /** Checks the links' rules every second: "no packets for 5 s" needs no packet to be noticed. */
  private linkTimer: unknown = null;
  /**
   * The finish line in force: the saved one the first window started with,
   * then each one the backend (or the demo) confirms. Kept here, not only
   * broadcast, so a window that joins later cuts laps with it too.
   */
  private line: LapCoords | null = null;
  /** The window that attached the radio: the browser ties the serial port to it. */
  private radioOwner: CoreViewer | null = null;
  /** An own core records only while its window holds the recorder lock (options.awaitsRecorder). */
  private recorderHeld: boolean;

  constructor(readonly options: TelemetryCoreOptions = {}) {
    this.timers = options.timers ?? realTimers;
    this.recorderHeld = !options.awaitsRecorder;
    this.fetchImpl = options.fetchImpl;
    this.links = new LiveLinks(() => this.timers.now());
    this.features = options.features ?? FEATURES;
    this.layout = layoutOf(this.features);
    this.store = new TelemetryStore({ capacity: 1, layout: this.layout });
    this.parts = this.features.map((feature) => feature.live(this.featureContext));
    this.features.forEach((feature, f) => {
      const sink = this.parts[f]!.sink?.bind(this.parts[f]);
      if (sink) for (const kind of feature.emits ?? []) this.sinks.set(kind, sink);
    });
    this.sources = this.newSources(); // idle until start()
    this.laps = new LapDesk({
      fetchImpl: this.fetchImpl,
      backendUrl: () => this.settings.backendUrl,
      backend: this.backend,
      sources: () => this.sources,
      sessions: () => this.sessionStore,
      reject: (source, reason) => this.store.rejectEvent(source, reason),
      lapsChanged: () => this.viewers.forEach((viewer) => viewer.lapsChanged()),
      lineMoved: (coords) => {
        this.line = coords;
        this.broadcast({ type: "lapCoords", coords });
      },
    });
  }

  get config(): WorkerConfig {
    return this.settings;
  }

  get running(): boolean {
    return this.sources.running;
  }

  get liveStore(): TelemetryStore {
    return this.store;
  }

  get sessions(): Sessions | null {
    return this.sessionStore;
  }

  get connectionType(): ConnectionType {
    return this.links.state.connectionType;
  }

  /** A window joins: it shows the live history and gets every shared happening. */
  join(viewer: CoreViewer): void {
    this.viewers.add(viewer);
    viewer.liveChanged(this.preview ?? this.store);
  }

  /** A window leaves; the last one out stops the core. */
  leave(viewer: CoreViewer): void {
    this.windowNames.release(viewer); // claimed before joining, or after
    if (!this.viewers.has(viewer)) return;
    if (this.viewers.size === 1) this.stop();
    this.viewers.delete(viewer);
    if (this.radioOwner !== viewer) return;
    // The serial port went with its window: no other window can read it.
    this.radioOwner = null;
    if (this.viewers.size === 0) return;
    this.sources.radio.detach();
    this.broadcast({ type: "sessionNotice", level: "warning", message: RADIO_WINDOW_GONE_TEXT });
  }

  /** Where the core runs, how many windows it serves and who records. */
  windows(): WindowsState {
    const hosting = this.options.hosting ?? "own";
    let recorder: WindowsState["recorder"] = "core";
    if (hosting === "own") recorder = this.recorderHeld ? "this window" : "another window";
    return { hosting, count: this.viewers.size, recorder };
  }

  /**
   * An own core beside other windows' (no SharedWorker): only the one whose
   * window holds the recorder lock records, so two never write one session.
   */
  setRecorderHeld(held: boolean): void {
    if (held === this.recorderHeld) return;
    this.recorderHeld = held;
    this.sessionStore?.setEnabled(this.settings.recording && held);
  }

  start(config: Partial<WorkerConfig>): void {
    if (this.running) this.stop();
    this.settings = resolveConfig(config);
    this.line = this.settings.lapCoords;
    this.showLive(this.newLiveStore());
    this.sessionStore?.stop();
    const sessions = openSessions(
      this.options,
      this.timers,
      (level, message) => this.broadcast({ type: "sessionNotice", level, message }),
      (time) => this.parts.flatMap((part) => part.startEvents?.(time) ?? []),
    );
    this.sessionStore = sessions;
    const restoredInto = this.store;
    void sessions.start(
      this.store,
      {
        recording: this.settings.recording && this.recorderHeld,
        budgetBytes: this.settings.sessionBudgetBytes,
        backendUrl: () => this.settings.backendUrl,
        // A demo on its own clock starts a fresh day: the last recording's
        // times would run into (or past) the new simulated car's.
        restore: this.settings.demoClockOffsetMs === 0,
        // Only while the history it restores into is still the live one.
        showPreview: (preview) => {
          if (this.sessionStore !== sessions || this.store !== restoredInto) return;
          this.preview = preview;
          for (const viewer of this.viewers) viewer.liveChanged(preview ?? this.store);
        },
        // The features' recorded events come back with the rows (same condition).
        restoredEvents: {
          kinds: this.features.flatMap((feature) => feature.restores ?? []),
          restore: (events) => {
            if (this.sessionStore !== sessions || this.store !== restoredInto) return;
            this.features.forEach((feature, f) => {
              const kinds = new Set(feature.restores ?? []);
              if (kinds.size === 0) return;
              this.parts[f]!.restore?.(events.filter((event) => kinds.has(event.kind)));
            });
          },
        },
      },
      () => this.connectionType,
    );
    void this.restoreLaps(this.sessionStore);
    this.sources = this.newSources();
    // The source it starts in is the settings' (the links still hold the last
    // one until start): a saved NETWORK or RADIO choice is not the demo car.
    for (const part of this.parts) part.sourceIs?.(this.settings.connectionType === "DEMO");
    this.sources.start();
    if (this.linkTimer === null)
      this.linkTimer = this.timers.setInterval(() => this.checkLinks(), LINK_CHECK_MS);
    if (this.sources.wantsBackend) void this.laps.refresh();
  }

  stop(): void {
    const wasRunning = this.running;
    this.sources.stop();
    if (this.linkTimer !== null) this.timers.clearInterval(this.linkTimer);
    this.linkTimer = null;
    for (const part of this.parts) part.stop?.();
    if (!wasRunning) return;
    void this.sessionStore?.flush(this.connectionType);
    this.sessionStore?.stop();
  }

  /** The links as of now (each window adds whether it plays back). */
  connection(): ConnectionState {
    return { ...this.links.read(), demoDay: this.sources.demo.dayProgress };
  }

  backendState(): BackendState {
    return this.backend.snapshot();
  }

  recording(): RecordingState {
    const state = this.sessionStore?.state() ?? idleRecording(this.settings.recording);
    if (this.recorderHeld) return state;
    // Another window's core records: the switch stays the user's, the reason is said.
    return {
      ...state,
      enabled: this.settings.recording,
      available: false,
      problem: NOT_RECORDER_TEXT,
    };
  }

  // ── Settings shared by every window: a change by one (`from`) is told to the others ──

  /** The plain shared settings, as a window reads them again after a "sharedSettings" event. */
  sharedSettings(): SharedSettings {
    const { backendUrl, recording, webSocketUpgrade } = this.settings;
    const plain = {
      connectionType: this.connectionType,
      backendUrl,
      recording,
      webSocketUpgrade,
      sectorLines: [],
    };
    // The features' own (the laps' sector lines).
    return Object.assign(plain, ...this.parts.map((part) => part.sharedSettings?.() ?? {}));
  }

  setConnectionType(type: ConnectionType, from?: CoreViewer): void {
    if (!isConnectionType(type)) return;
    this.changeShared(
      "source",
      from,
      () => this.connectionType,
      () => this.sources.choose(type),
    );
  }

  setWebSocketUpgrade(on: boolean, from?: CoreViewer): void {
    if (typeof on !== "boolean" || on === this.settings.webSocketUpgrade) return;
    this.changeShared(
      "backend",
      from,
      () => this.settings.webSocketUpgrade,
      () => {
        this.settings = { ...this.settings, webSocketUpgrade: on };
        this.sources.network.setUpgrade(on);
      },
    );
  }

  setBackendUrl(url: string, from?: CoreViewer): void {
    if (typeof url !== "string" || url.trim() === "" || url.trim() === this.settings.backendUrl)
      return;
    this.changeShared(
      "backend",
      from,
      () => this.settings.backendUrl,
      () => {
        this.settings = { ...this.settings, backendUrl: url.trim() };
        this.sources.setBackendUrl(this.settings.backendUrl);
        this.backend.reset();
        if (this.running && this.sources.wantsBackend) void this.laps.refresh();
      },
    );
  }

  /**
   * A feature's shared setting: `apply` sets it on the feature's part, and
   * the other windows read it again when its value (as `read` gives it) moved.
   */
  setFeatureSetting<R>(
    feature: Feature,
    from: CoreViewer | undefined,
    read: () => unknown,
    apply: () => R,
  ): R {
    if (!feature.setting) return apply();
    return this.changeShared(feature.setting, from, read, apply);
  }

  /** A registered feature's part in this core, typed as the feature declares it. */
  part<Part extends LivePart>(feature: Feature<Part>): Part {
    const f = this.features.indexOf(feature as Feature);
    if (f < 0) throw new Error(`the feature "${feature.id}" is not registered with this core`);
    return this.parts[f] as Part;
  }

  /** The finish line in force (null: none yet); a late window reads it here. */
  get finishLine(): LapCoords | null {
    return this.line;
  }

  /**
   * The one way a shared setting changes: `apply` sets it, and when it took
   * (no `{ ok: false }`) and its value moved (compared by `canonical`), the
   * other windows read it again. Not the window that changed it (it shows it
   * already), and nothing when nothing changed: a window that sets what it
   * was told sets no new change, so no echo.
   */
  private changeShared<R>(
    kind: SharedSettingKind,
    from: CoreViewer | undefined,
    read: () => unknown,
    apply: () => R,
  ): R {
    const before = canonical(read());
    const result = apply();
    const refused = (result as { ok?: unknown } | undefined)?.ok === false;
    if (refused || canonical(read()) === before) return result;
    for (const viewer of this.viewers)
      if (viewer !== from) viewer.send({ type: "sharedSettings", kinds: [kind] });
    return result;
  }

  /** Whether `viewer` may start a replay: it replays already, or fewer than MAX_REPLAYS others do. */
  mayReplay(viewer: CoreViewer): boolean {
    if (!viewer.showsLive) return true;
    let replaying = 0;
    for (const other of this.viewers) if (other !== viewer && !other.showsLive) replaying++;
    return replaying < MAX_REPLAYS;
  }

  setDemoRate(packetsPerSecond: number): void {
    this.settings = resolveConfig({ ...this.settings, demoRate: packetsPerSecond });
    this.sources.demo.setRate(this.settings.demoRate);
  }

  setRecording(on: boolean, from?: CoreViewer): void {
    if (typeof on !== "boolean") return;
    this.changeShared(
      "recording",
      from,
      () => this.settings.recording,
      () => {
        this.settings = { ...this.settings, recording: on };
        this.sessionStore?.setEnabled(on && this.recorderHeld);
      },
    );
  }

  /** `owner`: the window whose serial port this is (its leaving takes the radio away). */
  attachRadio(readable: ReadableStream<Uint8Array>, owner: CoreViewer | null = null): void {
    if (!readable || typeof readable.getReader !== "function") return;
    this.radioOwner = owner;
    this.sources.attachRadio(readable);
  }

  detachRadio(): void {
    this.radioOwner = null;
    this.sources.radio.detach();
  }

  refreshLaps(): Promise<void> {
    return this.laps.refresh();
  }

  liveLaps(): LapFetchResult {
    return this.laps.live();
  }

  setLapCoords(request: LapCoordsRequest): Promise<LapCoordsAnswer> {
    return this.laps.setLapCoords(request);
  }

  listSessions(): Promise<SessionInfo[]> {
    return this.sessionStore?.list() ?? Promise.resolve([]);
  }

  async deleteSession(id: string): Promise<void> {
    if (typeof id === "string") await this.sessionStore?.delete(id);
  }

  async renameSession(id: string, name: string): Promise<void> {
    if (typeof id === "string") await this.sessionStore?.rename(id, name);
  }

  /** Used / available bytes and the budget; nothing known without storage. */
  storageInfo(): Promise<StorageInfo> {
    const none = {
      usedBytes: null,
      quotaBytes: null,
      availableBytes: null,
      budgetBytes: null,
      sessionBytes: 0,
    };
    return this.sessionStore?.storageInfo() ?? Promise.resolve(none);
  }

  backendSpan(): Promise<BackendSpan> {
    return fetchBackendSpan(this.settings.backendUrl, this.fetchImpl);
  }

  /** Resolves once the last start's restore finished (tests, benchmarks). */
  whenRestored(): Promise<void> {
    return this.sessionStore?.whenReady() ?? Promise.resolve();
  }

  /** After a reload: the laps recorded with the restored packets come back to the lap table. */
  private async restoreLaps(sessions: Sessions): Promise<void> {
    const laps = await sessions.restoredLaps();
    if (this.sessionStore === sessions && this.running) this.laps.restore(laps);
  }

  private broadcast(event: WorkerEvent): void {
    for (const viewer of this.viewers) viewer.send(event);
  }

  /** A live history, running every registered stage; their events go to the features' parts. */
  private newLiveStore(): TelemetryStore {
    return new TelemetryStore({
      capacity: this.settings.historyCapacity,
      layout: this.layout,
      onStageEvent: this.stageEvent,
    });
  }

  /** Every registered stage, in the registry's order (features.ts). */
  get stages(): readonly Stage[] {
    return this.layout.stages;
  }

  /** The live history's stage events, to the feature whose stages emit their kind. */
  private readonly stageEvent = (event: StageEvent): void => {
    this.sinks.get(event.kind)?.(event);
  };

  /** What the features' parts are given of this core. */
  private get featureContext(): LiveContext {
    return {
      layout: this.layout,
      now: () => this.timers.now(),
      // A feature's events are recorded with the session, as its laps are.
      record: (event) => this.sessionStore?.recordEvents([event]),
      histories: () => [
        this.store,
        ...(this.preview ? [this.preview] : []),
        ...[...this.viewers].flatMap((viewer) => viewer.replayHistory() ?? []),
      ],
      windows: () => this.viewers,
      watchedFields: () => new Set(this.parts.flatMap((part) => [...(part.watches?.() ?? [])])),
      later: (run, ms) => {
        const handle = this.timers.setTimeout(run, ms);
        return () => this.timers.clearTimeout(handle);
      },
    };
  }

  /** The links, checked every second and at each change, to the features that watch them. */
  private checkLinks(): void {
    if (!this.running) return;
    const links = this.links.read();
    for (const part of this.parts) part.links?.(links, this.timers.now());
  }

  private showLive(store: TelemetryStore): void {
    this.store = store;
    this.preview = null;
    for (const part of this.parts) part.attach?.(store);
    for (const viewer of this.viewers) viewer.liveChanged(store);
  }

  private newSources(): SourceSwitch {
    return new SourceSwitch({
      config: this.settings,
      links: this.links,
      sinkFor: (kind) => this.sinkFor(kind),
      timers: this.timers,
      demoSeed: this.options.demoSeed ?? 1,
      switching: (from, to) => {
        for (const part of this.parts) part.sourceIs?.(to === "DEMO");
        // The recorder copies what the old source sent before anything changes.
        void this.sessionStore?.flush(from);
        // Simulated packets never stay on screen under a real source's name:
        // the demo's history stays in its recorded session, live starts afresh.
        if (from === "DEMO" && to !== "DEMO" && this.running) {
          this.showLive(this.newLiveStore());
          this.sessionStore?.follow(this.store);
        }
      },
      settled: (type) => this.laps.sourceIs(type),
    });
  }

  private sinkFor(source: ConnectionType): SourceSink {
    return {
      packet: (raw) => this.onPacket(raw, source),
      connection: (patch) => {
        this.sources.linksReported(patch);
        this.checkLinks();
      },
      latency: (kind, raw) => this.onLatency(kind, raw, source),
      notify: (kind) => this.onNotify(kind, source),
      lapData: (raw) => this.laps.lapData(raw, source),
      lapCoords: (raw) => this.laps.lapCoords(raw, source),
      generation: (generation, kind, what) => {
        if (this.running && source === this.links.state.connectionType)
          this.backend.noteGeneration(generation, kind, what);
      },
      raceInfo: (raw) => {
        if (source !== "NETWORK") return;
        const info = parseRaceInfo(raw, this.timers.now());
        if (info) {
          this.backend.setRaceInfo(info);
          for (const part of this.parts) part.raceInfo?.(info, this.store.lastPacketTime);
        } else this.store.rejectEvent(source, "raceInfo: not a valid raceInfo payload");
      },
    };
  }

  // The per-packet path: one store, whatever number of windows look at it.
  private onPacket(raw: unknown, source: ConnectionType): void {
    if (!this.running || source !== this.links.state.connectionType) return;
    // Rejections are counted by the store; the UI reads the counts from snapshots.
    const stored = this.store.ingest(raw, source);
    for (const part of this.parts) part.afterPacket?.();
    if (!stored || source === "DEMO") return;
    this.links.packetStored(source, this.store.lastPacketTime);
  }

  private onLatency(kind: LatencyKind, raw: unknown, source: ConnectionType): void {
    if (!this.running) return;
    const checked = checkLatency(kind, raw);
    if (checked.ok) {
      this.links.state[kind] = checked.ms;
      this.checkLinks();
    } else this.store.rejectEvent(source, checked.reason);
  }

  private onNotify(kind: NotificationKind, source: ConnectionType): void {
    // A feature may speak for it instead (the car link alert is the "Connection Lost" toast).
    if (kind === "carDisconnect" && this.parts.some((part) => part.claims?.(kind))) return;
    if (kind !== "lapComplete") return this.broadcast({ type: "notification", kind });
    // A lap toast is for the windows that show live data (quiet during playback),
    // when lap events count; the live lap list grows either way (LapDesk).
    if (!this.laps.counts(source)) return;
    for (const viewer of this.viewers)
      if (viewer.showsLive) viewer.send({ type: "notification", kind });
  }
}
