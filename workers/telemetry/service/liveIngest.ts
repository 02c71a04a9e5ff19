// The live side of the core: the sources, the live history, and what each
// source hands over (SourceSink) going into that one history, whatever number
// of windows look at it. A packet is stored once, then the features' parts
// hear it (afterPacket) and the links note it; a latency, a notification, a
// lap or a raceInfo goes where it belongs. Only the live source is heard: a source being switched away from
// may still deliver, and its packets must not land under the new one's name.
// Simulated packets never stay on screen under a real source's name either: a
// switch away from the demo starts a fresh live history.
import type { WorkerConfig } from "../../contract/config";
import type { ConnectionType } from "../../contract/fields";
import type { NotificationKind } from "../../contract/telemetryApi";
import type { LapDesk } from "../laps/LapDesk";
import type { LivePart } from "../pipeline/Feature";
import { parseRaceInfo } from "../race/raceInfo";
import type { SourceSink } from "../sources/SourceSink";
import type { Sessions } from "../sessions/Sessions";
import { SourceSwitch } from "../sources/SourceSwitch";
import type { Timers } from "../sources/timers";
import { TelemetryStore } from "../store/TelemetryStore";
import type { BackendInfo } from "./backendInfo";
import type { CoreViewer } from "./coreTypes";
import type { FeatureParts } from "./featureParts";
import { checkLatency, type LatencyKind } from "./latency";
import { linkGapText, POLL_READER_STOPPED_TEXT } from "./linkTexts";
import type { LiveLinks } from "./liveLinks";

/** The links' rules are checked every second: "no packets for 5 s" needs no packet to be noticed. */
const LINK_CHECK_MS = 1000;

interface LiveIngestDeps {
  readonly links: LiveLinks;
  readonly features: FeatureParts;
  readonly laps: LapDesk;
  readonly backend: BackendInfo;
  readonly timers: Timers;
  readonly windows: Iterable<CoreViewer>;
  /** The recording now (it copies what a source sent before a switch). */
  sessions(): Sessions | null;
}

export class LiveIngest {
  /** The live history (the core swaps it at a start or a switch away from the demo). */
  store: TelemetryStore;
  /** The restored day's 1-second summary, shown as live while its rows are read (dayRestore.ts). */
  preview: TelemetryStore | null = null;
  /** The sources: new ones at each start (renewSources), idle until started. */
  sources!: SourceSwitch;
  /** The features' parts, held directly: the packet path calls them without a detour. */
  private readonly parts: readonly LivePart[];
  private linkTimer: unknown = null;
  /** Packet time of the last packet before the poll reader stopped (the gap said once packets come again). */
  private gapFrom: number | null = null;

  constructor(private readonly deps: LiveIngestDeps) {
    this.parts = deps.features.all;
    this.store = new TelemetryStore({ capacity: 1, layout: deps.features.layout });
  }

  /** What the windows show as live: the restore's preview while there is one. */
  get shown(): TelemetryStore {
    return this.preview ?? this.store;
  }

  /** The core's own histories: the live one, and a restore's preview while there is one. */
  get histories(): TelemetryStore[] {
    return this.preview ? [this.store, this.preview] : [this.store];
  }

  /** A new live history of `capacity` rows, running every registered stage, shown to every window. */
  renew(capacity: number): void {
    const { layout, stageEvent } = this.deps.features;
    const store = new TelemetryStore({ capacity, layout, onStageEvent: stageEvent });
    this.store = store;
    this.preview = null;
    for (const part of this.parts) part.attach?.(store);
    for (const viewer of this.deps.windows) viewer.liveChanged(store);
  }

  /** A restore shows its preview (null: its rows are read, the live history shows). */
  showPreview(preview: TelemetryStore | null): void {
    this.preview = preview;
    for (const viewer of this.deps.windows) viewer.liveChanged(this.shown);
  }

  /** New sources for a start, idle until started. */
  renewSources(config: WorkerConfig, demoSeed: number): void {
    const { links, timers, laps } = this.deps;
    this.sources = new SourceSwitch({
      config,
      links,
      sinkFor: (kind) => this.sinkFor(kind),
      timers,
      demoSeed,
      switching: (from, to) => {
        for (const part of this.parts) part.sourceIs?.(to === "DEMO");
        // The recorder copies what the old source sent before anything changes.
        void this.deps.sessions()?.flush(from);
        // The demo's history stays in its recorded session, live starts afresh.
        if (from === "DEMO" && to !== "DEMO" && this.sources.running) {
          this.renew(config.historyCapacity);
          this.deps.sessions()?.follow(this.store);
        }
      },
      settled: (type) => laps.sourceIs(type),
    });
  }

  /** What `source` hands over; heard only while it is the live one (and the core runs). */
  sinkFor(source: ConnectionType): SourceSink {
    const { links, laps, backend } = this.deps;
    return {
      packet: (raw) => this.packet(raw, source),
      connection: (patch) => {
        this.sources.linksReported(patch);
        this.checkLinks();
      },
      latency: (kind, raw) => this.latency(kind, raw, source),
      notify: (kind) => this.notify(kind, source),
      lapData: (raw) => laps.lapData(raw, source),
      lapCoords: (raw) => laps.lapCoords(raw, source),
      generation: (generation, kind, what) => {
        if (this.sources.running && source === links.state.connectionType)
          backend.noteGeneration(generation, kind, what);
      },
      readerStopped: () => {
        // Said while NETWORK is live: otherwise its packets are not kept anyway.
        if (source !== "NETWORK" || this.deps.links.state.connectionType !== "NETWORK") return;
        this.gapFrom ??= this.store.lastPacketTime ?? this.deps.timers.now() / 1000;
        this.tell(POLL_READER_STOPPED_TEXT);
      },
      raceInfo: (raw) => {
        if (source !== "NETWORK") return;
        const info = parseRaceInfo(raw, this.deps.timers.now());
        if (info) {
          backend.setRaceInfo(info);
          for (const part of this.parts) part.raceInfo?.(info, this.store.lastPacketTime);
        } else this.store.rejectEvent(source, "raceInfo: not a valid raceInfo payload");
      },
    };
  }

  /** The core runs: the links are checked every second (once, however often it starts). */
  watchLinks(): void {
    const timers = this.deps.timers;
    if (this.linkTimer === null)
      this.linkTimer = timers.setInterval(() => this.checkLinks(), LINK_CHECK_MS);
  }

  unwatchLinks(): void {
    if (this.linkTimer !== null) this.deps.timers.clearInterval(this.linkTimer);
    this.linkTimer = null;
  }

  /** The links, checked every second and at each change, to the features that watch them. */
  checkLinks(): void {
    if (!this.sources.running) return;
    const links = this.deps.links.read();
    for (const part of this.parts) part.links?.(links, this.deps.timers.now());
  }

  // The per-packet path: one store, whatever number of windows look at it.
  private packet(raw: unknown, source: ConnectionType): void {
    const links = this.deps.links;
    if (!this.sources.running || source !== links.state.connectionType) return;
    // Rejections are counted by the store; the UI reads the counts from snapshots.
    const stored = this.store.ingest(raw, source);
    for (const part of this.parts) part.afterPacket?.();
    if (!stored || source === "DEMO") return;
    links.packetStored(source, this.store.lastPacketTime);
    if (this.gapFrom !== null && source === "NETWORK") {
      this.tell(linkGapText(this.gapFrom, this.store.lastPacketTime ?? this.gapFrom));
      this.gapFrom = null;
    }
  }

  private tell(message: string): void {
    for (const viewer of this.deps.windows) viewer.send({ type: "linkNotice", message });
  }

  private latency(kind: LatencyKind, raw: unknown, source: ConnectionType): void {
    if (!this.sources.running) return;
    const checked = checkLatency(kind, raw);
    if (checked.ok) {
      this.deps.links.state[kind] = checked.ms;
      if (kind === "userLatency") this.deps.links.state.userLatencyAt = this.deps.timers.now();
      this.checkLinks();
    } else this.store.rejectEvent(source, checked.reason);
  }

  private notify(kind: NotificationKind, source: ConnectionType): void {
    // A feature may speak for it instead (the car link alert is the "Connection Lost" toast).
    if (kind === "carDisconnect" && this.deps.features.claims(kind)) return;
    const live = kind === "lapComplete";
    // A lap toast is for the windows that show live data (quiet during playback),
    // when lap events count; the live lap list grows either way (LapDesk).
    if (live && !this.deps.laps.counts(source)) return;
    for (const viewer of this.deps.windows)
      if (!live || viewer.showsLive) viewer.send({ type: "notification", kind });
  }
}
