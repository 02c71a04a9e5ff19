// Synthetic laps for the lap analysis tests: a round track of a given length
// driven at a speed that depends on the distance along the lap, sampled at
// 10 Hz into a real TelemetryStore, with one lap event per lap. Lap times are
// known in closed form from the speed profile, so every expected figure is
// computed by hand, not by the code under test.
import type { Lap } from "../../workers/contract/laps";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";

export const CENTRE = { lat: 36.99, long: -86.44 };
const EARTH_M = 6_371_000;

/** The point `s` metres along a circle of circumference `lengthM` (north of the centre at 0). */
export function onCircle(s: number, lengthM: number): { lat: number; long: number } {
  const r = lengthM / (2 * Math.PI);
  const a = (2 * Math.PI * s) / lengthM;
  const dLat = (r * Math.cos(a)) / EARTH_M;
  const dLong = (r * Math.sin(a)) / (EARTH_M * Math.cos((CENTRE.lat * Math.PI) / 180));
  return { lat: CENTRE.lat + (dLat * 180) / Math.PI, long: CENTRE.long + (dLong * 180) / Math.PI };
}

/** Speed (m/s) at a distance along the lap. */
export type SpeedProfile = (s: number) => number;

export const constant =
  (mps: number): SpeedProfile =>
  () =>
    mps;

/** `base` everywhere, divided by `factor` (time × factor) in [from, to). */
export const slowedIn =
  (base: number, from: number, to: number, factor: number): SpeedProfile =>
  (s) =>
    s >= from && s < to ? base / factor : base;

let template: Record<string, unknown> | null = null;
function packet(time: number, lat: number, long: number, speed: number): unknown {
  template ??= new CarSimulator({ seed: 1, startTime: 1_795_000_000 }).next(0.1) as Record<
    string,
    unknown
  >;
  const p = structuredClone(template) as Record<string, Record<string, unknown> | number>;
  p.TimeStamp = time;
  (p.Telemetry as Record<string, unknown>).GpsLatitude = lat;
  (p.Telemetry as Record<string, unknown>).GpsLongitude = long;
  (p.MotorDetails0 as Record<string, unknown>).VehicleVelocity = speed;
  return p;
}

export interface DrivenLaps {
  store: TelemetryStore;
  laps: Lap[];
  /** Lap times from the integration (what the lap events carry). */
  lapTimes: number[];
  starts: number[];
}

export interface DriveOptions {
  lengthM?: number;
  start?: number;
  rateHz?: number;
  /** Rows of standing at the start of the first lap before the first lap starts (s). */
  leadS?: number;
  /** Each row's fix, changed before it is stored (a glitch, a gap): null keeps it. */
  fix?: (time: number, lat: number, long: number) => { lat: number; long: number } | null;
}

/**
 * Drives the laps one after the other. Distance is integrated in 1 ms steps,
 * so a lap's time is the profile's ∫ ds / v to within a millisecond.
 */
export function driveLaps(profiles: SpeedProfile[], options: DriveOptions = {}): DrivenLaps {
  const lengthM = options.lengthM ?? 4400;
  const rate = options.rateHz ?? 10;
  const t0 = options.start ?? 1_795_000_000;
  const store = new TelemetryStore({ capacity: 200_000 });
  const laps: Lap[] = [];
  const lapTimes: number[] = [];
  const starts: number[] = [];
  const dt = 0.001;
  let t = t0;
  let nextRow = t0;
  const emit = (s: number, v: number) => {
    while (nextRow <= t + 1e-9) {
      let { lat, long } = onCircle(s, lengthM);
      const changed = options.fix?.(nextRow, lat, long);
      if (changed) ({ lat, long } = changed);
      store.ingest(packet(Math.round(nextRow * 1000) / 1000, lat, long, v), "DEMO");
      nextRow += 1 / rate;
    }
  };
  for (const profile of profiles) {
    const start = t;
    starts.push(start);
    let s = 0;
    while (s < lengthM) {
      emit(s, profile(s));
      s += profile(s) * dt;
      t += dt;
    }
    const lapTime = t - start;
    lapTimes.push(lapTime);
    laps.push(lapEvent(t, lapTime));
  }
  emit(0, profiles.at(-1)!(0)); // the row at the very end
  return { store, laps, lapTimes, starts };
}

export function lapEvent(end: number, lapTime: number, rfid = "tag-1"): Lap {
  return {
    rfid,
    endMs: end * 1000,
    lapTime,
    distance: 4.4,
    averageSpeed: 0,
    ampHours: 0,
    averagePackCurrent: 0,
    energyConsumed: 0,
    totalPowerIn: 0,
    totalPowerOut: 0,
    netPowerOut: 0,
    batterySecondsRemaining: -1,
    averageMotorWattage: null,
    simulated: false,
  };
}
