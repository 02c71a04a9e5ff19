export interface LapCoords {
  lat: number;
  long: number;
}

/** Which generation of the team's backend is heard (PROTOCOL.md "More of the real server"). */
export type BackendGeneration = "2026-01" | "2026-06";

/**
 * One lap, normalised from either generation's record. Numbers as received
 * (the UI rounds to 2 decimals), with the server's meanings (PROTOCOL.md "Lap
 * record figures"; workers/shared/lapFigures.ts shows them): lapTime s,
 * distance km, averageSpeed the mean of (motor 0 rpm + motor 1 rpm) / 2 (not
 * km/h), ampHours the pack's Ah reading at the lap's end (a level),
 * averagePackCurrent A, energyConsumed J (lapTime × netPowerOut), powers W
 * with netPowerOut = in − out, batterySecondsRemaining s (−1: unknown).
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
  /** Why the last fetch failed, in words; absent when it did not. */
  reason?: string;
}

/** The backend's `raceInfo`, validated. */
export interface RaceInfo {
  lapNumber: number;
  /** The race day as people count it: 1 is the first of raceDates (the wire counts from 0). */
  raceDay: number;
  /** How many race days the server knows of (raceDates). */
  raceDays: number;
  /** The race's days as the server sends them, "YYYY-MM-DD" (the date part of raceDates). */
  raceDates: string[];
  /** Distance today and in total, in VehicleVelocity's unit × hours (km for km/h). */
  distanceToday: number;
  totalDistance: number;
  /** ms left in the race day. */
  timeLeftMs: number;
  /** Wall-clock ms when it was received. */
  receivedAt: number;
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
