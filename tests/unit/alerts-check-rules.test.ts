// Issue 34: the rules dialog's checks through the TelemetryApi:
// checkAlertRules gives the worker's reasons as setAlertRules would, without
// changing the rules in force; alertSubjects lists what a rule may watch,
// labelled (Derived.* and System.* included, text fields left out).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { rule } from "./alertsKit";

const file = (rules: unknown[]) => ({ format: "helios-alert-rules", version: 1, rules });

function startService() {
  const service = new TelemetryService({ demoSeed: 3 });
  service.start({ connectToBackend: false, historyCapacity: 1000 }, () => {});
  return service;
}

describe("checkAlertRules", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("takes a good rule and keeps the rules in force as they were", () => {
    const service = startService();
    const before = service.alertRules();
    const good = rule({ subject: "Battery.PackVoltage", condition: { kind: "above", limit: 130 } });
    expect(service.checkAlertRules(file([good]))).toEqual({ ok: true, rules: [good] });
    expect(service.alertRules()).toEqual(before);
    service.stop();
  });

  it("gives each reason: an unknown field, lo above hi, a condition that does not fit the type", () => {
    const service = startService();
    const before = service.alertRules();
    const check = (r: unknown) => {
      const result = service.checkAlertRules(JSON.stringify(file([r])));
      return result.ok ? [] : result.errors;
    };
    expect(
      check(rule({ id: "a", subject: "Battery.NoSuchField", condition: { kind: "changed" } })),
    ).toEqual(['rules[0] "a": subject "Battery.NoSuchField" is not a numeric or boolean field']);
    expect(
      check(
        rule({
          id: "b",
          subject: "MotorDetails0.MotorTemperature",
          condition: { kind: "outside", lo: 80, hi: 20 },
        }),
      ),
    ).toEqual(['rules[0] "b": lo (80) is above hi (20)']);
    expect(
      check(
        rule({ id: "c", subject: "B3.HornSwitchDigital", condition: { kind: "above", limit: 1 } }),
      ),
    ).toEqual([
      `rules[0] "c": "above" needs a number, but ${labelOf(service, "B3.HornSwitchDigital")} is a yes/no field`,
    ]);
    expect(
      check(rule({ id: "d", subject: "Battery.PackVoltage", condition: { kind: "rising" } })),
    ).toEqual([`rules[0] "d": "rising" needs a yes/no field, but Pack Voltage is a number`]);
    expect(service.alertRules()).toEqual(before);
    service.stop();
  });
});

function labelOf(service: TelemetryService, path: string): string {
  return service.alertSubjects().find((s) => s.path === path)!.label;
}

describe("alertSubjects", () => {
  it("lists numeric and boolean fields, Derived.* and System.* by label, never text fields", () => {
    const service = new TelemetryService({ demoSeed: 3 });
    const subjects = service.alertSubjects();
    const byPath = new Map(subjects.map((s) => [s.path, s]));
    expect(byPath.get("System.CarLink")).toMatchObject({
      type: "boolean",
      label: "Car Link",
      group: "System",
    });
    expect(byPath.get("System.PacketAge")).toMatchObject({ type: "number", unit: "s" });
    expect(subjects.some((s) => s.path.startsWith("Derived."))).toBe(true);
    expect(byPath.get("MotorDetails0.ErrorFlags")?.bits?.[0]).toBe("hardware over current");
    expect(subjects.every((s) => s.type === "number" || s.type === "boolean")).toBe(true);
    const strings = service.fieldCatalog().filter((f) => f.type === "string");
    expect(strings.length).toBeGreaterThan(0);
    for (const text of strings) expect(byPath.has(text.path)).toBe(false);
    // Every subject is one the worker's check accepts.
    for (const s of subjects) {
      const r = rule({ subject: s.path, condition: { kind: "changed" } });
      expect(service.checkAlertRules(file([r])).ok, s.path).toBe(true);
    }
  });
});
