// Issue 34: the rules dialog's pure parts: a rule to the editor's form and
// back (every default rule survives the round trip), limits typed in imperial
// saved metric, what the form refuses before the worker sees it, the
// conditions offered per field type, the worker's reasons without the file's
// wording, and a condition in words.
import { describe, expect, it } from "vitest";
import type { FieldInfo } from "../../workers/contract/fields";
import { defaultRules } from "../../workers/telemetry/alerts/defaults";
import { alertSubjects } from "../../workers/telemetry/alerts/subjects";
import {
  formToRule,
  kindsFor,
  metricNumber,
  newRuleForm,
  ruleReasons,
  ruleToForm,
  shownNumber,
} from "../../src/shell/alertRules/ruleForm";
import { conditionText } from "../../src/shell/alertRules/ruleWords";
import { LAYOUT } from "../../workers/telemetry/features";

const subjects = new Map(alertSubjects(LAYOUT.storeCatalog(), LAYOUT).map((s) => [s.path, s]));
const subject = (path: string): FieldInfo => subjects.get(path)!;
const lookup = (path: string) => subjects.get(path);

describe("rule ↔ form", () => {
  it("gives every default rule back unchanged, in metric and in imperial", () => {
    for (const units of ["metric", "imperial"] as const)
      for (const rule of defaultRules()) {
        const form = ruleToForm(rule, lookup(rule.subject), units);
        expect(formToRule(form, lookup(rule.subject), units), rule.id).toEqual({ ok: true, rule });
      }
  });

  it("shows limits in the user's units and saves what is typed in metric", () => {
    const temp = subject("MotorDetails0.MotorTemperature");
    expect(shownNumber(60, "°C", "imperial")).toBe("140");
    expect(metricNumber("140", "°C", "imperial")).toBe(60);
    expect(metricNumber("140", "°C", "metric")).toBe(140);
    const form = { ...newRuleForm(temp, "hot"), kind: "above" as const };
    form.limit = { ...form.limit, value: "212" };
    form.clear = "194";
    const result = formToRule(form, temp, "imperial");
    expect(result).toMatchObject({
      ok: true,
      rule: { condition: { kind: "above", limit: 100 }, clear: 90 },
    });
    // Speed in mph back to km/h; a unit without conversion as typed.
    expect(metricNumber("62.1371192237", "km/h", "imperial")).toBeCloseTo(100, 6);
    expect(metricNumber("3.9", "V", "imperial")).toBe(3.9);
  });

  it("asks for a field, numbers and bits before the worker checks", () => {
    const blank = newRuleForm(undefined, "x");
    expect(formToRule(blank, undefined, "metric")).toEqual({
      ok: false,
      errors: ["Choose the field to watch", "The limit must be a number"],
    });
    const flags = subject("MotorDetails0.ErrorFlags");
    const bits = { ...newRuleForm(flags, "f") };
    expect(bits.kind).toBe("anyBit");
    expect(formToRule(bits, flags, "metric")).toEqual({
      ok: false,
      errors: ["Choose at least one bit"],
    });
    bits.bits = [0, 4];
    expect(formToRule(bits, flags, "metric")).toMatchObject({
      ok: true,
      rule: { condition: { kind: "anyBit", mask: 17 } },
    });
    const range = { ...newRuleForm(subject("Battery.PackVoltage"), "r"), kind: "outside" as const };
    range.lo = { ...range.lo, value: "abc" };
    range.hi = { useField: true, value: "", field: "", fallback: "" };
    expect(formToRule(range, subject("Battery.PackVoltage"), "metric")).toEqual({
      ok: false,
      errors: ["Low must be a number", "High: choose the packet's field that holds it"],
    });
  });

  it("offers the conditions that fit the field's type", () => {
    expect(kindsFor(subject("B3.HornSwitchDigital"))).toEqual([
      "true",
      "rising",
      "equals",
      "changed",
      "noNewValue",
    ]);
    expect(kindsFor(subject("Battery.PackVoltage"))).not.toContain("anyBit");
    expect(kindsFor(subject("Battery.PackVoltage"))).not.toContain("rising");
    expect(kindsFor(subject("MotorDetails1.LimitFlags"))[0]).toBe("anyBit");
    expect(kindsFor(subject("System.CarLink"))).toContain("true");
  });

  it("reads the worker's reasons for a one-rule file without its wording", () => {
    expect(
      ruleReasons([
        'rules[0] "my-rule": lo (80) is above hi (20)',
        "rules[0].condition.lo: must be a finite number",
      ]),
    ).toEqual(["lo (80) is above hi (20)", "condition.lo: must be a finite number"]);
  });
});

describe("a condition in words", () => {
  it("names limits in the user's units and the pack's own field by label", () => {
    const rules = new Map(defaultRules().map((r) => [r.id, r]));
    expect(conditionText(rules.get("cell-voltage-high")!, lookup, "metric")).toMatch(
      /^above .+ \(the packet's\), else 4\.2 V for 1 s$/,
    );
    expect(conditionText(rules.get("cell-voltage-high")!, lookup, "metric")).not.toContain(
      "Battery.",
    );
    const hot = {
      ...defaultRules()[0]!,
      subject: "MotorDetails0.MotorTemperature",
      condition: { kind: "above" as const, limit: 100 },
      forSeconds: 0,
      clear: 90,
    };
    expect(conditionText(hot, lookup, "imperial")).toBe("above 212 °F, clears at 194 °F");
    expect(conditionText(rules.get("motor0-fault")!, lookup, "metric")).toBe(
      "has any bit but watchdog caused last reset",
    );
    expect(conditionText(rules.get("motor0-past-reset")!, lookup, "metric")).toBe(
      "has watchdog caused last reset",
    );
    const some = {
      ...rules.get("motor0-fault")!,
      condition: { kind: "anyBit" as const, mask: 0x10f },
    };
    expect(conditionText(some, lookup, "metric")).toBe(
      "has any of hardware over current, software over current, DC bus over voltage and 2 more",
    );
  });
});
