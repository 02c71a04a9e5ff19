import { initialConnection } from "../../workers/telemetry/service/config";
import { describe, expect, it } from "vitest";
import type { ConnectionState } from "../../workers/contract/connection";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { LAYOUT } from "../../workers/telemetry/features";

const CONNECTION: ConnectionState = initialConnection();

function packetWithPower(i: number) {
  const p = defaultPacket();
  p.TimeStamp = 1_795_000_000 + i;
  p.Battery.PackVoltage = 130;
  p.Battery.PackCurrent = 10 + i;
  p.MPPT.Mppt0Ch0ArrayVoltage = 40;
  p.MPPT.Mppt0Ch0ArrayCurrent = 2;
  p.MPPT.Mppt3Ch1ArrayVoltage = 50;
  p.MPPT.Mppt3Ch1ArrayCurrent = 3 + i;
  p.MotorDetails0.BusVoltage = 130;
  p.MotorDetails0.BusCurrent = 5;
  p.MotorDetails1.BusVoltage = 130;
  p.MotorDetails1.BusCurrent = 6;
  return p;
}

describe("derived power fields", () => {
  it("shows solar, pack and motor power computed from each packet's volts and amps", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    store.ingest(packetWithPower(0), "DEMO");
    const { changed } = store.snapshot(0, CONNECTION);
    expect(changed["Derived.MpptArrayPower"]).toBe(40 * 2 + 50 * 3);
    expect(changed["Derived.PackPower"]).toBe(130 * 10);
    expect(changed["Derived.MotorBusPower"]).toBe(130 * 5 + 130 * 6);
    expect(store.fieldCatalog().find((f) => f.path === "Derived.PackPower")).toMatchObject({
      unit: "W",
      group: "Math",
    });
  });

  it("plots derived power over time like any packet field", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    for (let i = 0; i < 3; i++) store.ingest(packetWithPower(i), "DEMO");
    const { data, units } = store.series({
      fields: ["Derived.PackPower", "Derived.MpptArrayPower"],
      from: null,
      to: null,
      points: 100,
      units: "metric",
    });
    expect(Array.from(data[1]!)).toEqual([1300, 1430, 1560]);
    expect(Array.from(data[2]!)).toEqual([230, 280, 330]);
    expect(units).toEqual(["W", "W"]);
  });
});
