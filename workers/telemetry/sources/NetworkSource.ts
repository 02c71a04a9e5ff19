// NETWORK: the team's backend over Socket.IO, speaking PROTOCOL.md exactly:
// the protocol's client options, manual connect, every server event handed to
// the sink, and a `ping` with acknowledgement every 10 s (and once right after
// connecting) whose round trip is the user's latency.
import { io, type ManagerOptions, type Socket } from "socket.io-client";
import { Fetch, transports } from "engine.io-client";
import type { PollReading, SocketTransport } from "../../contract/connection";
import { GENERATION_TABLE, type GenerationTable } from "../schema/generationTable";
import { PollReader } from "./polling/PollReader";
import { missingPollingInternals } from "./polling/pollingInternals";
import { readerPolling } from "./polling/readerPolling";
import type { Source } from "./Source";
import type { SourceSink } from "./SourceSink";
import { realTimers, type TimerHandle, type Timers } from "./timers";
import { UpgradeFallbacks } from "./upgradeFallbacks";

export const DEFAULT_PING_INTERVAL_MS = 10_000;
/** How long a setLapCoords waits for the server's answer. */
const LAP_COORDS_TIMEOUT_MS = 10_000;
/**
 * After a `lapCoords` broadcast, how long to wait for an acknowledgement too:
 * 2026-06 servers broadcast a success AND acknowledge it, 2026-01 ones only
 * broadcast; the ack is what tells them apart.
 */
const ACK_GRACE_MS = 300;

/** The backend's answer to setLapCoords, and whether it came as an acknowledgement. */
export interface LapCoordsReply {
  response: unknown;
  acknowledged: boolean;
}

/**
 * The client options PROTOCOL.md prescribes. Transports stay Socket.IO's
 * default list (long-polling first, never WebSocket only); whether the link
 * may then upgrade to a WebSocket is the `upgrade` option (on by default,
 * see SocketTransport in workers/contract/connection.ts).
 */
const SOCKET_OPTIONS = {
  autoConnect: false,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
} as const;

interface NetworkSourceOptions {
  url: string;
  /** Let Socket.IO upgrade from long-polling to a WebSocket (default true). */
  upgrade?: boolean;
  pingIntervalMs?: number;
  timers?: Timers;
  /** The wire generations packets are read with (default: the real table; tests add entries). */
  generations?: GenerationTable;
  /** The engine.io polling class the reader transport extends (default Fetch; tests strip it). */
  pollingBase?: typeof Fetch;
}

export class NetworkSource implements Source {
  readonly kind = "NETWORK";
  private readonly sink: SourceSink;
  private readonly timers: Timers;
  private readonly pingIntervalMs: number;
  private readonly generations: GenerationTable;
  private readonly pollingBase: typeof Fetch;
  /** The engine.io internals the reader transport lacks, checked at the first dial ([]: none). */
  private missingInternals: string[] | null = null;
  private url: string;
  private upgrade: boolean;
  private socket: Socket | null = null;
  /** Reads the long-polling answers (in a worker of its own in the browser); made at the first dial. */
  private pollReader: PollReader | null = null;
  /** Backends whose upgrade failed: dialled on long-polling only from then on. */
  private readonly upgradeFallbacks = new UpgradeFallbacks();
  private pingTimer: TimerHandle | null = null;
  private retryTimer: TimerHandle | null = null;
  private wanted = false;
  /**
   * The backend said the car was lost (carDisconnect) and it has not come back
   * since. Only then is a carConnect the spec's "Connection Restored": the
   * 2026-06 server also sends one when the car first connects, and nothing
   * was lost before that. Kept across sockets: a car lost before our own link
   * dropped still comes back after it.
   */
  private carLost = false;

  constructor(sink: SourceSink, options: NetworkSourceOptions) {
    this.sink = sink;
    this.url = options.url;
    this.upgrade = options.upgrade ?? true;
    this.timers = options.timers ?? realTimers;
    this.generations = options.generations ?? GENERATION_TABLE;
    this.pollingBase = options.pollingBase ?? Fetch;
    const interval = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
    this.pingIntervalMs = interval > 0 ? interval : DEFAULT_PING_INTERVAL_MS;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  get backendUrl(): string {
    return this.url;
  }

  /** Connect (manual, as the protocol says); Socket.IO then reconnects with backoff. */
  start(): void {
    this.wanted = true;
    this.socket ??= this.createSocket();
    if (!this.socket.connected && !this.socket.active) this.socket.connect();
  }

  stop(): void {
    this.wanted = false;
    this.teardown();
  }

  /** A new backend address: drop the old socket and, if we were connected, dial the new one. */
  setUrl(url: string): void {
    if (url === this.url) return;
    this.url = url;
    this.carLost = false; // another backend's first word on the car restores nothing
    this.redial();
  }

  /**
   * Allow the WebSocket upgrade or not: a link already dialled is dialled
   * again. Turning it on is asking for it: a backend whose upgrade failed is
   * tried once more.
   */
  setUpgrade(on: boolean): void {
    if (on === this.upgrade) return;
    this.upgrade = on;
    if (on) this.upgradeFallbacks.forget(this.url);
    this.redial();
  }

  /** The socket's options changed: drop it and, if we were connected, dial with the new ones. */
  private redial(): void {
    if (!this.socket) return;
    this.teardown();
    if (this.wanted) this.start();
  }

  /**
   * Socket.IO's default transports in its default order, long-polling read
   * through the poll reader (poll-reader/pollReader.worker.ts says why); or,
   * when engine.io lacks what the reader transport builds on, its stock ones.
   */
  private transportsOption(): Pick<Partial<ManagerOptions>, "transports"> {
    this.missingInternals ??= missingPollingInternals(this.pollingBase);
    if (this.missingInternals.length > 0) return {};
    this.pollReader ??= PollReader.create({
      moved: () => this.reportPollReading(),
      stopped: () => this.readerStopped(),
    });
    const polling = readerPolling(this.pollReader, this.pollingBase);
    return { transports: [polling, transports.websocket, transports.webtransport] };
  }

  /**
   * The poll reader stopped answering: the server dropped the session whose
   * poll was cut, so the link is dialled again at once rather than after
   * Socket.IO's backoff (1 s ± 0.5), and the sink hears of the gap.
   */
  private readerStopped(): void {
    this.sink.readerStopped?.();
    if (this.wanted) this.redial();
  }

  private reportPollReading(): void {
    const missing = this.missingInternals ?? [];
    let reading: PollReading = { by: "telemetry worker" };
    if (missing.length > 0) reading = { by: "engine.io stock polling", missing: [...missing] };
    else if (this.pollReader?.inWorker) reading = { by: "poll reader worker" };
    this.sink.connection({ pollReading: reading });
  }

  private createSocket(): Socket {
    const fallback = this.upgradeFallbacks.of(this.url);
    const socket = io(this.url, {
      ...SOCKET_OPTIONS,
      upgrade: this.upgrade && fallback === null,
      ...this.transportsOption(),
    });
    this.reportPollReading();
    const sink = this.sink;
    sink.connection({ upgradeFallback: fallback });
    const transportName = () => socket.io.engine.transport.name as SocketTransport;
    // Each engine (one per reconnection) upgrades at most once: say when it
    // does, or fall back to long-polling for this backend when it fails.
    socket.io.on("open", () => {
      const engine = socket.io.engine;
      engine.on("upgrade", () => {
        if (this.socket === socket && socket.connected)
          sink.connection({ transport: transportName() });
      });
      engine.on("upgradeError", (error: unknown) => this.upgradeFailed(socket, error));
    });
    socket.on("connect", () => {
      sink.connection({ socketConnected: true, transport: transportName() });
      this.ping();
      this.stopPing();
      this.pingTimer = this.timers.setInterval(() => this.ping(), this.pingIntervalMs);
    });
    socket.on("disconnect", (reason) => {
      this.stopPing();
      sink.connection({ socketConnected: false, transport: null });
      // A server-side kick is not retried by Socket.IO itself; the protocol
      // wants us back, so dial again after the first backoff delay.
      if (reason === "io server disconnect" && this.wanted) {
        this.retryTimer = this.timers.setTimeout(() => {
          this.retryTimer = null;
          if (this.wanted && this.socket === socket) socket.connect();
        }, SOCKET_OPTIONS.reconnectionDelay);
      }
    });
    socket.on("packet", (payload: unknown) => {
      // The packet edge: wire names become internal ones before the service sees them.
      const generation = this.generations.recognise(payload);
      if (generation) sink.generation?.(generation.name, "packet", generation.recognisedBy);
      sink.packet(this.generations.toInternal(payload, generation), "NETWORK");
    });
    socket.on("lapData", (payload: unknown) => sink.lapData(payload));
    socket.on("lapComplete", () => sink.notify("lapComplete"));
    socket.on("lapCoords", (payload: unknown) => sink.lapCoords(payload));
    socket.on("raceInfo", (payload: unknown) => sink.raceInfo(payload));
    socket.on("carLatency", (payload: unknown) => sink.latency("carLatency", payload));
    socket.on("carConnect", () => {
      const restored = this.carLost;
      this.carLost = false;
      sink.connection({ mqttConnected: true });
      if (restored) sink.notify("carConnect");
    });
    socket.on("carDisconnect", () => {
      this.carLost = true;
      sink.connection({ mqttConnected: false });
      sink.notify("carDisconnect");
    });
    return socket;
  }

  /**
   * Send `setLapCoords` (the payload holds the password: never log it). Resolves
   * with the acknowledgement (2026-06) or the next `lapCoords` broadcast
   * (2026-01 answers only that way), or null when not connected or no answer.
   */
  sendLapCoords(payload: {
    lat: string;
    long: string;
    password: string;
  }): Promise<LapCoordsReply | null> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve(null);
    return new Promise((resolve) => {
      let done = false;
      let graceTimer: TimerHandle | null = null;
      const finish = (reply: LapCoordsReply | null) => {
        if (done) return;
        done = true;
        socket.off("lapCoords", onBroadcast);
        this.timers.clearTimeout(timeout);
        if (graceTimer !== null) this.timers.clearTimeout(graceTimer);
        resolve(reply);
      };
      const onBroadcast = (response: unknown) => {
        // The server sends lapCoords to everyone whenever any client connects:
        // only an error, or the coordinates asked for, can answer this request.
        if (!answersRequest(response, payload)) return;
        graceTimer ??= this.timers.setTimeout(
          () => finish({ response, acknowledged: false }),
          ACK_GRACE_MS,
        );
      };
      const timeout = this.timers.setTimeout(() => finish(null), LAP_COORDS_TIMEOUT_MS);
      socket.on("lapCoords", onBroadcast);
      socket.emit("setLapCoords", payload, (response: unknown) =>
        finish({ response, acknowledged: true }),
      );
    });
  }

  /**
   * A probe that failed while the link stayed open is the backend's upgrade
   * failing (one cut short by a closing link is not): this socket's later
   * engines, and later sockets to this backend, stay on long-polling.
   */
  private upgradeFailed(socket: Socket, error: unknown): void {
    if (this.socket !== socket || socket.io.engine?.readyState !== "open") return;
    socket.io.opts.upgrade = false; // the options each reconnection's engine is made with
    const fallback = this.upgradeFallbacks.note(this.url, error, this.timers.now());
    this.sink.connection({ upgradeFallback: fallback });
  }

  private ping(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    const sentAt = this.timers.now();
    socket.emit("ping", () => {
      if (this.socket !== socket) return; // an answer from a socket we dropped
      this.sink.latency("userLatency", this.timers.now() - sentAt);
    });
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.timers.clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private teardown(): void {
    this.stopPing();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    const wasConnected = socket.connected;
    socket.removeAllListeners();
    socket.disconnect();
    if (wasConnected) this.sink.connection({ socketConnected: false, transport: null });
  }
}

/** Whether a lapCoords broadcast can be the answer to this request (PROTOCOL.md, 2026-01). */
function answersRequest(response: unknown, asked: { lat: string; long: string }): boolean {
  if (typeof response !== "object" || response === null) return false;
  const r = response as { error?: unknown; lat?: unknown; long?: unknown };
  if (r.error !== undefined) return true;
  return Number(r.lat) === Number(asked.lat) && Number(r.long) === Number(asked.long);
}
