// The simulated cars (issue 56): what sets each one's power against speed,
// its pack and its array. The bench drives both, so that a forecaster that
// fits one shape of car is seen to; it is never told which car it is.
//
// The power a car draws at a steady speed v (m/s) is
//   standing load + (rolling + drivetrain drag + ½·ρ·CdA·v²)·v / efficiency,
// so its curve is a + b·v + c·v³: the rolling and drivetrain terms rise
// linearly with speed, the air's with its cube. Which term leads is what
// sets a car's shape.
import type { DemoCar } from "../../../contract/config";
import { DEMO_CARS } from "../../../shared/demoCars";
import { G } from "./carModel";

export type CarKind = DemoCar;
export const CAR_KINDS: readonly CarKind[] = DEMO_CARS;

export interface CarSpec {
  kind: CarKind;
  /** What the car is, in a few words, for a report. */
  label: string;
  /** Car and driver, kg. */
  massKg: number;
  /** Drag area: drag coefficient × frontal area, m². */
  cdaM2: number;
  rollingCoeff: number;
  /**
   * The drivetrain's own drag as a force at the wheels, N, whatever the
   * speed: a chain or gears, wheel bearings and seals, the motor's iron
   * losses (hysteresis, per turn). Its power rises linearly with speed.
   */
  drivetrainDragN: number;
  /** Electrical to wheel power while driving, and wheel to pack while braking on the motors. */
  driveEfficiency: number;
  regenEfficiency: number;
  maxDriveForceN: number;
  maxRegenForceN: number;
  /** The 12 V system (through the DC-DC) and the motor controllers idling, W: drawn standing too. */
  auxLoadW: number;
  controllersIdleW: number;
  /** 3.35 Ah cells in parallel (carModel's CELLS_IN_SERIES in series). */
  packCapacityAh: number;
  packResistanceOhm: number;
  /** The array's power at 1000 W/m² (its rating, at a clear summer noon on a flat car). */
  arrayPeakW: number;
}

const AIR_DENSITY = 1.2;

/**
 * The demo's car: a light three-wheeler on low-rolling-resistance tyres with
 * two direct-drive hub motors; its power rises mostly with the air's cube.
 */
const LIGHT: CarSpec = {
  kind: "light",
  label: "a 300 kg three-wheeler, CdA 0.12 m², 40 Ah, a 920 W array",
  massKg: 300,
  cdaM2: 0.12,
  rollingCoeff: 0.006,
  drivetrainDragN: 0,
  driveEfficiency: 0.94,
  regenEfficiency: 0.7,
  maxDriveForceN: 520,
  maxRegenForceN: 360,
  auxLoadW: 45,
  controllersIdleW: 16,
  packCapacityAh: 40, // 32s12p
  packResistanceOhm: 0.085,
  arrayPeakW: 920, // 4 m² × 23 %
};

/**
 * A heavier, older car whose power rises nearly linearly with speed, as a
 * real one's did (about 0.9 kW at 20 km/h, 1.75 kW at 44 and 2.25 kW at 60):
 * car tyres and a chain drive with a motor whose iron losses grow with its
 * speed give it a large linear term; a small, slippery body a small cubic
 * one; cooling fans, displays and radios a standing load of about 260 W.
 * Its pack and array are its own: 80 Ah (32s24p) and 1,050 W (4.4 m² × 24 %).
 */
const LINEAR: CarSpec = {
  kind: "linear",
  label: "a 450 kg car, power nearly linear in speed, 80 Ah, a 1,050 W array",
  massKg: 450,
  cdaM2: 0.08,
  rollingCoeff: 0.011,
  drivetrainDragN: 43,
  driveEfficiency: 0.85,
  regenEfficiency: 0.6,
  maxDriveForceN: 700,
  maxRegenForceN: 450,
  auxLoadW: 230,
  controllersIdleW: 30,
  packCapacityAh: 80.4,
  packResistanceOhm: 0.043,
  arrayPeakW: 1050,
};

export const CARS: Readonly<Record<CarKind, CarSpec>> = { light: LIGHT, linear: LINEAR };

/** Force the air, the tyres and the drivetrain take from the car at speed v (m/s), N. */
export function resistanceForce(car: CarSpec, v: number): number {
  return (
    0.5 * AIR_DENSITY * car.cdaM2 * v * v +
    (v > 0.01 ? car.rollingCoeff * car.massKg * G + car.drivetrainDragN : 0)
  );
}

/** The pack and array's power at a steady speed v (m/s) on the flat, W: what the car draws. */
export function steadyPowerW(car: CarSpec, v: number): number {
  return car.auxLoadW + car.controllersIdleW + (resistanceForce(car, v) * v) / car.driveEfficiency;
}
