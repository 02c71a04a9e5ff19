// The five contactor groups (Array, Charge, Common, Lv, Motor). Written out
// field by field: a literal object builds far faster than keys assembled at
// run time, which matters when the feed sends thousands of packets a second.
// Charge stays open while driving; prechargers are done; no errors.
import type { TelemetryPacket } from "../../schema/packetSchema";
import type { CarState } from "./carState";
import { quantise as q } from "./random";

export function buildContactors(s: CarState, beat: boolean): TelemetryPacket["Contactor"] {
  const busCurrent = s.motorPower / s.packVoltage;
  const arrayCurrent = s.solarPower / s.packVoltage;
  const lvCurrent = s.car.auxLoadW / s.packVoltage;
  return {
    ArrayBPSError: false,
    ArrayChargeCurrent: q(arrayCurrent, 2),
    ArrayContactorClosed: true,
    ArrayContactorClosing: false,
    ArrayContactorError: false,
    ArrayHeartbeat: beat,
    ArrayLineCurrent: q(arrayCurrent, 2),
    ArrayPrechargerClosed: false,
    ArrayPrechargerClosing: false,
    ArrayPrechargerError: false,
    ChargeBPSError: false,
    ChargeChargeCurrent: 0,
    ChargeContactorClosed: false,
    ChargeContactorClosing: false,
    ChargeContactorError: false,
    ChargeHeartbeat: beat,
    ChargeLineCurrent: 0,
    ChargePrechargerClosed: false,
    ChargePrechargerClosing: false,
    ChargePrechargerError: false,
    CommonChargeCurrent: q(Math.max(0, -s.packCurrent), 2),
    CommonContactorClosed: true,
    CommonContactorClosing: false,
    CommonContactorError: false,
    CommonContactorOpeningError: false,
    CommonHeartbeat: beat,
    CommonLineCurrent: q(s.packCurrent, 2),
    CommonPrechargerClosed: false,
    CommonPrechargerClosing: false,
    CommonPrechargerError: false,
    LvBpsError: false,
    LvChargeCurrent: 0,
    LvContactorClosed: true,
    LvContactorClosing: false,
    LvContactorError: false,
    LvHeartbeat: beat,
    LvLineCurrent: q(lvCurrent, 2),
    LvPrechargerClosed: false,
    LvPrechargerClosing: false,
    LvPrechargerError: false,
    MotorBPSError: false,
    MotorChargeCurrent: q(Math.max(0, -busCurrent), 2),
    MotorContactorClosed: true,
    MotorContactorClosing: false,
    MotorContactorError: false,
    MotorHeartbeat: beat,
    MotorLineCurrent: q(busCurrent, 2),
    MotorPrechargerClosed: false,
    MotorPrechargerClosing: false,
    MotorPrechargerError: false,
  };
}
