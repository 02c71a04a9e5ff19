// A synthetic solar car for the strategy's tests (not the demo simulator:
// the tests know its exact power curve and sun): rows stepped straight
// through the strategy stage, with known P(v), a clear sky of known scale, a
// pack of known size, and the speed wobbling as a driver's does.
import type { StrategySettings } from "../../workers/contract/strategy";
import type { StageEvent } from "../../workers/telemetry/pipeline/Stage";
import { F } from "../../workers/telemetry/strategy/strategyFields";
import { strategyStage, type StrategyState } from "../../workers/telemetry/strategy/strategyStage";
import { clearSkyIrradiance, sunElevationDeg } from "../../workers/telemetry/strategy/sun";
import { LAYOUT } from "../../workers/telemetry/features";

export const TRACK = { lat: 36.9, long: -86.4 };
/** 2026-06-16 09:00 in Chicago (CDT, UTC−5). */
export const NINE_AM = Date.UTC(2026, 5, 16, 14) / 1000;
export const ZONE = "America/Chicago";

export const SETTINGS: StrategySettings = {
  capacity: { kind: "Ah", ah: 40, nominalV: 125 },
  targetSocPct: 10,
  // No battery protection: the synthetic car drives until the pack is empty.
  stopSocPct: 0,
  resumeSocPct: 0,
  weatherFactor: 1,
  arrayRatingW: null,
  timeZone: ZONE,
  schedule: { start: "09:00", end: "17:00", stops: [], morningCharge: null, eveningCharge: null },
  raceDays: [],
};

export const CAR = { a: 60, b: 18, c: 0.08, massKg: 300, arrayScale: 0.85, packV: 125, ah: 40 };
export const carPower = (v: number) => CAR.a + CAR.b * v + CAR.c * v ** 3;

export interface World {
  state: StrategyState;
  time: number;
  soc: number;
  speed: number;
  events: StageEvent[];
  /** Fields to leave out of every row (NaN), e.g. the state of charge. */
  missing: Set<number>;
  /** The pack's voltage at a state of charge (%); CAR.packV when not set. */
  packV?: (socPct: number) => number;
  /** Another car's power against speed (m/s), W; power(0) standing. CAR's when not set. */
  power?: (v: number) => number;
}

export function createWorld(socPct = 85, time = NINE_AM): World {
  return {
    state: strategyStage.createState(LAYOUT),
    time,
    soc: socPct,
    speed: 0,
    events: [],
    missing: new Set(),
  };
}

const row = new Float64Array(LAYOUT.storedNumericFields.length);
const bits = new Uint32Array(16);

/**
 * Drives for `seconds` at about `kmh` (1 Hz rows): the speed wobbles ±15 %
 * over half a minute, and the power carries the wobble's m·a·v.
 */
export function drive(world: World, kmh: number, seconds: number, cloud = 1): void {
  for (let i = 0; i < seconds; i++) {
    world.time += 1;
    const target = kmh / 3.6;
    const prev = world.speed;
    world.speed = target <= 0 ? 0 : target * (1 + 0.15 * Math.sin((2 * Math.PI * world.time) / 30));
    const accel = world.speed - prev;
    const power = world.power ?? carPower;
    const drivePower =
      world.speed > 0 ? power(world.speed) + CAR.massKg * accel * world.speed : power(0);
    const sun =
      CAR.arrayScale *
      clearSkyIrradiance(sunElevationDeg(world.time, TRACK.lat, TRACK.long)) *
      cloud;
    const net = drivePower - sun;
    const packV = world.packV?.(world.soc) ?? CAR.packV;
    // The state of charge counts charge: the same Wh take more of it at a lower voltage.
    world.soc -= ((net / packV) * (1 / 3600) * 100) / CAR.ah;
    row.fill(NaN);
    row[F.time] = world.time;
    row[F.soc] = world.soc;
    row[F.packV] = packV;
    row[F.packI] = net / packV;
    row[F.speed] = world.speed;
    row[F.lat] = TRACK.lat;
    row[F.long] = TRACK.long;
    for (let c = 0; c < F.array.length; c += 2) {
      row[F.array[c]!] = 40;
      row[F.array[c + 1]!] = sun / 8 / 40;
    }
    for (const field of world.missing) row[field] = NaN;
    strategyStage.step(world.state, row, bits, 0, (e) => world.events.push(e));
  }
}
