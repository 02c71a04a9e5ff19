import { describe, expect, it } from "vitest";
import { telemetryPacketSchema } from "../../workers/telemetry/schema/packetSchema";
import { FIELD_CATALOG, defaultPacket, fieldInfo } from "../../workers/telemetry/schema/fields";

describe("field catalog", () => {
  it("labels fields in words a person reads", () => {
    expect(fieldInfo("Battery.PackVoltage")?.label).toBe("Pack Voltage");
    expect(fieldInfo("MPPT.Mppt0Ch1ArrayCurrent")?.label).toBe("MPPT 0 Channel 1 Array Current");
    expect(fieldInfo("MotorDetails0.Supply1V9")?.label).toBe("Motor 0 1.9 V Rail");
    expect(fieldInfo("Contactor.ArrayBPSError")?.label).toBe("Array BPS Error");
    expect(fieldInfo("Telemetry.GpsLatitude")?.label).toBe("GPS Latitude");
    expect(fieldInfo("MotorDetails1.DC_Bus_Ah")?.label).toBe("Motor 1 DC Bus Amp-Hours");
  });

  it("gives every field a non-empty label and its packet group", () => {
    for (const info of FIELD_CATALOG) expect(info.label.trim()).not.toBe("");
    expect(fieldInfo("BatteryFaults.Errors.WeakCellFault")?.group).toBe("BatteryFaults");
    expect(fieldInfo("MPPT.Mppt3Ch1UnitTemperature")?.group).toBe("MPPT");
  });

  it("picks metric units from the names, velocities as the motor controller sends them", () => {
    const unit = (p: string): string | undefined => fieldInfo(p)?.unit;
    expect(unit("Battery.PackVoltage")).toBe("V");
    expect(unit("Battery.PackCurrent")).toBe("A");
    expect(unit("Battery.PackStateOfCharge")).toBe("%");
    expect(unit("Battery.PackAmphours")).toBe("Ah");
    expect(unit("Battery.HighCellVoltageId")).toBe("");
    expect(unit("MotorDetails0.MotorTemperature")).toBe("°C");
    expect(unit("MotorDetails0.VehicleVelocity")).toBe("m/s");
    expect(unit("MotorDetails1.MotorVelocity")).toBe("rpm");
    expect(unit("MotorDetails0.Odometer")).toBe("m");
    expect(unit("MotorDetails0.ErrorFlags")).toBe("");
    expect(unit("MPPT.Mppt2Ch0ArrayVoltage")).toBe("V");
    expect(unit("B3.HornSwitchDigital")).toBe("");
  });

  it("default packet is valid and all zero / false / empty", () => {
    const packet = defaultPacket();
    expect(telemetryPacketSchema.safeParse(packet).success).toBe(true);
    expect(packet.Battery.PackVoltage).toBe(0);
    expect(packet.BatteryFaults.Errors.WeakCellFault).toBe(false);
    expect(packet.Title).toBe("");
    expect(packet.Pi.Rfid).toBe("");
    // a fresh object each time: callers may mutate it
    packet.Battery.PackVoltage = 5;
    expect(defaultPacket().Battery.PackVoltage).toBe(0);
  });
});
