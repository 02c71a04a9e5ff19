// One Tritium WaveSculptor motor controller's status, as the car reports it
// (MotorDetails0 / MotorDetails1): VehicleVelocity in m/s, MotorVelocity in
// rpm, Odometer in m, DC_Bus_Ah in Ah. Each controller drives one hub motor
// and takes half the load.
import type { TelemetryPacket } from "../../schema/packetSchema";
import type { CarState } from "./carState";
import * as car from "./carModel";
import { quantise as q } from "./random";

const SERIAL_NUMBERS = [10482, 10497];
const CAN_BASE_IDS = [0x400, 0x420];
const TRITIUM_ID = 0x4003;
const LIMIT_MOTOR_CURRENT = 0x02;
const LIMIT_VELOCITY = 0x04;

export function buildMotorDetails(
  s: CarState,
  index: 0 | 1,
  r: () => number,
): TelemetryPacket["MotorDetails0"] {
  const noise = (size: number) => (r() * 2 - 1) * size;
  const omega = s.speed / car.WHEEL_RADIUS_M; // rad/s of the hub motor
  const rpm = omega * (60 / (2 * Math.PI));
  const iq = ((s.motorForce / 2) * car.WHEEL_RADIUS_M) / car.MOTOR_KT;
  const bemf = car.MOTOR_KT * omega;
  const busVoltage = s.packVoltage - 0.3;
  const busCurrent = s.motorPower / 2 / busVoltage;
  // CAN errors are rare and only ever count up (to the 8-bit counter's limit).
  if (r() < 0.0005) s.canRxErrors[index] = Math.min(255, s.canRxErrors[index] + 1);
  const limit =
    s.accelPedal >= 99
      ? LIMIT_MOTOR_CURRENT
      : s.accelPedal > 0 && Math.abs(s.accel) < 0.05
        ? LIMIT_VELOCITY
        : 0;
  const phase = Math.abs(iq) * Math.SQRT1_2;
  return {
    ActiveMotor: 0,
    BEMF_D: q(noise(0.2), 2),
    BEMF_Q: q(bemf, 2),
    BusCurrent: q(busCurrent + noise(0.05), 2),
    BusVoltage: q(busVoltage, 1),
    DC_Bus_Ah: q(s.dcBusAh[index], 4),
    DspBoardTemperature: q(s.heatsinkTemp[index] - 4, 1),
    ErrorFlags: 0,
    HeatsinkTemperature: q(s.heatsinkTemp[index], 1),
    Id: q(noise(0.3), 2),
    Iq: q(iq + noise(0.2), 2),
    LimitFlags: limit,
    MotorId: CAN_BASE_IDS[index]!,
    MotorTemperature: q(s.motorTemp[index], 1),
    MotorVelocity: q(rpm, 1),
    Odometer: q(s.odometer, 1),
    PhaseCurrentB: q(phase * (1 + noise(0.03)), 2),
    PhaseCurrentC: q(phase * (1 + noise(0.03)), 2),
    RxErrorCount: s.canRxErrors[index],
    SerialNumber: SERIAL_NUMBERS[index]!,
    SlipSpeed: 0, // synchronous hub motor: no slip
    Supply15V: q(15 + noise(0.05), 2),
    Supply1V9: q(1.9 + noise(0.005), 3),
    Supply3V3: q(3.3 + noise(0.01), 3),
    TritiumId: TRITIUM_ID,
    TxErrorCount: 0,
    Vd: q(-omega * 0.0004 * iq * 10 + noise(0.1), 2),
    Vq: q(bemf + iq * car.MOTOR_PHASE_RESISTANCE + noise(0.1), 2),
    VehicleVelocity: q(s.speed, 3),
  };
}
