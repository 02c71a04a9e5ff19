// A development, test and benchmark feed: a Socket.IO v4 server that speaks
// the backend's protocol (PROTOCOL.md) with the simulated car as the source.
// It is not the team's backend, which fans the car's MQTT feed out to viewers.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import type { TelemetryPacket } from "../workers/telemetry/schema/packetSchema";
import type { LapRecord } from "../workers/telemetry/laps/lapRecord";
import { DEFAULT_LAP_COORDS } from "../workers/shared/trackCoords";
import { CarSimulator } from "../workers/telemetry/sources/demo/CarSimulator";
import { createRandom } from "../workers/telemetry/sources/demo/random";
import { FIRST_GENERATION } from "../workers/telemetry/schema/generations";
import { lapsHandler } from "./lapsRoute";
import { applyInjections, checkInjection, type Injection } from "./injection";
import { corruptPacket } from "./malformed";
import { pastLaps } from "./pastLaps";
import { handlePlayback, type SentPacket } from "./playbackRoute";
import { attachSocketHandlers } from "./socketHandlers";
import { breakWebSocketUpgrades } from "./upgradeFault";
import { watchPolls } from "./pollLog";
import { RaceInfoTracker, wireLap, wirePacket, type Generation } from "./generation";

export interface FeedServerOptions {
  port?: number;
  host?: string;
  /** Packets per second, 1..10,000. */
  rate?: number;
  seed?: number;
  /** Share of packets sent broken (0..1). */
  malformed?: number;
  /** Drop every client connection this often, seconds (0 = never). */
  disconnectEvery?: number;
  /** The car drops out this often, seconds (0 = never). */
  carDropout?: number;
  /** The finish-line password setLapCoords checks (the real server's FINISH_LINE_UPDATE_PASSWORD). */
  password?: string;
  /** Which backend generation to speak (PROTOCOL.md "More of the real server"). */
  generation?: Generation;
  /** Send `raceInfo` with every packet, as the real server does (default true). */
  raceInfo?: boolean;
  /** Laps served by GET /laps before the first live one. */
  seededLaps?: number;
  carLatencyIntervalMs?: number;
  /** Simulated seconds per real second (default 1): > 1 makes laps come quickly. */
  speedup?: number;
  /**
   * Stamp each packet's TimeStamp with the wall clock at the moment it is sent
   * (benchmarks measure packet-to-screen latency from it).
   */
  wallClockTimestamps?: boolean;
  /**
   * Benchmarks at thousands of packets/s: the packets of one tick (10 ms) share
   * one simulator step and one JSON encoding, each sent with its own wall-clock
   * TimeStamp spliced in. Encoding every packet costs the feed about a core at
   * 5,000/s, which on a shared 2-core machine starves the browser under test.
   */
  encodeOncePerTick?: boolean;
  /** Start with packets held back until resume() (benchmarks count only what a client got). */
  startPaused?: boolean;
  /**
   * Socket.IO heartbeat, ms (default: Socket.IO's 25 s interval, 20 s timeout).
   * A client whose "close" was lost is only noticed when its heartbeat lapses,
   * so tests that count clients use a short one. 0: Socket.IO's default.
   */
  heartbeatMs?: number;
  /** 2026-01 only: an answer of /packetsBetween stops before this many bytes (default 1,000,000). */
  answerCapBytes?: number;
  /**
   * Values set in the packets from a given moment of the feed's data clock
   * (seconds since its first packet), e.g. an over-limit heatsink temperature
   * or a fault flag, for tests of the dashboard's alerts (feed-server/injection.ts).
   */
  inject?: Injection[];
}

/**
 * Packets kept for the playback endpoints: the newest 20,000 (33 min at 10
 * packets/s, 10 s at 2,000/s), so that benchmark runs at high rates do not
 * fill the feed server's memory with packet objects.
 */
const KEEP_SENT = 20_000;

export const MAX_RATE = 10_000;
const TICK_MS = 10;
const MAX_BACKLOG_S = 0.5;

export class FeedServer {
  readonly laps: LapRecord[];
  lapCoords = { ...DEFAULT_LAP_COORDS };
  carConnected = true;
  /** Packets emitted (broadcast once each), malformed ones included. */
  sent = 0;
  malformedSent = 0;
  /** What /packetsBetween serves: the well-formed packets sent, in order. */
  readonly sentLog: SentPacket[] = [];
  private readonly timers: Array<ReturnType<typeof setInterval>> = [];
  private dropoutTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly simulator: CarSimulator;
  private readonly random: () => number;
  private rate: number;
  private speedup: number;
  private baseTime = Date.now();
  private dueSinceBase = 0;
  private paused = false;
  private readonly race: RaceInfoTracker;
  /** Simulated TimeStamp of the first packet: injections count from it. */
  private firstPacketTime: number | null = null;

  private constructor(
    private readonly http: HttpServer,
    readonly io: Server,
    readonly options: Required<FeedServerOptions>,
  ) {
    this.rate = Math.min(MAX_RATE, Math.max(1, options.rate));
    this.speedup = options.speedup;
    this.random = createRandom(options.seed ^ 0x5eed);
    this.simulator = new CarSimulator({ seed: options.seed, startTime: Date.now() / 1000 });
    this.laps = pastLaps(options.seededLaps, options.seed);
    const pastKm = this.laps.reduce((sum, lap) => sum + lap.data.distance, 0);
    this.race = new RaceInfoTracker(pastKm / 3.6); // km → m/s·h, the unit the tracker sums in
  }

  static async start(options: FeedServerOptions = {}): Promise<FeedServer> {
    const full: Required<FeedServerOptions> = {
      port: 3001,
      host: "127.0.0.1",
      rate: 10,
      seed: 1,
      malformed: 0,
      disconnectEvery: 0,
      carDropout: 0,
      password: "helios",
      seededLaps: 3,
      carLatencyIntervalMs: 5000,
      speedup: 1,
      wallClockTimestamps: false,
      encodeOncePerTick: false,
      startPaused: false,
      generation: FIRST_GENERATION,
      raceInfo: true,
      answerCapBytes: 1_000_000,
      heartbeatMs: 0,
      inject: [],
      ...options,
    };
    // Refused before listening: a test with a mistyped field must not run without its fault.
    full.inject = full.inject.map((injection) => checkInjection({ ...injection }));
    const startedAt = Date.now();
    let server: FeedServer | null = null;
    const laps = lapsHandler(() => server?.laps ?? [], full.generation, startedAt);
    const http = createServer((req, res) => {
      if (server && req.method === "GET" && !req.url?.startsWith("/socket.io")) {
        res.setHeader("Access-Control-Allow-Origin", "*");
        if (handlePlayback(req, res, server.sentLog, server.options)) return;
      }
      laps(req, res);
    });
    const heartbeat = full.heartbeatMs;
    const io = new Server(http, {
      cors: { origin: "*" },
      ...(heartbeat > 0 ? { pingInterval: heartbeat, pingTimeout: heartbeat } : {}),
    });
    server = new FeedServer(http, io, full);
    attachSocketHandlers(server);
    // 2026-01's WebSocket upgrade fails as the real one's does (101, then 400); 2026-06's works.
    if (full.generation === FIRST_GENERATION) breakWebSocketUpgrades(io);
    await new Promise<void>((resolve, reject) => {
      http.once("error", reject);
      http.listen(full.port, full.host, () => {
        http.off("error", reject);
        resolve();
      });
    });
    server.paused = full.startPaused;
    server.run();
    return server;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://${this.options.host}:${this.port}`;
  }

  /** Log the long-polling GETs from now on (feed-server/pollLog.ts); stop() ends the log. */
  watchPolls(): ReturnType<typeof watchPolls> {
    return watchPolls(this.http);
  }

  get clients(): number {
    return this.io.engine.clientsCount;
  }

  /** A fresh car latency reading (ms), as the backend reports it. */
  carLatency(): number {
    return Math.round(35 + this.random() * 60);
  }

  /** Move the finish line: broadcast it, and the simulated car laps there from now on. */
  setLapCoords(coords: { lat: number; long: number }): void {
    this.lapCoords = coords;
    this.simulator.setFinishLine(coords.lat, coords.long);
    this.io.emit("lapCoords", this.lapCoords);
  }

  /**
   * A burst of lap events, as the real server sends when a car parked near the
   * line crosses its geofence again and again (tests of coalesced toasts).
   */
  burstLaps(count: number, overMs: number): void {
    const template = this.laps.at(-1) ?? this.simulator.takeCompletedLap();
    if (!template) return;
    for (let i = 0; i < count; i++) {
      setTimeout(
        () => {
          const lap = {
            ...template,
            timestamp: Date.now(),
            data: { ...template.data, timeStamp: Date.now() },
          };
          this.publishLap(lap);
        },
        count > 1 ? (i * overMs) / (count - 1) : 0,
      );
    }
  }

  /**
   * Change the packet rate and simulated seconds per real second from now on
   * (the map benchmark fills an hour of 10 Hz track quickly, then drives at 10 Hz).
   * The tick timer keeps its period: set the fastest rate at start.
   */
  setPace(rate: number, speedup: number): void {
    this.rate = Math.min(MAX_RATE, Math.max(1, rate));
    this.speedup = speedup > 0 ? speedup : 1;
    this.rebase();
  }

  /** Hold packets back (laps, latency and connection events go on). */
  pause(): void {
    this.paused = true;
  }

  /** Send packets again, at the configured rate from now on (no burst for the pause). */
  resume(): void {
    this.rebase();
    this.paused = false;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    if (this.dropoutTimer) clearTimeout(this.dropoutTimer);
    await new Promise<void>((resolve) => {
      this.io.close(() => resolve());
      this.http.closeAllConnections();
    });
  }

  private run(): void {
    const o = this.options;
    this.rebase(); // count from now, not from before listen()
    this.timers.push(
      setInterval(() => this.tick(), Math.max(TICK_MS, Math.min(100, 1000 / this.rate))),
    );
    this.timers.push(
      setInterval(() => {
        if (this.carConnected) this.io.emit("carLatency", this.carLatency());
      }, o.carLatencyIntervalMs),
    );
    if (o.disconnectEvery > 0) {
      // A dropped link (transport close), so clients reconnect with their backoff.
      this.timers.push(
        setInterval(() => {
          for (const socket of this.io.sockets.sockets.values()) socket.conn.close();
        }, o.disconnectEvery * 1000),
      );
    }
    if (o.carDropout > 0) {
      this.timers.push(setInterval(() => this.dropCar(), o.carDropout * 1000));
    }
  }

  /** The car goes quiet for a while (at most 5 s), then comes back. */
  private dropCar(): void {
    if (!this.carConnected) return;
    this.carConnected = false;
    this.io.emit("carDisconnect", { message: "Car has disconnected" });
    const outage = Math.min(5, this.options.carDropout / 2);
    this.dropoutTimer = setTimeout(() => {
      this.dropoutTimer = null;
      this.simulator.next(outage * this.options.speedup); // the car drove on meanwhile
      this.drainLaps();
      this.rebase();
      this.carConnected = true;
      this.io.emit("carConnect", { message: "Car has reconnected" });
    }, outage * 1000);
  }

  private rebase(): void {
    this.baseTime = Date.now();
    this.dueSinceBase = 0;
  }

  private tick(): void {
    if (!this.carConnected || this.paused) return;
    const elapsed = (Date.now() - this.baseTime) / 1000;
    let due = Math.floor(elapsed * this.rate) - this.dueSinceBase;
    if (due > Math.max(10, this.rate * MAX_BACKLOG_S)) {
      // The process stalled: skip the backlog rather than burst it.
      this.rebase();
      due = 0;
    }
    this.dueSinceBase += due;
    const dt = this.speedup / this.rate;
    if (this.options.encodeOncePerTick && this.options.malformed === 0)
      return this.sendEncodedOnce(due, dt);
    for (let i = 0; i < due; i++) {
      const packet = this.nextPacket(dt);
      if (this.options.wallClockTimestamps) packet.TimeStamp = Date.now() / 1000;
      if (this.options.malformed > 0 && this.random() < this.options.malformed) {
        this.io.emit("packet", corruptPacket(packet, this.random));
        this.malformedSent++;
      } else {
        // The playback REST serves what was sent, in the generation's wire shape.
        const wire = wirePacket(packet, this.options.generation);
        this.io.emit("packet", wire);
        this.sentLog.push({ id: this.sent, time: packet.TimeStamp, packet: wire });
        // Trimmed in batches: one splice per KEEP_SENT / 4 packets, not one per packet.
        if (this.sentLog.length > KEEP_SENT * 1.25)
          this.sentLog.splice(0, this.sentLog.length - KEEP_SENT);
      }
      if (this.options.raceInfo) {
        this.race.add(packet);
        const prev = this.laps.at(-1)?.data.lapTime ?? 0;
        this.io.emit("raceInfo", this.race.info(this.laps.length, prev));
      }
      this.sent++;
      this.drainLaps();
    }
  }

  /** See `encodeOncePerTick`: one step and one encoding for the tick's `due` packets. */
  private sendEncodedOnce(due: number, dt: number): void {
    if (due <= 0) return;
    const packet = this.nextPacket(dt * due);
    const wire = wirePacket(packet, this.options.generation) as Record<string, unknown>;
    const { TimeStamp: _simulated, ...rest } = wire;
    // Socket.IO EVENT packets ("2" + JSON array), written to each client's engine.io socket.
    const head = '2["packet",{"TimeStamp":';
    const tail = "," + JSON.stringify(rest).slice(1) + "]";
    let raceFrame: string | null = null;
    if (this.options.raceInfo) {
      this.race.add(packet);
      const prev = this.laps.at(-1)?.data.lapTime ?? 0;
      raceFrame = `2${JSON.stringify(["raceInfo", this.race.info(this.laps.length, prev)])}`;
    }
    const clients = [...this.io.of("/").sockets.values()].map((socket) => socket.conn);
    for (let i = 0; i < due; i++) {
      // Simulated time keeps each packet's own step (the step above covered all of them).
      const time = this.options.wallClockTimestamps
        ? Date.now() / 1000
        : packet.TimeStamp - (due - 1 - i) * dt;
      const frame = head + JSON.stringify(time) + tail;
      for (const conn of clients) {
        conn.write(frame);
        if (raceFrame) conn.write(raceFrame);
      }
      this.sentLog.push({ id: this.sent, time, packet: { ...wire, TimeStamp: time } });
      this.sent++;
    }
    if (this.sentLog.length > KEEP_SENT * 1.25)
      this.sentLog.splice(0, this.sentLog.length - KEEP_SENT);
    this.drainLaps();
  }

  /** The simulator's next packet, with the injections in force at its time. */
  private nextPacket(dt: number): TelemetryPacket {
    const packet = this.simulator.next(dt);
    if (this.options.inject.length > 0) {
      this.firstPacketTime ??= packet.TimeStamp;
      applyInjections(packet, this.options.inject, packet.TimeStamp - this.firstPacketTime);
    }
    return packet;
  }

  private drainLaps(): void {
    for (
      let lap = this.simulator.takeCompletedLap();
      lap;
      lap = this.simulator.takeCompletedLap()
    ) {
      this.publishLap(lap);
    }
  }

  private publishLap(lap: LapRecord): void {
    this.laps.push(lap);
    this.io.emit("lapData", wireLap(lap, this.options.generation));
    this.io.emit("lapComplete");
  }
}
