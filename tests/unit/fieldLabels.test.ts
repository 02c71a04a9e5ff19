// The one table of field labels (issue 32 item 15): every field the UI can
// show has a label, unit and description there, nothing in it names a field
// that does not exist, and no two fields read alike.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIELD_TEXT } from "../../workers/telemetry/schema/fieldLabels";
import { FIELD_CATALOG } from "../../workers/telemetry/schema/fields";
import { LAYOUT } from "../../workers/telemetry/features";

// The protocol's field list, as copied into the fixtures (schema.test.ts keeps the copy true).
const PROTOCOL_FIELDS = readFileSync(
  new URL("../fixtures/telemetry-fields.tsv", import.meta.url),
  "utf8",
)
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split("\t")[0]!);

describe("the field label table", () => {
  it("has an entry for every packet field, and none for a missing field (channels carry their own)", () => {
    const catalog = FIELD_CATALOG.map((info) => info.path);
    expect(catalog.filter((path) => !FIELD_TEXT.has(path))).toEqual([]);
    expect([...FIELD_TEXT.keys()].filter((path) => !catalog.includes(path))).toEqual([]);
    expect(FIELD_CATALOG).toHaveLength(316);
  });

  it("labels the protocol's 316 fields, each with a description", () => {
    expect(PROTOCOL_FIELDS).toHaveLength(316);
    for (const path of PROTOCOL_FIELDS) {
      const info = LAYOUT.storedFieldInfo(path);
      expect(info?.label, path).not.toBe(path);
      expect(info?.description?.length, path).toBeGreaterThan(10);
    }
  });

  it("gives no two fields the same label", () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const info of LAYOUT.storeCatalog()) {
      const key = info.label.toLowerCase();
      if (seen.has(key)) clashes.push(`${seen.get(key)} / ${info.path}: ${info.label}`);
      seen.set(key, info.path);
    }
    expect(clashes).toEqual([]);
  });

  it("names the motor controllers, not their wire groups, and says which motor", () => {
    expect(LAYOUT.storedFieldInfo("MotorDetails0.VehicleVelocity")?.label).toBe(
      "Motor 0 Vehicle Velocity",
    );
    expect(LAYOUT.storedFieldInfo("MotorDetails1.VehicleVelocity")?.label).toBe(
      "Motor 1 Vehicle Velocity",
    );
    expect(LAYOUT.storedFieldInfo("MotorDetails0.MotorTemperature")?.label).toBe(
      "Motor 0 Temperature",
    );
    for (const info of LAYOUT.storeCatalog()) expect(info.label).not.toMatch(/MotorDetails|Mppt\d/);
  });

  it("carries the motor flag bit names and the units the controllers send", () => {
    expect(LAYOUT.storedFieldInfo("MotorDetails1.LimitFlags")?.bits?.[1]).toBe(
      "motor current limit",
    );
    expect(LAYOUT.storedFieldInfo("MotorDetails0.ErrorFlags")?.bits?.[8]).toBe("motor over speed");
    expect(LAYOUT.storedFieldInfo("Derived.PackPower")).toMatchObject({
      label: "Pack Power",
      unit: "W",
    });
    expect(LAYOUT.storedFieldInfo("MBMS.SystemState")?.label).toMatch(/System State \(code\)/);
  });
});
