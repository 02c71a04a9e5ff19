// Physical constants and small models of the simulated car: a light
// three-wheeler with two hub motors, a 32s12p lithium-ion pack and a 4 m²
// array split over 4 MPPTs × 2 channels. Numbers are chosen to look like a
// real solar car on a telemetry screen, not to win a race.

export const WHEEL_RADIUS_M = 0.28;
export const MASS_KG = 300; // car + driver
const CDA_M2 = 0.12;
const AIR_DENSITY = 1.2;
const ROLLING_COEFF = 0.006;
export const G = 9.81;

export const MAX_SPEED_MPS = 23; // ~83 km/h, a solar car's race pace
export const LATERAL_ACCEL = 4; // m/s² comfortable cornering
export const DRIVE_ACCEL = 1.0; // m/s² the driver accelerates with
export const BRAKE_DECEL = 2.2; // m/s² the driver brakes with
export const MAX_DRIVE_FORCE_N = 520; // both motors together
export const MAX_REGEN_FORCE_N = 360;
export const DRIVE_EFFICIENCY = 0.94;
export const REGEN_EFFICIENCY = 0.7;
/** Torque constant = back-EMF constant of each hub motor (Nm/A, V·s/rad). */
export const MOTOR_KT = 1.1;
export const MOTOR_PHASE_RESISTANCE = 0.09;

export const CELLS_IN_SERIES = 32;
export const THERMISTORS = 8;
export const PACK_CAPACITY_AH = 40; // 12 × 3.35 Ah cells in parallel
export const PACK_RESISTANCE_OHM = 0.085;
export const CELL_MAX_V = 4.2;
export const CELL_MIN_V = 2.8;
export const AUX_LOAD_W = 45; // 12 V system via the DC-DC
export const AMBIENT_C = 27;

export const MPPT_UNITS = 4;
export const MPPT_CHANNELS = 2;
export const ARRAY_PEAK_W = 920; // 4 m² × 23 % at 1000 W/m²

/** Force the air and the tyres take from the car at speed v (m/s). */
export function resistanceForce(v: number): number {
  return 0.5 * AIR_DENSITY * CDA_M2 * v * v + (v > 0.01 ? ROLLING_COEFF * MASS_KG * G : 0);
}

/** Open-circuit voltage of one cell at state of charge `soc` (0..1): a typical Li-ion curve. */
export function cellOpenCircuitVoltage(soc: number): number {
  const s = Math.min(1, Math.max(0, soc));
  // Steep below 10 %, a long flat middle, rising towards full.
  return 3.0 + 0.7 * (1 - Math.exp(-s * 12)) + 0.45 * s + 0.05 * s ** 4;
}

/** Maximum-power voltage of one array string: falls with heat, sags in weak light. */
export function stringVoltage(irradiance: number, cellTempC: number): number {
  if (irradiance < 0.005) return 0;
  const light = 1 + 0.05 * Math.log(Math.max(irradiance, 0.01));
  return 34.5 * light * (1 - 0.0035 * (cellTempC - 25));
}
