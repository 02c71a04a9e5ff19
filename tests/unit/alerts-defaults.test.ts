// Issue 34: the rules a team starts from, and the motor flags' names, kept
// once and read by both the tables and the alerts.
import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, defaultRules } from "../../workers/telemetry/alerts/defaults";
import { alertRulesFile as rulesFile } from "../../workers/shared/alertRulesFile";
import { checkRulesFile } from "../../workers/telemetry/alerts/checkRules";
import {
  MOTOR_ERROR_BITS,
  MOTOR_FAULT_MASK,
  MOTOR_LIMIT_BITS,
  bitFieldText,
} from "../../workers/shared/motorFlags";
import { bitFieldText as uiBitFieldText } from "../../src/ui/format/bitNames";
import { BOOLEAN_FIELDS } from "../../workers/telemetry/schema/fields";
import { alertHistory } from "./alertsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const rules = defaultRules();
const bySubject = (subject: string) => rules.filter((r) => r.subject === subject);

describe("default rules", () => {
  it("expand each wildcard to one rule per field: about 100 rules, all valid", () => {
    expect(rules.length).toBeGreaterThanOrEqual(90);
    expect(rules.length).toBeLessThanOrEqual(120);
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect(checkRulesFile(rulesFile(rules), LAYOUT).ok).toBe(true);
    expect(rules.some((r) => r.subject.includes("*"))).toBe(false);
  });

  it("are critical on every battery error, contactor error and MBMS trip; warnings on their warnings", () => {
    const expectSeverity = (pattern: RegExp, severity: string) => {
      const fields = BOOLEAN_FIELDS.filter((f) => pattern.test(f));
      expect(fields.length).toBeGreaterThan(5);
      for (const f of fields)
        expect(bySubject(f).map((r) => [r.severity, r.condition.kind, r.enabled])).toEqual([
          [severity, "rising", true],
        ]);
    };
    expectSeverity(/^BatteryFaults\.Errors\./, "critical");
    expectSeverity(/^Contactor\.[^.]*Error$/, "critical");
    expectSeverity(/^MBMS\.[^.]*Trip$/, "critical");
    expectSeverity(/^BatteryFaults\.Warnings\./, "warning");
    expectSeverity(/^MBMS\.[^.]*Warning$/, "warning");
  });

  it("never toast LimitFlags unless the user turns it on", () => {
    for (const m of [0, 1])
      expect(bySubject(`MotorDetails${m}.LimitFlags`).every((r) => !r.enabled)).toBe(true);
  });

  it("give every limit its source, saying where the car's own figure is unknown", () => {
    const limited = rules.filter((r) =>
      ["above", "below", "outside", "inside"].includes(r.condition.kind),
    );
    expect(limited.length).toBeGreaterThan(10);
    for (const r of limited) expect(r.source, r.id).toBeTruthy();
    const guessed = limited.filter((r) => /not known/.test(r.source ?? ""));
    expect(guessed.map((r) => r.subject)).toEqual(
      expect.arrayContaining(["Battery.HighTemperature", "MotorDetails0.MotorTemperature"]),
    );
    // The pack's own limits are used where the packet carries them.
    const cell = bySubject("Battery.HighCellVoltage")[0]!;
    expect(cell.condition).toEqual({
      kind: "above",
      limit: { field: "Battery.MaximumCellVoltage", fallback: 4.2 },
    });
  });

  it("cover the links: car link, socket or radio link, no packets for 5 s, latency over 2 s", () => {
    expect(bySubject("System.CarLink")[0]!.condition).toEqual({ kind: "equals", value: false });
    expect(bySubject("System.SourceLink")[0]!.condition).toEqual({ kind: "equals", value: false });
    expect(bySubject("System.PacketAge")[0]!.condition).toEqual({ kind: "above", limit: 5 });
    for (const s of ["System.UserLatency", "System.CarLatency"])
      expect(bySubject(s)[0]!.condition).toEqual({ kind: "above", limit: 2000 });
  });

  it("fire on a motor fault naming its bits, and a past reset as info only", () => {
    const h = alertHistory(rules);
    h.feed(0, (p) => {
      p.Battery.LowCellVoltage = 3.6; // keep the cell and charge limits quiet
      p.Battery.PackStateOfCharge = 80;
    });
    h.feed(1, (p) => {
      p.Battery.LowCellVoltage = 3.6;
      p.Battery.PackStateOfCharge = 80;
      p.MotorDetails0.ErrorFlags = (1 << 4) | (1 << 1);
    });
    expect(h.starts().map((e) => [e.severity, e.message])).toEqual([
      ["critical", "Motor 0 Error Flags: software over current"],
      ["info", "Motor 0 Error Flags: watchdog caused last reset"],
    ]);
  });

  it("are written once: the defaults list has wildcards, the expansion does not", () => {
    expect(DEFAULT_RULES.filter((r) => r.subject.includes("*")).length).toBe(5);
  });
});

describe("motor controller flag names", () => {
  it("are the protocol's, one table for the field labels, the UI and the alerts", () => {
    expect(LAYOUT.storedFieldInfo("MotorDetails0.ErrorFlags")!.bits).toBe(MOTOR_ERROR_BITS);
    expect(LAYOUT.storedFieldInfo("MotorDetails1.LimitFlags")!.bits).toBe(MOTOR_LIMIT_BITS);
    expect(uiBitFieldText).toBe(bitFieldText);
    expect(MOTOR_ERROR_BITS[3]).toBe("bad motor position (Hall) sequence");
    expect(MOTOR_LIMIT_BITS[6]).toBe("motor (IPM) temperature limit");
  });

  it("count every ErrorFlags bit but bit 4 as a fault", () => {
    expect(MOTOR_FAULT_MASK & (1 << 4)).toBe(0);
    for (const bit of [0, 1, 2, 3, 5, 6, 7, 8, 12, 31])
      expect(Math.floor(MOTOR_FAULT_MASK / 2 ** bit) % 2).toBe(1);
    expect(bitFieldText(MOTOR_FAULT_MASK & 0x1ff, MOTOR_ERROR_BITS)).not.toContain("reset");
  });
});
