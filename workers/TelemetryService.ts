// The worker's logic as a plain class (entry.ts only exposes it), so tests run
// it in Node. It owns the store, the three live sources and the lap table, and
// follows SPEC §4: start in the configured type (DEMO by default); a socket or
// radio that connects while in DEMO takes over; each type accepts packets only
// from its own source. Lap events count in NETWORK (from the backend) and in
// DEMO (from the simulated car, so the demo shows laps), never during playback.
import * as Comlink from "comlink";
import type {
  ConnectionState,
  ConnectionType,
  FieldInfo,
  LapCoordsAnswer,
  LapCoordsRequest,
  LapFetchResult,
  SeriesRequest,
  SeriesResult,
  Snapshot,
  TelemetryApi,
  TrackRequest,
  TrackResult,
  WorkerConfig,
  WorkerEventListener,
} from "./contract";
import { fetchDrivers, fetchLaps, parseLap } from "./laps/laps";
import { LapBook } from "./laps/LapBook";
import { buildTrack } from "./geo/trackQuery";
import { packetGeneration } from "./telemetry/generations";
import { parseRaceInfo } from "./race/raceInfo";
import { BackendInfo } from "./service/backendInfo";
import { cleanRequest, interpretReply, localAnswer, failed } from "./service/finishLine";
import { TelemetryStore } from "./store/TelemetryStore";
import { DemoSource } from "./sources/DemoSource";
import { NetworkSource } from "./sources/NetworkSource";
import { RadioSource } from "./sources/RadioSource";
import type { SourceSink } from "./sources/SourceSink";
import { realTimers, type Timers } from "./sources/timers";
import {
  DEFAULT_CONFIG,
  initialConnection,
  isConnectionType,
  resolveConfig,
} from "./service/config";
import { EventBatcher } from "./service/EventBatcher";
import { PlaybackView } from "./service/playbackView";
import { parseLapCoords } from "./service/lapCoords";

export interface TelemetryServiceOptions {
  timers?: Timers;
  fetchImpl?: typeof fetch;
  /** Event batching period, ms (default 80). */
  flushIntervalMs?: number;
  demoSeed?: number;
}

export class TelemetryService implements TelemetryApi {
  private config: WorkerConfig = DEFAULT_CONFIG;
  private storeInstance: TelemetryStore | null = null;
  private connection: ConnectionState = initialConnection();
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
  private readonly playback = new PlaybackView(() => this.store.fieldCatalog());

  constructor(options: TelemetryServiceOptions = {}) {
    this.timers = options.timers ?? realTimers;
    this.fetchImpl = options.fetchImpl;
    this.demoSeed = options.demoSeed ?? 1;
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
    const storeSince = this.playback.storeSinceSeq(since);
    const connection = { ...this.connection };
    const snapshot = this.store.snapshot(storeSince, connection, this.backend.snapshot());
    return this.playback.apply(since, snapshot);
  }

  series(request: SeriesRequest): SeriesResult {
    let result: SeriesResult;
    try {
      result = this.store.series(request);
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
    this.connection.connectionType = type;
    this.applyDemoState();
    if (type === "NETWORK" && this.started) this.network?.connect();
    this.events.connectionChanged();
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
    if (on) {
      this.store.resetLatest();
      this.playback.begin(this.store.snapshot(0, this.connection).seq);
    } else {
      this.playback.end(this.store.snapshot(0, this.connection).seq);
    }
    this.events.connectionChanged();
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
    if (result.generation)
      this.backend.noteGeneration(result.generation, "GET /laps", describeShape(result.generation));
    this.pushLaps();
    return this.lapBook.result();
  }

  track(request: TrackRequest): TrackResult {
    const lapEnds = this.lapBook.endTimes().map((ms) => ms / 1000);
    const result = buildTrack(this.store.ring, lapEnds, request);
    const buffers = [result.time, result.lat, result.long, result.value].map((a) => a.buffer);
    return Comlink.transfer(result, buffers);
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
      notify: (kind) => this.onNotify(kind, source),
      lapData: (raw) => this.onLapData(raw, source),
      lapCoords: (raw) => {
        const coords = parseLapCoords(raw);
        if (coords) this.acceptLapCoords(coords);
      },
      raceInfo: (raw) => {
        if (source !== "NETWORK") return;
        const info = parseRaceInfo(raw, this.timers.now());
        if (info) this.backend.setRaceInfo(info);
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
    if (source === "NETWORK") {
      const generation = packetGeneration(raw);
      if (generation) this.backend.noteGeneration(generation, "packet", HEADLIGHTS[generation]);
    }
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
    if (c.connectionType === "DEMO" && patch.socketConnected === true) c.connectionType = "NETWORK";
    if (c.connectionType === "DEMO" && patch.radioConnected === true) c.connectionType = "RADIO";
    this.applyDemoState();
    this.events.connectionChanged();
  }

  private lapEventsFrom(source: ConnectionType): boolean {
    const type = this.connection.connectionType;
    return !this.connection.playback && source === type && (type === "NETWORK" || type === "DEMO");
  }

  private onNotify(kind: "lapComplete" | "carConnect" | "carDisconnect", source: ConnectionType) {
    if (kind === "lapComplete" && !this.lapEventsFrom(source)) return;
    this.events.push({ type: "notification", kind });
  }

  private onLapData(raw: unknown, source: ConnectionType): void {
    if (!this.lapEventsFrom(source)) return;
    const parsed = parseLap(raw);
    if (!parsed) return;
    if (source === "NETWORK")
      this.backend.noteGeneration(parsed.generation, "lapData", describeShape(parsed.generation));
    this.lapBook.add({ ...parsed.lap, simulated: source === "DEMO" });
    this.pushLaps();
  }

  private pushLaps(): void {
    this.events.push({ type: "laps", result: this.lapBook.result() });
  }
}

const HEADLIGHTS = {
  "2026-01": "B3.HeadightsSwitchInput",
  "2026-06": "B3.HeadlightsSwitchInput",
} as const;

const describeShape = (generation: "2026-01" | "2026-06") =>
  generation === "2026-06" ? "flat lap records" : "nested lap records";
