// The four MPPTs × two channels: each string's current and voltage at its
// maximum power point, the battery side voltage and the unit's temperature.
import type { TelemetryPacket } from "../../schema/packetSchema";
import type { CarState } from "./carState";
import { quantise as q } from "./random";

export function buildMppt(s: CarState, r: () => number): TelemetryPacket["MPPT"] {
  const noise = (size: number) => (r() * 2 - 1) * size;
  const current = (c: number) => {
    const volts = s.channelVoltage[c]!;
    return volts > 0 ? q(s.channelPower[c]! / volts, 3) : 0;
  };
  const voltage = (c: number) => {
    const volts = s.channelVoltage[c]!;
    return volts > 0 ? q(volts + noise(0.05), 2) : 0;
  };
  const battery = () => q(s.packVoltage - 0.15 + noise(0.05), 2);
  return {
    Mppt0Ch0ArrayCurrent: current(0),
    Mppt0Ch0ArrayVoltage: voltage(0),
    Mppt0Ch0BatteryVoltage: battery(),
    Mppt0Ch0UnitTemperature: q(s.mpptTemp[0]!, 1),
    Mppt0Ch1ArrayCurrent: current(1),
    Mppt0Ch1ArrayVoltage: voltage(1),
    Mppt0Ch1BatteryVoltage: battery(),
    Mppt0Ch1UnitTemperature: q(s.mpptTemp[1]!, 1),
    Mppt1Ch0ArrayCurrent: current(2),
    Mppt1Ch0ArrayVoltage: voltage(2),
    Mppt1Ch0BatteryVoltage: battery(),
    Mppt1Ch0UnitTemperature: q(s.mpptTemp[2]!, 1),
    Mppt1Ch1ArrayCurrent: current(3),
    Mppt1Ch1ArrayVoltage: voltage(3),
    Mppt1Ch1BatteryVoltage: battery(),
    Mppt1Ch1UnitTemperature: q(s.mpptTemp[3]!, 1),
    Mppt2Ch0ArrayCurrent: current(4),
    Mppt2Ch0ArrayVoltage: voltage(4),
    Mppt2Ch0BatteryVoltage: battery(),
    Mppt2Ch0UnitTemperature: q(s.mpptTemp[4]!, 1),
    Mppt2Ch1ArrayCurrent: current(5),
    Mppt2Ch1ArrayVoltage: voltage(5),
    Mppt2Ch1BatteryVoltage: battery(),
    Mppt2Ch1UnitTemperature: q(s.mpptTemp[5]!, 1),
    Mppt3Ch0ArrayCurrent: current(6),
    Mppt3Ch0ArrayVoltage: voltage(6),
    Mppt3Ch0BatteryVoltage: battery(),
    Mppt3Ch0UnitTemperature: q(s.mpptTemp[6]!, 1),
    Mppt3Ch1ArrayCurrent: current(7),
    Mppt3Ch1ArrayVoltage: voltage(7),
    Mppt3Ch1BatteryVoltage: battery(),
    Mppt3Ch1UnitTemperature: q(s.mpptTemp[7]!, 1),
  };
}
