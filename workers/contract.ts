// The one typed contract between the UI (main thread) and the telemetry worker.
// The UI imports this file with `import type` only, so no worker code reaches
// the main bundle. Keep it free of runtime code and of DOM/WebWorker globals.

export type ConnectionType = "DEMO" | "NETWORK" | "RADIO";
export type AppUnits = "metric" | "imperial";

/** A dotted wire path into the packet, e.g. "Battery.PackVoltage" or "TimeStamp". */
export type FieldPath = string;
export type FieldValue = number | boolean | string;
export type FieldType = "number" | "boolean" | "string";

/** What the UI needs to list, label and plot a field. */
export interface FieldInfo {
  path: FieldPath;
  type: FieldType;
  /** Top-level group as in the packet ("Battery", "MPPT", "BatteryFaults", ...). */
  group: string;
  /** Human label, e.g. "Pack Voltage". */
  label: string;
  /** Metric display unit ("V", "A", "°C", "km/h", "%", "rpm", ""); booleans have "". */
  unit: string;
}

export interface LapCoords {
  lat: number;
  long: number;
}

/** A lap as shown: numbers rounded to 2 decimals, timeStamp as an en-US date string. */
export interface FormattedLap {
  Rfid: string;
  timestamp: number;
  data: {
    ampHours: number;
    averagePackCurrent: number;
    averageSpeed: number;
    batterySecondsRemaining: number;
    distance: number;
    energyConsumed: number;
    lapTime: number;
    netPowerOut: number;
    timeStamp: string;
    totalPowerIn: number;
    totalPowerOut: number;
  };
}

/** Result of GET {api}/laps; `message` is "Error fetching lap data" on any failure. */
export interface LapFetchResult {
  laps: FormattedLap[];
  message: string;
  error: boolean;
}

export interface ConnectionState {
  /** The source that feeds packets now. Starts as DEMO. */
  connectionType: ConnectionType;
  socketConnected: boolean;
  /** The car's link to the backend (carConnect / carDisconnect). */
  mqttConnected: boolean;
  radioConnected: boolean;
  /** Round trip of the ping, ms; null until the first ack. */
  userLatency: number | null;
  /** As reported by the backend, ms; null until received. */
  carLatency: number | null;
  playback: boolean;
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
  rejected: number;
  /** Accepted packets per second over the last ~2 s. */
  packetRate: number;
  historyLength: number;
  historyCapacity: number;
  /** Bytes held by the history rings. */
  historyBytes: number;
  /** TimeStamp (epoch seconds) of the newest accepted packet; null if none. */
  lastPacketTime: number | null;
  /** The last few rejection reasons, newest last. */
  recentRejections: RejectionReason[];
}

export interface GeoState {
  lat: number | null;
  long: number | null;
  /** Initial bearing of the last movement, degrees 0-360; null until the car moves. */
  headingDeg: number | null;
  /** Distance travelled since the worker started (haversine sum), km. */
  distanceKm: number;
}

/** One continuous recording (see README "Sessions"). */
export interface SessionInfo {
  id: string;
  /** User-editable; starts as source + local start time. */
  name: string;
  source: ConnectionType;
  /** Backend URL at the time (NETWORK), else "". */
  backendUrl: string;
  /** Wall clock, ms since the epoch, of the first and last recorded chunk. */
  startedAt: number;
  endedAt: number;
  /** Packet time (epoch seconds) of the first and last recorded packet. */
  firstPacketTime: number;
  lastPacketTime: number;
  packets: number;
  /** Bytes of recorded columns. */
  bytes: number;
  chunks: number;
}

export interface RecordingState {
  /** The user's switch (Settings → Sessions). */
  enabled: boolean;
  /** False when IndexedDB is missing or refused (private mode, quota). */
  available: boolean;
  /** The session being written now, if any. */
  sessionId: string | null;
  /** Packets restored into live history after the last start. */
  restoredPackets: number;
}

/** Where a replay comes from. */
export type ReplayOrigin =
  /** `source` says where the recorded packets came from (DEMO = simulated). */
  | { kind: "session"; sessionId: string; name: string; source: ConnectionType }
  | { kind: "backend"; url: string; from: number; to: number }
  | { kind: "local-range"; from: number; to: number }
  | { kind: "import"; name: string };

export type ReplayRequest =
  | { kind: "session"; sessionId: string }
  /** Packet-time range, epoch seconds; "backend" walks /packetsBetween, "local" reads sessions. */
  | { kind: "range"; from: number; to: number; source: "backend" | "local" };

/** Playback is state: it travels in every snapshot. */
export interface PlaybackState {
  on: boolean;
  /** Which history the snapshot, series and geo describe. */
  view: "live" | "replay";
  origin: ReplayOrigin | null;
  playing: boolean;
  /** 0.5 … 100. */
  speed: number;
  /** Playback clock in packet time (epoch seconds); null before anything is loaded. */
  clock: number | null;
  /** The span being replayed (packet time, epoch seconds). */
  start: number | null;
  end: number | null;
  /** While loading: packets loaded so far and the share of the range covered (0..1, null if unknown). */
  loading: { packets: number; fraction: number | null } | null;
  /** Packets of this replay that failed validation. */
  rejected: number;
  /** Why the last load failed or was partial (HTTP error, bad body), else null. */
  error: string | null;
  /** Lap times (epoch seconds) inside [start, end], for the scrubber. */
  laps: number[];
}

export interface StorageInfo {
  usedBytes: number | null;
  quotaBytes: number | null;
  budgetBytes: number | null;
  /** Bytes of recorded columns over all sessions. */
  sessionBytes: number;
}

export type BackendGeneration = "2026-01" | "2026-06";

export type BackendSpan =
  | { ok: true; first: number; last: number; generation: BackendGeneration }
  | { ok: false; message: string };

export interface Snapshot {
  /** Increases with every accepted packet; pass it back as `sinceSeq`. */
  seq: number;
  /** Latest value of every field that changed after `sinceSeq` (all fields when sinceSeq is 0). */
  changed: Record<FieldPath, FieldValue>;
  connection: ConnectionState;
  counters: Counters;
  geo: GeoState;
  playback: PlaybackState;
  recording: RecordingState;
}

export interface SeriesRequest {
  /** Numeric or boolean fields (booleans come back as 0/1). */
  fields: FieldPath[];
  /** Window in packet time (epoch seconds). null `to` means "up to the newest". */
  from: number | null;
  to: number | null;
  /** Approximate number of output points (about the plot's pixel width). */
  points: number;
  units: AppUnits;
}

export interface SeriesResult {
  /**
   * uPlot AlignedData: [x (epoch seconds), ...one column per requested field].
   * NaN in a y column marks a gap. Buffers are transferred, not copied.
   */
  data: Float64Array[];
  /** The window actually covered (x of first and last stored point in range). */
  from: number | null;
  to: number | null;
  /** Per field: whether its column contains NaN gaps. */
  hasGaps: boolean[];
  /** Display unit per field after unit conversion. */
  units: string[];
}

export interface WorkerConfig {
  /** Backend base URL for Socket.IO and REST, default "http://localhost:3001". */
  backendUrl: string;
  /** Try the backend on start (the spec's "socket connects while DEMO"). */
  connectToBackend: boolean;
  /** The user's chosen source; DEMO switches to NETWORK/RADIO when those connect. */
  connectionType: ConnectionType;
  /** Packets kept in history (fixed at start). */
  historyCapacity: number;
  /** Record live packets to IndexedDB (default true). */
  recording: boolean;
  /** Recording budget in bytes; 0 = half of the storage quota. */
  sessionBudgetBytes: number;
  /** Demo packets per second (default 2, i.e. every 500 ms). */
  demoRate: number;
  /** Latency ping period, ms (default 10_000). */
  pingIntervalMs: number;
}

/** Low-rate events pushed to the UI through one Comlink.proxy callback, batched. */
export type WorkerEvent =
  | { type: "connection"; connection: ConnectionState }
  | { type: "notification"; kind: "lapComplete" | "carConnect" | "carDisconnect" }
  | { type: "laps"; result: LapFetchResult }
  | { type: "lapCoords"; coords: LapCoords }
  | { type: "rejected"; rejected: number; recent: RejectionReason[] }
  /** A recording/replay happening worth a toast: storage unavailable, session evicted, load failed. */
  | { type: "sessionNotice"; level: "warning" | "error"; message: string };

export type WorkerEventListener = (events: WorkerEvent[]) => void;

/** The API the worker exposes (through Comlink; every call is async from the UI). */
export interface TelemetryApi {
  start(config: Partial<WorkerConfig>, onEvents: WorkerEventListener): void;
  stop(): void;
  fieldCatalog(): FieldInfo[];
  snapshot(sinceSeq: number): Snapshot;
  series(request: SeriesRequest): SeriesResult;
  setConnectionType(type: ConnectionType): void;
  setBackendUrl(url: string): void;
  setDemoRate(packetsPerSecond: number): void;
  /** Playback on: the shown packet resets to the default packet and live packets are not shown. */
  setPlayback(on: boolean): void;
  /**
   * RADIO: the main thread opens the Web Serial port (it needs a user gesture) and
   * transfers `port.readable` here; frames are newline-delimited JSON packets.
   */
  attachRadio(readable: ReadableStream<Uint8Array>): void;
  detachRadio(): void;
  /** Recorded sessions, oldest first. */
  listSessions(): Promise<SessionInfo[]>;
  deleteSession(id: string): Promise<void>;
  renameSession(id: string, name: string): Promise<void>;
  setRecording(on: boolean): void;
  /** Used / available bytes (navigator.storage.estimate) and the budget. */
  storageInfo(): Promise<StorageInfo>;
  /** GET {api}/firstAndLastPacket: the span the backend holds (epoch seconds), or an error text. */
  backendSpan(): Promise<BackendSpan>;
  /** Turns playback on and loads what to replay (progress and errors arrive in snapshots). */
  startReplay(request: ReplayRequest): void;
  cancelReplay(): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
  /** Moves the playback clock (packet time, epoch seconds); resolves when the views would show it. */
  seek(time: number): Promise<void>;
  /** Steps the clock one packet forward (+1) or back (-1). */
  step(direction: 1 | -1): void;
  /** GET {api}/laps again (also done once at start). */
  refreshLaps(): Promise<LapFetchResult>;
}
