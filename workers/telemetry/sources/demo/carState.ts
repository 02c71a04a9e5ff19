// The simulated car's state, apart from the simulator that moves it, so the
// parts that build its packet (cells, faults, contactors, …) read it without
// importing the simulator (which imports them: an import cycle otherwise).
import type { CarSpec } from "./cars";
import type { FaultEpisodes } from "./faults";
import type { PackReadings } from "./packReadings";

/** Everything the packet builder reads; mutated in place by the simulator. */
export interface CarState extends PackReadings {
  time: number;
  packetIndex: number;
  rfid: string;
  lapDistance: number;
  odometer: number;
  speed: number;
  accel: number;
  /** Signed force of both motors at the wheels, N (negative = regen). */
  motorForce: number;
  accelPedal: number;
  regenPedal: number;
  braking: boolean;
  targetSpeed: number;
  lat: number;
  long: number;
  curvature: number;
  /** Electrical power into both motor controllers, W (negative = regen). */
  motorPower: number;
  motorTemp: [number, number];
  heatsinkTemp: [number, number];
  dcBusAh: [number, number];
  canRxErrors: [number, number];
  remainingAh: number;
  irradiance: number;
  channelPower: Float64Array;
  channelVoltage: Float64Array;
  mpptTemp: Float64Array;
  solarPower: number;
  cabinTemp: number;
  lapCompleted: boolean;
  /** The battery's fault and warning flags, as episodes (faults.ts). */
  faults: FaultEpisodes;
  /** Cumulative ∫ pack voltage × pack current dt, Wh (discharge positive). */
  packEnergyOutWh: number;
  /** Standing because the pack reached its minimum; drives again at RESUME_SOC. */
  protectionStop: boolean;
  /** The speed the driver holds where corners allow, m/s. */
  commandedSpeed: number;
  /** The car being simulated (cars.ts): its loads and pack. */
  readonly car: CarSpec;
}
