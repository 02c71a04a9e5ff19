// A synthetic circuit for lap analysis tests: a circle of known length driven
// at a speed the test chooses for each lap and each point of the lap, stored
// through the real TelemetryStore. Times, distances and crossings are then
// known by hand: lap time = ∫ ds / v.
import type { Lap } from "../../workers/contract/laps";
import { EARTH_RADIUS_M as EARTH_M } from "../../workers/shared/earth";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";

export const CENTRE = { lat: 36.9, long: -86.4 };
export const T0 = 1_795_000_000;
const RAD = Math.PI / 180;

export interface CircuitOptions {
  /** Circumference, m (default 1000). */
  lengthM?: number;
  laps: number;
  /** Speed (m/s) on lap `lap` (0-based) at `fraction` (0..1) of the lap. Default 20. */
  speed?: (lap: number, fraction: number) => number;
  /** Packets per second (default 10). */
  rateHz?: number;
  /** Seconds to stand still before lap `lap` starts (at the line). */
  standBefore?: (lap: number) => number;
  /** Drop packets (no row) or their GPS fix while this is true. */
  dropRow?: (t: number) => boolean;
  dropFix?: (t: number) => boolean;
  /** Extra per-packet values. */
  decorate?: (p: ReturnType<typeof defaultPacket>, t: number) => void;
  store?: TelemetryStore;
}

export interface Circuit {
  store: TelemetryStore;
  /** Where the car crosses the line (lap start/end), lat/long. */
  line: { lat: number; long: number };
  /** Packet time (epoch s) of each lap's start and end, as driven. */
  starts: number[];
  ends: number[];
  /** Lap events as a backend would send them. */
  events: Lap[];
  lengthM: number;
}

/** Position at `fraction` of the way round (0 = the line, at the circle's south, anticlockwise). */
export function circlePoint(lengthM: number, fraction: number): { lat: number; long: number } {
  const r = lengthM / (2 * Math.PI);
  const a = 2 * Math.PI * fraction - Math.PI / 2;
  const x = r * Math.cos(a);
  const y = r * Math.sin(a);
  return {
    lat: CENTRE.lat + y / (EARTH_M * RAD),
    long: CENTRE.long + x / (EARTH_M * RAD * Math.cos(CENTRE.lat * RAD)),
  };
}

export function driveCircuit(options: CircuitOptions): Circuit {
  const lengthM = options.lengthM ?? 1000;
  const rate = options.rateHz ?? 10;
  const speed = options.speed ?? (() => 20);
  const store = options.store ?? new TelemetryStore({ layout: LAYOUT, capacity: 1 << 18 });
  const starts: number[] = [];
  const ends: number[] = [];
  const dtStep = 1 / rate;
  let t = 0;
  let emitAt = 0; // next packet time, s after T0
  const emit = (fraction: number, v: number) => {
    while (emitAt <= t + 1e-9) {
      const at = T0 + emitAt;
      emitAt += dtStep;
      if (options.dropRow?.(at)) continue;
      const p = defaultPacket();
      p.TimeStamp = Math.round(at * 1000) / 1000;
      const pos = circlePoint(lengthM, fraction);
      const fix = !options.dropFix?.(at);
      p.Telemetry.GpsLatitude = fix ? pos.lat : 0;
      p.Telemetry.GpsLongitude = fix ? pos.long : 0;
      p.MotorDetails0.VehicleVelocity = v;
      p.Title = "Helios";
      options.decorate?.(p, at);
      if (!store.ingest(p, "DEMO")) throw new Error("circuit packet rejected");
    }
  };
  // Integrate in small time steps so positions between packets are exact enough.
  const h = 0.01;
  for (let lap = 0; lap < options.laps; lap++) {
    const stand = options.standBefore?.(lap) ?? 0;
    for (let s = 0; s < stand; s += h) {
      t += h;
      emit(0, 0);
    }
    starts.push(T0 + t);
    let done = 0;
    while (done < lengthM) {
      const v = speed(lap, done / lengthM);
      const step = Math.min(v * h, lengthM - done);
      t += step / v;
      done += step;
      emit((done / lengthM) % 1, v);
    }
    ends.push(T0 + t);
  }
  // Drive on a little past the last line, so its crossing is seen.
  const v = speed(options.laps - 1, 0);
  for (let done = 0; done < 0.05 * lengthM; done += v * h) {
    t += h;
    emit(done / lengthM, v);
  }
  const events: Lap[] = ends.map((end, i) => ({
    rfid: "0xA1",
    endMs: end * 1000,
    lapTime: end - starts[i]!,
    distance: lengthM / 1000,
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
  }));
  return { store, line: circlePoint(lengthM, 0), starts, ends, events, lengthM };
}
