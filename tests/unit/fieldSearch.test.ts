// The pickers' search (issue 32 item 15): a field is found by its label, by a
// word of its description, or by its wire path, whichever the user remembers.
import { describe, expect, it } from "vitest";
import { groupTitle, searchFields } from "../../src/ui/fieldSearch";
import { LAYOUT } from "../../workers/telemetry/features";

const found = (query: string) =>
  searchFields(LAYOUT.storeCatalog(), query).flatMap(([, fields]) => fields.map((f) => f.path));

describe("searching the field pickers", () => {
  it("finds a field by its label, whatever the case", () => {
    const motor1 = found("motor 1 temperature");
    expect(motor1).toContain("MotorDetails1.MotorTemperature");
    expect(motor1.filter((path) => !path.startsWith("MotorDetails1."))).toEqual([]);
    expect(found("PACK VOLTAGE")).toContain("Battery.PackVoltage");
  });

  it("finds a field by a word only its description has", () => {
    // "WaveSculptor" and "quadrature" are in descriptions, not labels or paths.
    expect(found("wavesculptor heatsink")).toEqual([
      "MotorDetails0.HeatsinkTemperature",
      "MotorDetails1.HeatsinkTemperature",
    ]);
    expect(found("quadrature motor 0")).toEqual([
      "MotorDetails0.BEMF_Q",
      "MotorDetails0.Iq",
      "MotorDetails0.Vq",
    ]);
  });

  it("finds a field by its wire path", () => {
    expect(found("MotorDetails0.VehicleVelocity")).toEqual(["MotorDetails0.VehicleVelocity"]);
    expect(found("Mppt2Ch1ArrayCurrent")).toEqual(["MPPT.Mppt2Ch1ArrayCurrent"]);
  });

  it("groups matches under the names people use for the groups", () => {
    const groups = searchFields(LAYOUT.storeCatalog(), "vehicle velocity").map(([group]) =>
      groupTitle(group),
    );
    expect(groups).toEqual(["Motor 0", "Motor 1", "Math"]); // starter channels computed from it
    expect(found("no such field anywhere")).toEqual([]);
  });
});
