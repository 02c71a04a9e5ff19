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

/** Which generation of the team's backend is heard (PROTOCOL.md "More of the real server"). */
export type BackendGeneration = "2026-01" | "2026-06";

/**
 * One lap, normalised from either generation's record. Numbers as received
 * (the UI rounds to 2 decimals); units: lapTime s, distance km, averageSpeed
 * km/h, ampHours Ah, averagePackCurrent A, energyConsumed kWh, powers W,
 * batterySecondsRemaining s.
 */
export interface Lap {
  /** RFID of the driver's tag. */
  rfid: string;
  /** When the lap ended, epoch ms (seconds, ms and ISO strings normalised). */
  endMs: number;
  lapTime: number;
  distance: number;
  averageSpeed: number;
  ampHours: number;
  averagePackCurrent: number;
  energyConsumed: number;
  totalPowerIn: number;
  totalPowerOut: number;
  netPowerOut: number;
  batterySecondsRemaining: number;
  /** Only 2026-06 records carry it. */
  averageMotorWattage: number | null;
  /** A lap of the built-in demo car, never the real one. */
  simulated: boolean;
}

/** The lap table: GET {api}/laps plus live laps; `message` is "Error fetching lap data" on failure. */
export interface LapFetchResult {
  laps: Lap[];
  message: string;
  error: boolean;
  /** RFID → driver name from GET {api}/drivers (empty when the backend has none). */
  drivers: Record<string, string>;
}

/** The backend's `raceInfo`, validated. */
export interface RaceInfo {
  lapNumber: number;
  raceDay: number;
  /** How many race days the server knows of (raceDates). */
  raceDays: number;
  /** Distance today and in total, in VehicleVelocity's unit × hours (km for km/h). */
  distanceToday: number;
  totalDistance: number;
  /** ms left in the race day. */
  timeLeftMs: number;
  /** Wall-clock ms when it was received. */
  receivedAt: number;
}

/** What the dashboard knows about the backend it talks to (state: carried in every snapshot). */
export interface BackendState {
  /** null until the backend said something that tells the generations apart. */
  generation: BackendGeneration | null;
  /** What told it, e.g. "lap record: flat (2026-06)". */
  generationEvidence: string;
  raceInfo: RaceInfo | null;
}

/** setLapCoords as the backend wants it: strings, and the finish-line password. */
export interface LapCoordsRequest {
  lat: string;
  long: string;
  password: string;
}

/** The server's answer: the new coordinates, or why not. */
export type LapCoordsAnswer =
  | { ok: true; coords: LapCoords; simulated: boolean }
  | { ok: false; error: string; invalidFields: string[] };

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

export interface Snapshot {
  /** Increases with every accepted packet; pass it back as `sinceSeq`. */
  seq: number;
  /** Latest value of every field that changed after `sinceSeq` (all fields when sinceSeq is 0). */
  changed: Record<FieldPath, FieldValue>;
  connection: ConnectionState;
  counters: Counters;
  geo: GeoState;
  backend: BackendState;
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

export interface TrackRequest {
  /** Numeric field the trail is coloured by (speed by default). */
  colorField: FieldPath;
  units: AppUnits;
  /** A point closer than this (degrees) to the last kept one is dropped: about a screen pixel. */
  toleranceDeg: number;
  /** Upper bound on points returned (the screen's budget). */
  maxPoints: number;
  /** Packet-time window (epoch seconds); null = the whole history. */
  from: number | null;
  to: number | null;
}

export interface TrackResult {
  /** Columns of the downsampled trail; buffers are transferred. */
  time: Float64Array;
  lat: Float64Array;
  long: Float64Array;
  /** colorField at each point, in display units (NaN = none). */
  value: Float64Array;
  unit: string;
  label: string;
  min: number | null;
  max: number | null;
  /** Points with a GPS fix in the window before downsampling. */
  sourcePoints: number;
  /** Where each lap (of the lap table) ended, if it falls in the window. */
  lapMarks: { time: number; lat: number; long: number; lap: number }[];
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
  | { type: "rejected"; rejected: number; recent: RejectionReason[] };

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
  /** GET {api}/laps again (also done once at start). */
  refreshLaps(): Promise<LapFetchResult>;
  /** The driven track, downsampled for the map. */
  track(request: TrackRequest): TrackResult;
  /**
   * Move the finish line: NETWORK sends `setLapCoords` to the backend and
   * resolves with its answer (acknowledged or broadcast); DEMO moves the
   * simulated car's line. The password is never stored or logged.
   */
  setLapCoords(request: LapCoordsRequest): Promise<LapCoordsAnswer>;
}
