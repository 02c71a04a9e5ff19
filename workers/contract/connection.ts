import type { ConnectionType } from "./fields";
import type { BackendGeneration, RaceInfo } from "./laps";

/** What the dashboard knows about the backend it talks to (state: carried in every snapshot). */
export interface BackendState {
  /** null until the backend said something that tells the generations apart. */
  generation: BackendGeneration | null;
  /** What told it, e.g. "lap record: flat (2026-06)". */
  generationEvidence: string;
  raceInfo: RaceInfo | null;
}

/**
 * How the backend link carries Socket.IO. It starts on long-polling, as
 * Socket.IO does, and upgrades to a WebSocket where the backend completes the
 * upgrade (2026-06 does; 2026-01 answers 101 and then 400, PROTOCOL.md): at
 * the car's rate a WebSocket answers the user's ping sooner (issue 58 read
 * 745 ms over long-polling on a loaded machine). The Settings switch keeps it
 * on long-polling, whose answers batch every packet queued since the last
 * poll, so a machine that falls behind pays per batch rather than per message
 * (bench/RESULTS.md, stop 27); bench/transports.ts measures both.
 */
export type SocketTransport = "polling" | "websocket";

/**
 * The backend's WebSocket upgrade failed: the link fell back to long-polling
 * and stays there for this backend (until the app restarts or the Settings
 * switch is turned off and on), so a broken upgrade is not tried again at
 * every reconnection.
 */
export interface UpgradeFallback {
  /** Wall clock (Date.now ms) of the failure. */
  at: number;
  /** What engine.io said went wrong, e.g. "websocket error". */
  reason: string;
}

/**
 * Who reads the backend link's long-polling answers: the poll reader worker;
 * the telemetry worker's own thread (no Worker here, or the poll reader worker
 * failed); or engine.io's stock polling transport, because the engine.io
 * internals the reader transport builds on were missing at start-up (named in
 * `missing`; workers/telemetry/sources/polling/pollingInternals.ts).
 */
export type PollReading =
  | { by: "poll reader worker" }
  | { by: "telemetry worker" }
  | { by: "engine.io stock polling"; missing: string[] };

/** The car's link as shown: unknown until the backend says or packets prove it. */
export type CarLink = "unknown" | "connected" | "disconnected";

/**
 * The links, as STATE: it travels in every snapshot and nowhere else (worker
 * events carry only happenings). The UI derives its app state from the
 * newest snapshot in one place (src/state/connectionMirror.ts).
 */
export interface ConnectionState {
  /** The source that feeds packets now: the saved choice at start, DEMO on a first visit. */
  connectionType: ConnectionType;
  socketConnected: boolean;
  /** The transport the backend link uses now; null while the socket is not connected. */
  transport: SocketTransport | null;
  /** How long-polling answers are read; null until the backend link is first dialled. */
  pollReading: PollReading | null;
  /** The WebSocket upgrade failed on the backend dialled now; null when it has not. */
  upgradeFallback: UpgradeFallback | null;
  /** The backend's last word on the car (carConnect → true, carDisconnect → false); null until the first. */
  mqttConnected: boolean | null;
  /** What the status bar shows: "connected" while backend packets arrive, else from mqttConnected. */
  carLink: CarLink;
  radioConnected: boolean;
  /** Round trip of the ping, ms, within 0..60,000; null until the first plausible ack. */
  userLatency: number | null;
  /** Wall clock (Date.now ms) of that ack: tells one reading from the next of the same value. */
  userLatencyAt: number | null;
  /** As reported by the backend, ms, within 0..60,000; null until a plausible one arrives. */
  carLatency: number | null;
  playback: boolean;
  /** Wall clock (Date.now ms) of the last accepted NETWORK or RADIO packet; null if none (DEMO never sets it). */
  lastLivePacketAt: number | null;
  /** Whether NETWORK or RADIO packets arrived within the last few seconds (LIVE_FRESH_MS in the worker). */
  liveDataFlowing: boolean;
  /**
   * How much later than usual NETWORK or RADIO packets arrive, ms (their
   * TimeStamp against the wall clock, above the smallest difference of the
   * last ~30 s); 0 when none arrive. Grows when the machine cannot keep up.
   */
  arrivalLagMs: number;
  /** A demo day being built before the demo goes live (?demoDay=9); null otherwise. */
  demoDay: DemoDayProgress | null;
}

/** How far the DEMO source has built the hours of driving it was asked for. */
export interface DemoDayProgress {
  hours: number;
  /** 0..1 of the hours built. */
  fraction: number;
}

export interface RejectionReason {
  /** Wall-clock ms when the packet was rejected. */
  at: number;
  source: ConnectionType | "REPLAY";
  /** e.g. "Battery.PackVoltage: expected number, received string". */
  reason: string;
}

export interface Counters {
  accepted: number;
  /** Packets that failed validation. */
  rejected: number;
  /** Other received events that failed their check (implausible latency, malformed lapData / lapCoords). */
  rejectedEvents: number;
  /** Accepted packets per second over the last ~2 s. */
  packetRate: number;
  historyLength: number;
  historyCapacity: number;
  /** Bytes held by the history rings. */
  historyBytes: number;
  /** TimeStamp (epoch seconds) of the newest accepted packet; null if none. */
  lastPacketTime: number | null;
  /** The last few rejection reasons (packets and events), newest last. */
  recentRejections: RejectionReason[];
  /** The live history's reach, also while a replay is shown (the settings' "History"). */
  liveHistory: HistoryReach;
}

/** What a history holds: rows, their time span and their memory. */
export interface HistoryReach {
  length: number;
  capacity: number;
  /** Bytes of its columns. */
  bytes: number;
  /** TimeStamp (epoch seconds) of its oldest and newest row; null when empty. */
  from: number | null;
  to: number | null;
  /** Accepted packets per second over the last ~2 s (how fast it fills). */
  packetRate: number;
}

export interface GeoState {
  lat: number | null;
  long: number | null;
  /** Initial bearing of the last movement, degrees 0-360; null until the car moves. */
  headingDeg: number | null;
  /** Distance travelled since the worker started (haversine sum), km. */
  distanceKm: number;
}
