// The lap analysis channel: laps as spans of a history (from lap events or
// finish-line crossings), their energy and sector times, sector lines, and
// the comparison of 2–6 laps against distance with the time gained and lost.
// The worker cuts, resamples and sums (workers/telemetry/laps/analysis/);
// the UI picks, draws and edits. Types only.
import type { AppUnits, FieldPath } from "./fields";

/** Where a lap's rows are: the shown history (live or this window's replay) or a recorded session. */
export type LapOrigin = { kind: "shown" } | { kind: "session"; sessionId: string };

/** Names one lap across calls: its origin and its start (packet time, epoch s). */
export interface LapKey {
  origin: LapOrigin;
  start: number;
}

/** Why a lap does not count towards "best". */
export type LapFlag = "out-lap" | "in-lap" | "partial";

/** One lap cut from a history. */
export interface LapSpan {
  key: LapKey;
  /** 1-based in its history, oldest first. */
  number: number;
  /** Packet times, epoch s. */
  start: number;
  end: number;
  lapTimeS: number;
  /** What cut it: the backend's/demo's lap event, or a crossing of the finish line by the GPS track. */
  boundary: "event" | "crossing";
  rfid: string;
  /** The driver's name when the backend lists it, else the RFID. */
  driver: string;
  /** Empty when the lap counts; a flagged lap is marked and left out of "best". */
  flags: LapFlag[];
  /** Why it is flagged, e.g. "GPS gap of 42 s", "source changed", "stopped 6 min at the start". */
  flagReason: string;
  simulated: boolean;
}

/** Energy over a lap or a sector, computed from the history at full resolution. */
export interface LapEnergy {
  /**
   * ∫ pack voltage × pack current (discharge positive), Wh: what the pack
   * lost. The MPPTs charge the pack, so the sun's share is already taken off.
   */
  packOutWh: number;
  /** ∫ MPPT array power, Wh: what the sun gave. */
  arrayInWh: number;
  /**
   * What the car used, whatever it came from: packOutWh + arrayInWh, Wh
   * (motors and auxiliaries; regen taken off). Comparable between laps in
   * sun and cloud, unlike packOutWh.
   */
  netWh: number;
  /** netWh per km of the lap's (GPS) distance; null when the distance is under 10 m. */
  whPerKm: number | null;
  distanceKm: number;
  averageSpeedKmh: number;
}

/** The backend's own figures for a lap (lap record), beside ours as a check. */
export interface BackendLapFigures {
  ampHours: number;
  averagePackCurrent: number;
  /** energyConsumed converted from J to Wh, with the server's sign. */
  energyWh: number;
  distanceKm: number;
}

/** A named sector line, set on the map: a gate across the track at this point. Saved in the browser only. */
export interface SectorLine {
  name: string;
  lat: number;
  long: number;
}

export const MAX_SECTOR_LINES = 8;

/** One sector's stretch of the track, for the map (degrees; (0, 0) fixes left out). */
export interface SectorStretch {
  lat: number[];
  long: number[];
}

/** One row of the lap table. */
export interface LapRow {
  span: LapSpan;
  energy: LapEnergy | null;
  backend: BackendLapFigures | null;
  /** Sector times, s, in track order from the finish line (sector lines + 1 entries); null: not crossed. */
  sectorS: (number | null)[];
  sectorEnergy: (LapEnergy | null)[];
}

/** The lap table of a history with its sectors. */
export interface LapTable {
  rows: LapRow[];
  /** The sector lines in track order, as used (a line far from the track is left out, and said so). */
  sectors: SectorLine[];
  sectorProblems: string[];
  /** The best counting lap's start, and the best of each sector column (index into rows). */
  bestLap: number | null;
  bestSector: (number | null)[];
  /** Sum of the best sectors, s; null without sectors or without a complete set. */
  theoreticalBestS: number | null;
  /**
   * The map's colouring by sector: one lap's GPS track (the best counting
   * lap's, else one that crosses every line) cut at the sector lines, one
   * stretch per sector in track order, thinned for drawing. Empty without sectors.
   */
  sectorTrack: SectorStretch[];
  simulated: boolean;
}

export interface LapCompareRequest {
  /** 2–6 laps. */
  laps: LapKey[];
  /** The lap the delta is measured against; null: the best counting lap among `laps`. */
  reference: LapKey | null;
  fields: FieldPath[];
  units: AppUnits;
  /** The zone a refusal writes its times in (IANA name: the window's); UTC when absent. */
  timeZone?: string;
}

/** One lap on the common distance grid. */
export interface ComparedLap {
  key: LapKey;
  /** e.g. "Lap 12 · 3:41.2 · Alice" (with the session's name for another session's lap). */
  label: string;
  lapTimeS: number;
  /** Seconds since the lap's start at each grid point. */
  elapsedS: Float64Array;
  /** Position at each grid point (the map's cursor markers). */
  lat: Float64Array;
  long: Float64Array;
  /** One column per requested field, in display units (NaN = no value). */
  values: Float64Array[];
  /** This lap's elapsed time minus the reference's at each grid point, s (positive = slower). */
  deltaS: Float64Array;
  energy: LapEnergy | null;
}

export type LapCompareResult =
  | {
      ok: true;
      /** The grid: distance from the line at each point, in display units (m or ft). */
      distance: Float64Array;
      distanceUnit: string;
      /** Metres between grid points (5). */
      stepM: number;
      fields: { path: FieldPath; label: string; unit: string }[];
      laps: ComparedLap[];
      referenceIndex: number;
    }
  | { ok: false; message: string };

export interface LapAnalysisApi {
  /** The shown history's lap table with energy and sector columns. */
  lapTable(): Promise<LapTable>;
  /** A recorded session's laps (cross-session compare), cut and summed the same way. */
  sessionLapTable(sessionId: string): Promise<LapTable | { ok: false; message: string }>;
  /** The sector lines every history is cut with (the UI saves them in the browser). */
  setSectorLines(lines: SectorLine[]): Promise<{ ok: true } | { ok: false; message: string }>;
  compareLaps(request: LapCompareRequest): Promise<LapCompareResult>;
  /** The comparison as a distance-based CSV (one row per grid point, a column per lap and field). */
  compareCsv(
    request: LapCompareRequest,
  ): Promise<{ ok: true; fileName: string; text: string } | { ok: false; message: string }>;
}
