// Physical constants and small models the simulated cars share: two hub
// motors, a 32-cell-series lithium-ion pack and an array split over 4 MPPTs
// × 2 channels. What differs between the cars (mass, drag, losses, pack and
// array size) is in cars.ts. Numbers are chosen to look like a real solar
// car on a telemetry screen, not to win a race.

export const WHEEL_RADIUS_M = 0.28;
export const G = 9.81;

export const MAX_SPEED_MPS = 23; // ~83 km/h, a solar car's race pace
export const LATERAL_ACCEL = 4; // m/s² comfortable cornering
export const DRIVE_ACCEL = 1.0; // m/s² the driver accelerates with
export const BRAKE_DECEL = 2.2; // m/s² the driver brakes with
/** Torque constant = back-EMF constant of each hub motor (Nm/A, V·s/rad). */
export const MOTOR_KT = 1.1;
export const MOTOR_PHASE_RESISTANCE = 0.09;

export const CELLS_IN_SERIES = 32;
export const THERMISTORS = 8;
export const CELL_MAX_V = 4.2;
export const CELL_MIN_V = 2.8;
export const AMBIENT_C = 27;

export const MPPT_UNITS = 4;
export const MPPT_CHANNELS = 2;

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
