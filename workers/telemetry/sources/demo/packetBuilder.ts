// Turns the simulated car's state into one wire-shaped telemetry packet.
// Values are rounded to what the real sensors resolve, so the demo looks like
// the car and not like floating-point noise.
import type { TelemetryPacket } from "../../schema/packetSchema";
import type { CarState } from "./carState";
import * as car from "./carModel";
import { cellExtremes } from "./cells";
import { buildContactors } from "./contactors";
import { buildMotorDetails } from "./motorDetails";
import { buildMppt } from "./mppt";
import { clamp, quantise as q } from "./random";

const DEG = 180 / Math.PI;

export function buildPacket(s: CarState, r: () => number): TelemetryPacket {
  const noise = (size: number) => (r() * 2 - 1) * size;
  const beat = s.packetIndex % 2 === 0;
  const ocvCell = s.packVoltage / car.CELLS_IN_SERIES;
  const { high, highId, low, lowId, hot, hotId, cold, coldId } = cellExtremes(s);
  const fanFraction = clamp((s.packTemp - 28) / 12, 0.2, 1);
  const busCurrent = s.motorPower / s.packVoltage;
  const when = new Date(s.time * 1000);
  // Copies: a packet is a value, the flags go on changing with the car.
  const errors = { ...s.faults.errors };
  let anyError = false;
  for (const key in errors) anyError ||= errors[key as keyof typeof errors];
  return {
    B3: {
      Acceleration: q(clamp(s.accelPedal, 0, 100), 1),
      B3Heartbeat: beat,
      BrakeLightSignalStatus: s.braking || s.regenPedal > 30,
      BrakeSwitchDigital: s.braking,
      DaytimeRunningLightSignalStatus: true,
      ForwardDigital: true,
      HandbrakeSwitchDigital: false,
      HazardLightsInput: false,
      HeadightsSwitchInput: false,
      HeadlightSignalStatus: false,
      HornSignalStatus: false,
      HornSwitchDigital: false,
      LapDigital: s.lapCompleted,
      LeftSignalInput: false,
      LeftSignalStatus: false,
      MotorResetDigital: false,
      NeutralDigital: false,
      RaceModeDigital: true,
      RegenBraking: q(clamp(s.regenPedal, 0, 100), 1),
      ReverseDigital: false,
      RightSignalInput: false,
      RightSignalStatus: false,
    },
    Battery: {
      AlwaysOnSignalStatus: true,
      AverageCellVoltage: q(ocvCell, 4),
      AverageTemperature: q(s.packTemp, 1),
      BmuAlive: s.packetIndex % 256,
      ChargeRelayEnabled: true,
      ChargerSafetyEnabled: false,
      DischargeRelayEnabled: true,
      FanSpeed: Math.round(fanFraction * 4200),
      FanVoltage: q(fanFraction * 12, 2),
      HighCellVoltage: q(high, 4),
      HighCellVoltageId: highId,
      HighTemperature: Math.round(hot),
      HighThermistorId: hotId,
      Input12V: q(12.4 + noise(0.05), 2),
      InternalTemperature: Math.round(s.packTemp + 6),
      IsChargingSignalStatus: s.packCurrent < 0,
      IsReadySignalStatus: true,
      LowCellVoltage: q(low, 4),
      LowCellVoltageId: lowId,
      LowTemperature: Math.round(cold),
      LowThermistorId: coldId,
      MalfunctionIndicatorActive: anyError,
      MaximumCellVoltage: car.CELL_MAX_V,
      MaximumPackVoltage: q(car.CELL_MAX_V * car.CELLS_IN_SERIES, 1),
      MinimumCellVoltage: car.CELL_MIN_V,
      MinimumPackVoltage: q(car.CELL_MIN_V * car.CELLS_IN_SERIES, 1),
      MultiPurposeInputSignalStatus: false,
      PackAmphours: q(s.remainingAh, 2),
      PackCurrent: q(s.packCurrent, 1),
      PackDepthOfDischarge: q(100 - s.soc * 100, 1),
      PackStateOfCharge: q(s.soc * 100, 1),
      PackVoltage: q(s.packVoltage, 1),
      PopulatedCells: car.CELLS_IN_SERIES,
      RequestedFanSpeed: Math.round(fanFraction * 4200),
    },
    BatteryFaults: {
      Errors: errors,
      Warnings: { ...s.faults.warnings },
    },
    Contactor: buildContactors(s, beat),
    KeyMotor: {
      BusCurrentOut: q(busCurrent, 2),
      KeyMotorVelocity: Math.round((s.targetSpeed / car.WHEEL_RADIUS_M) * (60 / (2 * Math.PI))),
      MotorCurrent: q((s.motorForce * car.WHEEL_RADIUS_M) / car.MOTOR_KT, 2),
    },
    MBMS: buildMbms(s, beat),
    MPPT: buildMppt(s, r),
    MotorDetails0: buildMotorDetails(s, 0, r),
    MotorDetails1: buildMotorDetails(s, 1, r),
    Pi: { Rfid: s.rfid },
    ProximitySensors: {
      ProximitySensor1: Math.round(320 + noise(25)),
      ProximitySensor2: Math.round(280 + noise(25)),
      ProximitySensor3: Math.round(150 + noise(15)),
      ProximitySensor4: Math.round(155 + noise(15)),
    },
    Telemetry: {
      GpsAdditionalFlags: 0,
      GpsDay: when.getUTCDate(),
      GpsFixStatusFlags: 3, // 3-D fix
      GpsHour: when.getUTCHours(),
      GpsLatitude: q(s.lat, 7),
      GpsLongitude: q(s.long, 7),
      GpsMinute: when.getUTCMinutes(),
      GpsMonth: when.getUTCMonth() + 1,
      GpsSecond: when.getUTCSeconds(),
      GpsValidityFlags: 0x37, // date, time, fully resolved, magnetic declination valid
      GpsYear: when.getUTCFullYear(),
      MpuAccelerationX: q(clamp(s.accel / car.G + noise(0.03), -16, 16), 3),
      MpuAccelerationY: q(
        clamp((s.speed * s.speed * s.curvature) / car.G + noise(0.03), -16, 16),
        3,
      ),
      MpuAccelerationZ: q(1 + noise(0.04 + s.speed * 0.002), 3),
      MpuRotationX: q(noise(1.5), 2),
      MpuRotationY: q(noise(1.5), 2),
      MpuRotationZ: q(clamp(s.speed * s.curvature * DEG + noise(0.5), -2000, 2000), 2),
      MpuTemperature: q(clamp(s.cabinTemp, -40, 85), 1),
    },
    TimeStamp: q(s.time, 3),
    Title: "Helios",
  };
}

function buildMbms(s: CarState, beat: boolean): TelemetryPacket["MBMS"] {
  const hot = s.packTemp > 45;
  return {
    AbattDisable: false,
    ArrayContactorCommand: true,
    ArrayHeartbeatDeadTrip: false,
    ArrayHighCurrentTrip: false,
    ArrayHighCurrentWarning: false,
    AuxiliaryBatteryVoltage: q(12.9 - (1 - s.soc) * 0.4, 2),
    CanOc12VWarning: false,
    ChargeContactorCommand: false,
    ChargeEnable: s.soc < 0.98,
    ChargeHeartbeatDeadTrip: false,
    ChargeHighCurrentTrip: false,
    ChargeHighCurrentWarning: false,
    ChargeSafety: true,
    ChargeShouldTrip: false,
    ChgFault: false,
    ChgLvEn: false,
    ChgOn: false,
    CommonContactorCommand: true,
    CommonHeartbeatDeadTrip: false,
    CommonHighCurrentTrip: false,
    CommonHighCurrentWarning: s.packCurrent > 60,
    ContactorConnectedUnexpectedlyTrip: false,
    ContactorDisconnectedUnexpectedlyTrip: false,
    DcdcFault: false,
    DcdcOn: true,
    DischargeEnable: s.soc > 0.05,
    DischargeShouldTrip: false,
    En1: true,
    EsdEnabledTrip: false,
    ExternalShutdown: false,
    Heartbeat: beat,
    HighCellVoltageTrip: false,
    HighCellVoltageWarning: s.packVoltage / car.CELLS_IN_SERIES > 4.15,
    HighTemperatureTrip: false,
    HighTemperatureWarning: hot,
    Key: true,
    LowCellVoltageTrip: false,
    LowCellVoltageWarning: s.packVoltage / car.CELLS_IN_SERIES < 3.2,
    LowTemperatureTrip: false,
    LowTemperatureWarning: false,
    LvContactorCommand: true,
    LvHeartbeatDeadTrip: false,
    LvHighCurrentTrip: false,
    LvHighCurrentWarning: false,
    MainPowerSwitch: true,
    MotorContactorCommand: true,
    MotorHeartbeatDeadTrip: false,
    MotorHighCurrentTrip: false,
    MotorHighCurrentWarning: false,
    MpsDisabledTrip: false,
    OrionCanReceivedRecently: true,
    OrionMessageTimeoutTrip: false,
    ProtectionTrip: false,
    StartupState: 6, // start-up sequence complete
    StrobeBmsLight: false,
    SystemState: 3, // driving
    ThreeAOc: false,
  };
}
