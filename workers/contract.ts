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

/**
 * How the backend link carries Socket.IO. Long-polling by default: the team's
 * server often cannot upgrade anyway (PROTOCOL.md), and each poll's answer
 * carries every packet queued since the last one, so a machine that falls
 * behind pays per batch, not per packet, and catches up; over a WebSocket the
 * browser pays for every message, and a slow laptop at 5,000 packets/s never
 * catches up (bench/RESULTS.md, stop 27).
 */
export type SocketTransport = "polling" | "websocket";

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
  /** The backend's last word on the car (carConnect → true, carDisconnect → false); null until the first. */
  mqttConnected: boolean | null;
  /** What the status bar shows: "connected" while backend packets arrive, else from mqttConnected. */
  carLink: CarLink;
  radioConnected: boolean;
  /** Round trip of the ping, ms, within 0..60,000; null until the first plausible ack. */
  userLatency: number | null;
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
  /** The live source recorded, or IMPORT for a saved CSV import. */
  source: ConnectionType | "IMPORT";
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
  | { kind: "session"; sessionId: string; name: string; source: ConnectionType | "IMPORT" }
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

export type BackendSpan =
  | { ok: true; first: number; last: number; generation: BackendGeneration }
  | { ok: false; message: string };

export interface Snapshot {
  /** Increases with every accepted packet; pass it back as `sinceSeq`. */
  seq: number;
  /** The history shown has no packet yet: the UI shows no values (it drops any it had). */
  empty: boolean;
  /** Latest value of every field that changed after `sinceSeq` (all fields when sinceSeq is 0). */
  changed: Record<FieldPath, FieldValue>;
  connection: ConnectionState;
  counters: Counters;
  geo: GeoState;
  backend: BackendState;
  playback: PlaybackState;
  recording: RecordingState;
}

export interface SeriesRequest {
  /** Numeric or boolean fields (booleans come back as 0/1). */
  fields: FieldPath[];
  /** Window in packet time (epoch seconds). null `to` means "up to the newest". */
  from: number | null;
  to: number | null;
  /** Approximate number of output points; a bucket of samples becomes ≤ 4 (first, min, max, last). */
  points: number;
  units: AppUnits;
  /**
   * A live plot's window length (seconds): its buckets then lie on a grid of
   * absolute time (as many as `points` hold across the window), so a complete
   * bucket never changes and the plot fetches and redraws only the newest.
   * Omitted: the requested span is split evenly.
   */
  liveWindowSeconds?: number;
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
  /** The buckets' width (seconds); 0 when the points are raw samples. Equal widths: the same grid. */
  bucketSeconds: number;
}

export interface TrackRequest {
  /** Numeric field the trail is coloured by (speed by default). */
  colorField: FieldPath;
  units: AppUnits;
  /** A point closer than this (degrees) to the last kept one is dropped: about a screen pixel. */
  toleranceDeg: number;
  /** Upper bound on points the map draws (the screen's budget). */
  maxPoints: number;
  /** Packet-time window (epoch seconds); null = the whole history. */
  from: number | null;
  to: number | null;
  /**
   * The end of the trail the map already draws (same field, units and zoom):
   * the answer is then only the new tail, unless the trail must be redrawn whole.
   */
  after?: TrackCursor | null;
}

/** Where the map's trail ends, sent back so the worker can answer with the tail only. */
export interface TrackCursor {
  /** Packet time and position of the map's last point. */
  time: number;
  lat: number;
  long: number;
  /** Points the map draws, and the source points they stand for. */
  count: number;
  sourcePoints: number;
  /** Thinning and colour range the trail was built with (from the last whole answer). */
  toleranceDeg: number;
  min: number | null;
  max: number | null;
}

/** A value shown when hovering the trail: one column per point, in display units. */
export interface TrackDetail {
  path: FieldPath;
  label: string;
  unit: string;
  values: Float64Array;
}

export interface TrackResult {
  /** false: the whole trail (replace); true: only points after the request's cursor (append). */
  tail: boolean;
  /** Columns of the downsampled trail (NaN row = a break); buffers are transferred. */
  time: Float64Array;
  lat: Float64Array;
  long: Float64Array;
  /** colorField at each point, in display units (NaN = none). */
  value: Float64Array;
  /** The main fields at each point (speed, pack power, voltage, current, MPPT power). */
  details: TrackDetail[];
  unit: string;
  label: string;
  /** The colour range, rounded outward to a round step so a new tail rarely leaves it. */
  min: number | null;
  max: number | null;
  /** The thinning actually used (coarser than asked when the trail is over budget). */
  toleranceDeg: number;
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
  /** The saved (or default DEMO) source to start in; DEMO switches to NETWORK/RADIO when those connect. */
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
  /** The saved finish line: the simulated car laps at it from the start (null = its default line). */
  lapCoords: LapCoords | null;
  /**
   * Let Socket.IO upgrade the backend link from HTTP long-polling to a
   * WebSocket (its default). Off by default: see SocketTransport.
   */
  webSocketUpgrade: boolean;
}

/** What to export; the defaults are every field, the whole history, every packet. */
export interface CsvExportRequest {
  /** null: every field (the 316 wire fields, then the derived ones). */
  fields: FieldPath[] | null;
  /** Time range in packet time (epoch seconds); null ends are open. */
  from: number | null;
  to: number | null;
  /** null: every packet; N: resampled to N rows per second (last value per bucket). */
  perSecond: number | null;
  /** "display": in `units`, at display precision, unit in the header; "raw": wire values. */
  values: "display" | "raw";
  units: AppUnits;
  /** Add "Time (ISO 8601 UTC)" and "Time (epoch ms)" as the first two columns. */
  timeColumns: boolean;
}

export type CsvExportStart =
  { ok: true; fileName: string; rows: number; columns: number } | { ok: false; message: string };

/** One piece of the file; pull the next until `done`. */
export interface CsvChunk {
  /** The chunk's text (UTF-8), made in the worker: a Blob travels by reference. */
  data: Blob;
  rowsDone: number;
  rowsTotal: number;
  done: boolean;
}

/** The running CSV job, for progress bars (poll it); null kind when none runs. */
export interface CsvProgress {
  kind: "export" | "import" | null;
  fileName: string;
  done: number;
  total: number;
  /** What done/total count: rows for an export, bytes for an import. */
  unit: "rows" | "bytes";
}

export interface CsvRowFailure {
  /** Row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  reason: string;
}

export interface CsvImportReport {
  ok: boolean;
  /** One sentence for the user (why it failed, or what was imported). */
  message: string;
  fileName: string;
  rowsRead: number;
  rowsImported: number;
  rowsFailed: number;
  /** The first 20 failing rows. */
  failures: CsvRowFailure[];
  /** Ignored columns, converted units, dropped rows… */
  notes: string[];
}

/** The happenings the UI notifies the user about (texts: src/state/notificationQueue.ts). */
export type NotificationKind = "lapComplete" | "carConnect" | "carDisconnect";

/**
 * Discrete happenings pushed to the UI through one Comlink.proxy callback,
 * batched. State (links, latencies, counters) is never sent here: it is in
 * every Snapshot.
 */
export type WorkerEvent =
  | { type: "notification"; kind: NotificationKind }
  | { type: "laps"; result: LapFetchResult }
  | { type: "lapCoords"; coords: LapCoords }
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
  /** Several plots' series at once (one frame's refresh), sharing the worker's work. */
  seriesBatch(requests: SeriesRequest[]): SeriesResult[];
  /**
   * Answer `seriesBatch` on `port` too: the render worker's end of a
   * MessageChannel, so live plots refresh without the main thread.
   */
  servePlots(port: MessagePort): void;
  setConnectionType(type: ConnectionType): void;
  setBackendUrl(url: string): void;
  /** Allow (or not) the WebSocket upgrade; a connected backend link is dialled again. */
  setWebSocketUpgrade(on: boolean): void;
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
  /** Plans a CSV export of the viewed history; then pull chunks with nextCsvChunk(). */
  startCsvExport(request: CsvExportRequest): CsvExportStart;
  /** The next piece of the running export; null when none runs (or it was cancelled). */
  nextCsvChunk(): CsvChunk | null;
  /** The lap table as shown, as CSV text (the spec's export helper). */
  lapsCsv(): string;
  /** Reads a CSV into a new history and shows it (IMPORTED marker); live goes on. */
  importCsv(file: Blob, fileName: string): Promise<CsvImportReport>;
  csvProgress(): CsvProgress;
  /** Stops the running export or import. */
  cancelCsv(): void;
  /** The driven track, downsampled for the map. */
  track(request: TrackRequest): TrackResult;
  /**
   * Move the finish line: NETWORK sends `setLapCoords` to the backend and
   * resolves with its answer (acknowledged or broadcast); DEMO moves the
   * simulated car's line. The password is never stored or logged.
   */
  setLapCoords(request: LapCoordsRequest): Promise<LapCoordsAnswer>;
}

// ── Plot series layers, painted by the render worker (workers/render) ──────
// Each plot's series lines are drawn on an OffscreenCanvas in a worker of
// their own, so their drawing and the canvas's trip to the compositor cost
// the main thread nothing; the main thread sends what to draw.

/** A closed range of x (epoch s) or y values. */
export interface ValueRange {
  min: number;
  max: number;
}

/** One picture of a plot's series lines. */
export interface SeriesPicture {
  /** x first, then one column per series (NaN = gap). */
  data: ArrayLike<number>[];
  x: ValueRange;
  /** Per column (index 1…): its scale's range; null when the scale has none yet. */
  y: (ValueRange | null)[];
  /** The plotting area in device pixels, and the line width (device pixels per CSS pixel). */
  width: number;
  height: number;
  lineWidth: number;
  /** Per column (index 1…): colour, whether shown, whether drawn as steps (booleans). */
  strokes: string[];
  shown: boolean[];
  stepped: readonly boolean[];
  /** The time axis under the plotting area (grid, ticks, labels), which moves with the lines. */
  axis: TimeAxisPicture;
}

/** The time axis: drawn with the lines so that a live picture shifts as one. */
export interface TimeAxisPicture {
  /** Seconds between ticks; ticks at `ticks` (epoch s), labelled `labels`. */
  increment: number;
  ticks: number[];
  labels: string[];
  /** Height below the plotting area and tick length, in device pixels. */
  height: number;
  tickLength: number;
  font: string;
  /** Colours of the labels, and of the grid lines and ticks. */
  text: string;
  grid: string;
}

/** One plot's paint: the whole picture, or only what changed from `fromX` on. */
export interface SeriesPaint {
  id: number;
  picture: SeriesPicture;
  /** null: paint afresh; a time: only data at and after it changed (live). */
  fromX: number | null;
}

/**
 * A live plot handed over to the render worker, which then keeps it up to
 * date on its own (asks the telemetry worker for tails, joins them to the
 * window, paints) until told to stop: the main thread does nothing per refresh.
 */
export interface LivePlotSpec {
  id: number;
  /** What the plot shows (the window and grid are the render worker's to ask). */
  request: Pick<SeriesRequest, "fields" | "points" | "units">;
  windowSeconds: number;
  /**
   * The window the UI drew last, which the first tail joins to; null when
   * the plot is already in the worker's hands (a new look or interval only).
   */
  window: SeriesResult | null;
  /** The picture's look: all but its data, x range and time axis. */
  look: Omit<SeriesPicture, "data" | "x" | "axis">;
  /** The time axis's look in CSS pixels, and the device pixel ratio. */
  axisLook: Omit<TimeAxisPicture, "increment" | "ticks" | "labels">;
  dpr: number;
  intervalMs: number;
}

/** What one live plot showed after a refresh in the render worker. */
export interface LivePlotNews {
  id: number;
  from: number | null;
  to: number | null;
  /** Per column (index 1…, flat [min, max, …]): finite extent inside the x range shown; NaN when none. */
  extents: number[];
  /** The newest row with data, [x, v1, …], for the legend; null when none. */
  newest: number[] | null;
  units: string[];
}

/**
 * The render worker's report on its live plots: after a refresh whose picture
 * left the y ranges it was given (the UI must set new ones), else at most
 * every NEWS_INTERVAL_MS (workers/render/LivePlots.ts) with what the
 * refreshes since the last report did.
 */
export interface RenderNews {
  type: "news";
  /** The newest news of each plot refreshed since the last report. */
  plots: LivePlotNews[];
  /** Each refresh since the last report: Date.now() when painted, and the newest packet time painted (NaN: nothing new). */
  paints: { atMs: number; newestX: number }[];
  /** Each refresh since the last report: how long the telemetry worker took to answer (ms). */
  answerMs: number[];
  /** Per plot painted: ms to join its tail and paint it (the plot update, done here). */
  updateMs: number[];
}

/**
 * The series surface (one canvas over the whole plot grid, drawn by the
 * render worker) as the page laid it out: its size and where each plot's
 * series area lies on it, in device pixels from its top left corner.
 */
export interface SurfaceLayout {
  width: number;
  height: number;
  places: { id: number; x: number; y: number }[];
}

export type RenderMessage =
  | { type: "surface"; canvas: OffscreenCanvas }
  | { type: "layout"; layout: SurfaceLayout }
  | { type: "attach"; id: number }
  | { type: "paint"; paints: SeriesPaint[] }
  | { type: "detach"; id: number }
  | { type: "telemetry"; port: MessagePort }
  | { type: "live"; spec: LivePlotSpec }
  | { type: "still"; id: number };
