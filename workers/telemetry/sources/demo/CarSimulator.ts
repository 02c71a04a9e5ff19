// A deterministic simulated solar car. Pure: `next(dt)` advances the car by
// dt seconds of simulated time and returns one telemetry packet; there are no
// timers, so the demo source, the feed server and the benchmarks all drive it
// at their own pace. Same seed + same dt sequence = same packets.
//
// Realistic enough to forecast (issue 35), never shaped like the forecaster:
// the real sun for the time its packets carry (sun.ts), seeded cloud episodes
// (weather.ts), a driver holding a commanded speed, and a battery protection
// that stops the car at the pack's minimum rather than driving on empty.
import type { TelemetryPacket } from "../../schema/packetSchema";
import type { LapRecord } from "../../laps/laps";
import * as car from "./carModel";
import { CAR_KINDS, CARS, resistanceForce, type CarKind, type CarSpec } from "./cars";
import { FaultEpisodes } from "./faults";
import { LapRecorder } from "./LapRecorder";
import { buildPacket } from "./packetBuilder";
import { clamp, createRandom, Drift } from "./random";
import { clearSkyIrradiance, sunPosition, type SunPosition } from "./sun";
import { TRACK } from "./track";
import { Weather, type WeatherKind } from "./weather";
import type { CarState } from "./carState";
import { resumeCar } from "./carResume";
import type { RecordedRow } from "../../sessions/newestRow";

interface CarSimulatorOptions {
  seed?: number;
  /** Epoch seconds of the first packet. Default 2025-07-15T15:00:00Z. */
  startTime?: number;
  /** The day's clouds (weather.ts). Default "random": a seeded mix of episodes. */
  weather?: WeatherKind;
  /** The speed the driver holds where corners allow, km/h; 0 = stand; null = the default pace. */
  commandedKmh?: number | null;
  /** Which car (cars.ts). Default "light": the demo's three-wheeler. */
  car?: CarKind;
  /**
   * The pack's state of charge at the start, 0–1 (a car switched off overnight
   * starts the next day where it ended); default a seeded 0.86–0.94.
   */
  startSoc?: number;
  onLap?: (lap: LapRecord) => void;
}

const DRIVERS = ["0x4A7F21C3", "0x19B04E5D", "0x7C3D9A10"];
const MAX_SUBSTEP_S = 0.1; // keeps the physics stable when packets are slow
/**
 * The demo's race pace, km/h, when no speed is commanded: a summer day at the
 * track (09:00–17:00 from ~90 %) ends with charge to spare in fair weather.
 */
export const DEFAULT_PACE_KMH = 65;
/**
 * Battery protection: at this state of charge the car stops (the pack's
 * minimum; the BMS lets nothing more out of it) and stands in the sun until
 * the pack is back at RESUME_SOC, then drives on.
 */
export const PROTECT_SOC = 0.05;
export const RESUME_SOC = 0.1;
/** Below this (m/s) a driver told to stop is stopped: foot on the brake. */
const STANDSTILL_MPS = 0.3;
/**
 * The backend's lap trigger is a geofence around the finish line: a line set
 * further than this from the simulated track is never crossed (no laps).
 */
export const FINISH_GEOFENCE_M = 150;

export class CarSimulator {
  readonly state: CarState;
  /** The car being simulated (its mass, losses, pack and array). */
  readonly car: CarSpec;
  private readonly random: () => number;
  private readonly profile: Float64Array;
  private readonly pace: Drift;
  private readonly weather: Weather;
  private readonly channelShare: Float64Array;
  private readonly startTime: number;
  private readonly lap = new LapRecorder();
  private readonly completed: LapRecord[] = [];
  private readonly onLap: ((lap: LapRecord) => void) | undefined;
  // Kept apart from the epoch start: adding small steps to ~1.7e9 loses precision.
  private elapsed = 0;
  /** Where on the lap the finish line lies, metres; null = off the track, no laps. */
  private finishAt: number | null = 0;
  private sun: SunPosition = { elevationDeg: 0, azimuthDeg: 0 };
  private sunAt = Number.NaN;

  constructor(options: CarSimulatorOptions = {}) {
    const kind = options.car ?? "light";
    if (!CAR_KINDS.includes(kind))
      throw new Error(`Unknown car "${String(kind)}": expected ${CAR_KINDS.join(", ")}`);
    this.car = CARS[kind];
    this.random = createRandom(options.seed ?? 1);
    const r = this.random;
    this.startTime = options.startTime ?? Date.UTC(2025, 6, 15, 15) / 1000;
    this.onLap = options.onLap;
    this.profile = TRACK.speedProfile(
      car.MAX_SPEED_MPS,
      car.LATERAL_ACCEL,
      car.DRIVE_ACCEL,
      car.BRAKE_DECEL,
    );
    // The driver holds the commanded speed to within a couple of per cent.
    this.pace = new Drift(1, 0.98, 1.02, 0.003);
    this.weather = new Weather({
      seed: options.seed ?? 1,
      kind: options.weather ?? "random",
      longitude: TRACK.pointAt(0).long,
    });
    const channels = car.MPPT_UNITS * car.MPPT_CHANNELS;
    this.channelShare = Float64Array.from({ length: channels }, () => 0.92 + r() * 0.1);
    const start = TRACK.pointAt(0);
    // The draw is made either way, so a seed's later draws (and runs) stay the same.
    const drawnSoc = 0.86 + r() * 0.08;
    const soc = options.startSoc ?? drawnSoc;
    if (!(soc >= 0 && soc <= 1)) throw new Error(`startSoc must be 0–1, got ${soc}`);
    const commanded = commandedSpeedMps(options.commandedKmh ?? null);
    this.state = {
      time: this.startTime,
      packetIndex: 0,
      rfid: DRIVERS[Math.floor(r() * DRIVERS.length)]!,
      lapDistance: 0,
      odometer: 1_250_000 + Math.floor(r() * 50_000),
      speed: Math.min(this.profile[0]!, commanded),
      accel: 0,
      motorForce: 0,
      accelPedal: 0,
      regenPedal: 0,
      braking: false,
      targetSpeed: 0,
      lat: start.lat,
      long: start.long,
      curvature: start.curvature,
      motorPower: 0,
      motorTemp: [car.AMBIENT_C + 4, car.AMBIENT_C + 5],
      heatsinkTemp: [car.AMBIENT_C + 2, car.AMBIENT_C + 2.5],
      dcBusAh: [0, 0],
      canRxErrors: [0, 0],
      soc,
      remainingAh: soc * this.car.packCapacityAh,
      packVoltage: car.CELLS_IN_SERIES * car.cellOpenCircuitVoltage(soc),
      packCurrent: 0,
      packTemp: car.AMBIENT_C + 1,
      cellOffsets: Float64Array.from({ length: car.CELLS_IN_SERIES }, () => (r() - 0.5) * 0.016),
      thermistorOffsets: Float64Array.from({ length: car.THERMISTORS }, () => (r() - 0.5) * 2.4),
      irradiance: 0,
      channelPower: new Float64Array(channels),
      channelVoltage: new Float64Array(channels),
      mpptTemp: new Float64Array(channels).fill(car.AMBIENT_C + 5),
      solarPower: 0,
      cabinTemp: car.AMBIENT_C + 5,
      lapCompleted: false,
      faults: new FaultEpisodes(r),
      packEnergyOutWh: 0,
      protectionStop: false,
      commandedSpeed: commanded,
      car: this.car,
    };
  }

  /** Go on as the car of a recorded packet (carResume.ts says what is taken up). */
  resumeFrom(row: RecordedRow): void {
    resumeCar(this.state, row, this.car.packCapacityAh);
  }

  /** Length of one lap of the simulated circuit, metres. */
  get trackLength(): number {
    return TRACK.length;
  }

  /**
   * The speed the driver holds from now on, km/h (slower where corners need
   * it); 0 = stop and stand (still charging in the sun); null = the default pace.
   */
  setCommandedSpeed(kmh: number | null): void {
    this.state.commandedSpeed = commandedSpeedMps(kmh);
  }

  /** Advance by dtSeconds of simulated time and return the packet for that moment. */
  next(dtSeconds: number): TelemetryPacket {
    const dt = Number.isFinite(dtSeconds) && dtSeconds > 0 ? dtSeconds : 0;
    this.state.lapCompleted = false;
    const steps = Math.max(1, Math.ceil(dt / MAX_SUBSTEP_S));
    for (let i = 0; i < steps; i++) this.step(dt / steps);
    this.state.faults.update(this.elapsed, this.state);
    this.state.packetIndex++;
    return buildPacket(this.state, this.random);
  }

  /**
   * Move the finish line (the backend's lapCoords): laps complete where the
   * car passes the track point nearest to it. Returns false when the line is
   * off the track (farther than the geofence): then no lap completes.
   */
  setFinishLine(lat: number, long: number): boolean {
    if (!Number.isFinite(lat) || !Number.isFinite(long)) return false;
    const { along, offTrackM } = TRACK.nearest(lat, long);
    this.finishAt = offTrackM <= FINISH_GEOFENCE_M ? along : null;
    return this.finishAt !== null;
  }

  /** The oldest lap completed and not yet taken, or null. */
  takeCompletedLap(): LapRecord | null {
    return this.completed.shift() ?? null;
  }

  private step(h: number): void {
    const s = this.state;
    const r = this.random;
    this.elapsed += h;
    s.time = this.startTime + this.elapsed;
    this.pace.step(r, h);
    if (s.protectionStop && s.soc >= RESUME_SOC) s.protectionStop = false;

    // Driver: hold the commanded speed, slower where the grip-limited speed
    // profile a little ahead of the car needs it; stand while protected.
    const ahead = (s.lapDistance + s.speed * 0.5) % TRACK.length;
    const corner = this.profile[Math.floor(ahead / TRACK.step) % TRACK.sampleCount]!;
    s.targetSpeed = s.protectionStop ? 0 : Math.min(corner, s.commandedSpeed * this.pace.current);
    const wantedAccel = clamp((s.targetSpeed - s.speed) / 1.5, -car.BRAKE_DECEL, car.DRIVE_ACCEL);
    const spec = this.car;
    const resistance = resistanceForce(spec, s.speed);
    const neededForce = spec.massKg * wantedAccel + resistance;
    s.motorForce = clamp(neededForce, -spec.maxRegenForceN, spec.maxDriveForceN);
    // Harder braking than regen can give is done by the mechanical brakes.
    s.braking = neededForce < -spec.maxRegenForceN * 0.8;
    const wheelForce = s.braking ? neededForce : s.motorForce;
    s.accel = h > 0 ? (wheelForce - resistance) / spec.massKg : 0;
    s.speed = Math.max(0, s.speed + s.accel * h);
    if (s.targetSpeed === 0 && s.speed < STANDSTILL_MPS) {
      // Told to stand: the last bit of speed goes on the brakes, and it stays put.
      s.speed = 0;
      s.accel = 0;
      s.motorForce = 0;
      s.braking = true;
    }
    s.accelPedal = s.motorForce > 0 ? (s.motorForce / spec.maxDriveForceN) * 100 : 0;
    s.regenPedal = s.motorForce < 0 ? (-s.motorForce / spec.maxRegenForceN) * 100 : 0;

    const moved = s.speed * h;
    const before = s.lapDistance;
    s.odometer += moved;
    s.lapDistance += moved;
    if (s.lapDistance >= TRACK.length) s.lapDistance -= TRACK.length;
    const point = TRACK.pointAt(s.lapDistance);
    s.lat = point.lat;
    s.long = point.long;
    s.curvature = point.curvature;

    const mechanical = s.motorForce * s.speed;
    s.motorPower =
      mechanical >= 0 ? mechanical / spec.driveEfficiency : mechanical * spec.regenEfficiency;
    this.updateSun(h, point.heading);
    this.updateBattery(h);
    this.updateTemperatures(h);

    // Both hub motors turn at the wheels' rpm; regen counts as power in (the server's way).
    this.lap.add({
      dt: h,
      distance: moved,
      packCurrent: s.packCurrent,
      motorRpm: (s.speed / car.WHEEL_RADIUS_M) * (60 / (2 * Math.PI)),
      powerOut: Math.max(0, s.motorPower) + spec.auxLoadW,
      powerIn: s.solarPower + Math.max(0, -s.motorPower),
    });
    if (this.finishAt !== null && crossed(before, s.lapDistance, this.finishAt)) {
      s.lapCompleted = true;
      const record = this.lap.finish(s.rfid, Math.round(s.time * 1000), s.remainingAh);
      this.completed.push(record);
      if (this.completed.length > 100) this.completed.shift();
      this.onLap?.(record);
    }
  }

  private updateSun(h: number, heading: number): void {
    const s = this.state;
    // The real sun for where the car is and the time its packet carries.
    // It moves 0.004°/s: once a simulated second is plenty.
    if (!(Math.abs(s.time - this.sunAt) < 1)) {
      this.sun = sunPosition(s.time, s.lat, s.long);
      this.sunAt = s.time;
    }
    s.irradiance = clearSkyIrradiance(this.sun, heading) * this.weather.transmission(s.time);
    s.solarPower = 0;
    for (let c = 0; c < s.channelPower.length; c++) {
      const power =
        (this.car.arrayPeakW / s.channelPower.length) * s.irradiance * this.channelShare[c]!;
      s.channelPower[c] = power;
      s.channelVoltage[c] = car.stringVoltage(s.irradiance, s.mpptTemp[c]! + 10);
      s.solarPower += power;
      const heat = 0.03 * power + 12 * s.irradiance;
      s.mpptTemp[c]! += ((heat - (s.mpptTemp[c]! - car.AMBIENT_C)) * h) / 300;
    }
  }

  private updateBattery(h: number): void {
    const s = this.state;
    const spec = this.car;
    const load = s.motorPower + spec.auxLoadW + spec.controllersIdleW;
    const net = load - s.solarPower * 0.98;
    const ocv = car.CELLS_IN_SERIES * car.cellOpenCircuitVoltage(s.soc);
    const R = spec.packResistanceOhm;
    // V = ocv − I·R and P = V·I  →  I = (ocv − √(ocv² − 4RP)) / 2R
    const disc = Math.max(0, ocv * ocv - 4 * R * net);
    s.packCurrent = (ocv - Math.sqrt(disc)) / (2 * R);
    // Protection: the pack gives nothing below its minimum. The car stops,
    // and what the loads still want comes from the 12 V system's own battery.
    const aboveMinimumAh = s.remainingAh - PROTECT_SOC * spec.packCapacityAh;
    if (s.packCurrent > 0 && (s.packCurrent * h) / 3600 >= aboveMinimumAh) {
      s.protectionStop = true;
      s.packCurrent = h > 0 ? (Math.max(0, aboveMinimumAh) * 3600) / h : 0;
    }
    s.packVoltage = ocv - s.packCurrent * R;
    s.packEnergyOutWh += (s.packVoltage * s.packCurrent * h) / 3600;
    s.remainingAh = clamp(s.remainingAh - (s.packCurrent * h) / 3600, 0, spec.packCapacityAh);
    s.soc = s.remainingAh / spec.packCapacityAh;
    const busAh = ((s.motorPower / s.packVoltage) * h) / 3600 / 2;
    s.dcBusAh[0] += busAh;
    s.dcBusAh[1] += busAh;
  }

  private updateTemperatures(h: number): void {
    const s = this.state;
    const iq = ((s.motorForce / 2) * car.WHEEL_RADIUS_M) / car.MOTOR_KT;
    for (const m of [0, 1] as const) {
      const motorLoss = iq * iq * car.MOTOR_PHASE_RESISTANCE * 1.5 + 0.06 * s.speed * s.speed;
      s.motorTemp[m] += ((motorLoss - 4 * (s.motorTemp[m] - car.AMBIENT_C)) * h) / 3500;
      const sinkLoss = 0.03 * Math.abs(s.motorPower / 2) + 3;
      s.heatsinkTemp[m] += ((sinkLoss - 3 * (s.heatsinkTemp[m] - car.AMBIENT_C)) * h) / 1500;
    }
    const packHeat = s.packCurrent * s.packCurrent * this.car.packResistanceOhm;
    s.packTemp += ((packHeat - 6 * (s.packTemp - car.AMBIENT_C)) * h) / 25000;
    const cabinTarget = car.AMBIENT_C + 4 + 8 * s.irradiance;
    s.cabinTemp += ((cabinTarget - s.cabinTemp) * h) / 600;
  }
}

function commandedSpeedMps(kmh: number | null): number {
  if (kmh === null) return DEFAULT_PACE_KMH / 3.6;
  if (!Number.isFinite(kmh) || kmh < 0) {
    throw new Error(`Commanded speed must be a number of km/h ≥ 0 or null, got ${kmh}`);
  }
  return kmh / 3.6;
}

/** Whether moving from `a` to `b` metres along the (wrapping) lap passed `finish`. */
function crossed(a: number, b: number, finish: number): boolean {
  return b >= a ? a < finish && finish <= b : finish > a || finish <= b;
}
