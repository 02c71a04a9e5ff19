// Issue 34: a rules file is taken whole or refused with its reasons. Hostile
// files (fast-check) never throw, never half-apply, and are refused in words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AlertRule, AlertRulesResult } from "../../workers/contract/alerts";
import { defaultRules } from "../../workers/telemetry/alerts/defaults";
import { LiveAlerts } from "../../workers/telemetry/alerts/liveAlerts";
import { alertRulesFile as rulesFile } from "../../workers/shared/alertRulesFile";
import { checkRulesFile } from "../../workers/telemetry/alerts/checkRules";
import {
  issueText,
  ruleProblems,
  rulesFileSchema,
} from "../../workers/telemetry/alerts/ruleSchema";
import { rule } from "./alertsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const file = (rules: unknown[]) => ({ format: "helios-alert-rules", version: 1, rules });
const errorsOf = (input: unknown): string[] => {
  const result = checkRulesFile(input, LAYOUT);
  return result.ok ? [] : result.errors;
};

describe("rules file validation", () => {
  it("exports and imports the defaults unchanged, as JSON text too", () => {
    const exported = JSON.stringify(rulesFile(defaultRules()));
    const result = checkRulesFile(exported, LAYOUT);
    expect(result.ok && result.rules).toEqual(defaultRules());
  });

  it("refuses an unknown field, naming it and where it is", () => {
    const bad = {
      ...rule({ subject: "Battery.PackVoltage", condition: { kind: "above", limit: 1 } }),
      colour: "red",
    };
    expect(errorsOf(file([bad]))).toEqual(['rules[0]: unknown field "colour"']);
    expect(errorsOf({ ...file([]), extra: 1 })).toEqual(['unknown field "extra"']);
  });

  it("refuses a subject nothing has, or a text field", () => {
    const errors = errorsOf(
      file([
        rule({ id: "a", subject: "Battery.Nope", condition: { kind: "above", limit: 1 } }),
        rule({ id: "b", subject: "Title", condition: { kind: "changed" } }),
      ]),
    );
    expect(errors).toEqual([
      'rules[0] "a": subject "Battery.Nope" is not a numeric or boolean field',
      'rules[1] "b": subject "Title" is not a numeric or boolean field',
    ]);
  });

  it("refuses lo above hi", () => {
    const errors = errorsOf(
      file([
        rule({
          id: "band",
          subject: "Battery.PackVoltage",
          condition: { kind: "outside", lo: 150, hi: 100 },
        }),
      ]),
    );
    expect(errors).toEqual(['rules[0] "band": lo (150) is above hi (100)']);
  });

  it("refuses a condition that does not fit the field's type, in the field's label", () => {
    expect(
      errorsOf(
        file([rule({ id: "x", subject: "Battery.PackVoltage", condition: { kind: "rising" } })]),
      ),
    ).toEqual(['rules[0] "x": "rising" needs a yes/no field, but Pack Voltage is a number']);
    expect(
      errorsOf(
        file([
          rule({ id: "y", subject: "MBMS.EsdEnabledTrip", condition: { kind: "above", limit: 0 } }),
        ]),
      ),
    ).toEqual([
      expect.stringMatching(/^rules\[0\] "y": "above" needs a number, but .* is a yes\/no field$/),
    ]);
    expect(
      errorsOf(
        file([
          rule({
            id: "z",
            subject: "MBMS.EsdEnabledTrip",
            condition: { kind: "equals", value: 1 },
          }),
        ]),
      ),
    ).toEqual([expect.stringContaining("equals needs a true/false value")]);
  });

  it("refuses a clear level on the wrong side, a limit field that is not numeric, duplicate ids", () => {
    const errors = errorsOf(
      file([
        rule({
          id: "c",
          subject: "Battery.HighTemperature",
          condition: { kind: "above", limit: 50 },
          clear: 55,
        }),
        rule({
          id: "c",
          subject: "Battery.HighTemperature",
          condition: { kind: "above", limit: { field: "Title" } },
        }),
      ]),
    );
    expect(errors).toEqual([
      'rules[0] "c": clear level (55) must be at or under the limit (50) for "above"',
      'rules[1] "c": id is used by an earlier rule',
      'rules[1] "c": limit.field "Title" is not a numeric field',
    ]);
  });

  it("refuses another format or version, bad JSON, and non-finite numbers", () => {
    expect(errorsOf({ ...file([]), version: 2 })).toEqual([
      expect.stringContaining("version must be 1"),
    ]);
    expect(errorsOf({ ...file([]), format: "grafana" })).toEqual([
      expect.stringContaining("format must be"),
    ]);
    expect(errorsOf("{ rules: [")[0]).toMatch(/^not JSON/);
    const inf = rule({
      subject: "Battery.PackVoltage",
      condition: { kind: "above", limit: Infinity },
    });
    expect(errorsOf(file([inf]))).toEqual([expect.stringContaining("rules[0].condition.limit")]);
  });
});

// Hostile files: anything JSON can hold, and valid files with one part broken.
const anyJson = fc.jsonValue({ maxDepth: 4 });
const nasty = fc.oneof(
  anyJson,
  fc.constantFrom(NaN, Infinity, -0, "__proto__", "constructor", "", "*", 1e308, -1, 2 ** 32),
);
const paths: (keyof AlertRule | `condition.${string}`)[] = [
  "id",
  "subject",
  "forSeconds",
  "clear",
  "severity",
  "message",
  "enabled",
  "condition.kind",
  "condition.limit",
  "condition.lo",
  "condition.hi",
  "condition.mask",
  "condition.seconds",
];

describe("hostile rules files", () => {
  it("never throw: the answer is the rules or non-empty reasons", () => {
    fc.assert(
      fc.property(
        fc.oneof(anyJson, fc.string(), fc.record({ format: nasty, version: nasty, rules: nasty })),
        (input) => {
          const result = checkRulesFile(input, LAYOUT);
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            expect(result.errors.length).toBeLessThanOrEqual(20);
            for (const e of result.errors) expect(e.length).toBeGreaterThan(0);
          }
        },
      ),
      { seed: 34, numRuns: 400 },
    );
  });

  it("a valid file with one value broken is refused with a reason, and the rules in force stay", async () => {
    const base = defaultRules();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(base.length - 1),
        fc.constantFrom(...paths),
        nasty,
        async (at, path, value) => {
          const rules = structuredClone(base) as unknown as Record<string, unknown>[];
          const target = path.startsWith("condition.")
            ? (rules[at]!.condition as Record<string, unknown>)
            : rules[at]!;
          target[path.replace("condition.", "")] = value;
          const live = new LiveAlerts(
            () => Date.now(),
            () => {},
            LAYOUT,
          );
          const before = live.currentRules();
          const result = await live.setRules(file(rules));
          if (result.ok) {
            // Accepted only when the changed rule still makes sense: it passes again as exported.
            expect(checkRulesFile(rulesFile(live.currentRules()), LAYOUT).ok).toBe(true);
          } else {
            expect(result.errors.join("\n")).toMatch(/rules\[\d+\]/);
            expect(live.currentRules()).toEqual(before);
          }
        },
      ),
      { seed: 341, numRuns: 400 },
    );
  });
});

// Issue 58: the file is now read and checked a rule at a time (checkRules.ts).
// Its answer must be the one a check of the whole file gives: JSON.parse, zod
// over the whole file, then the checks a shape cannot make.
describe("a file checked a rule at a time answers as a check of the whole file", () => {
  function wholeFileAnswer(input: unknown): AlertRulesResult {
    let value = input;
    if (typeof input === "string") {
      try {
        value = JSON.parse(input);
      } catch (error) {
        return { ok: false, errors: [`not JSON: ${(error as Error).message}`] };
      }
    }
    const parsed = rulesFileSchema.safeParse(value);
    if (!parsed.success)
      return { ok: false, errors: parsed.error.issues.slice(0, 20).map((i) => issueText(i)) };
    const errors: string[] = [];
    const seen = new Set<string>();
    parsed.data.rules.forEach((r, i) => {
      const where = `rules[${i}] ${JSON.stringify(r.id.length > 60 ? `${r.id.slice(0, 60)}…` : r.id)}`;
      if (seen.has(r.id)) errors.push(`${where}: id is used by an earlier rule`);
      seen.add(r.id);
      for (const p of ruleProblems(r as AlertRule, LAYOUT)) errors.push(`${where}: ${p}`);
    });
    return errors.length > 0
      ? { ok: false, errors: errors.slice(0, 20) }
      : { ok: true, rules: parsed.data.rules as AlertRule[] };
  }

  it("for broken values anywhere, as objects and as JSON text, whole or cut short", () => {
    const base = defaultRules().slice(0, 12);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.constantFrom(...paths), nasty), {
          maxLength: 3,
        }),
        fc.record({ format: nasty, version: nasty, extra: nasty }, { requiredKeys: [] }),
        fc.option(fc.nat(4000)),
        (edits, top, cut) => {
          const rules = structuredClone(base) as unknown as Record<string, unknown>[];
          for (const [at, path, value] of edits) {
            const target = path.startsWith("condition.")
              ? (rules[at]!.condition as Record<string, unknown>)
              : rules[at]!;
            target[path.replace("condition.", "")] = value;
          }
          const input = { ...file(rules), ...top };
          expect(checkRulesFile(input, LAYOUT)).toEqual(wholeFileAnswer(input));
          const text = JSON.stringify(input, null, 1);
          const shown = cut === null ? text : text.slice(0, cut);
          expect(checkRulesFile(shown, LAYOUT)).toEqual(wholeFileAnswer(shown));
        },
      ),
      { seed: 58, numRuns: 300 },
    );
  });

  it("for more rules than a file may hold, and for texts that only look like rules files", () => {
    const many = file(Array.from({ length: 5001 }, () => ({ nope: 1 })));
    expect(checkRulesFile(many, LAYOUT)).toEqual(wholeFileAnswer(many));
    for (const text of [
      '{"rules":[1,2],"rules":5,"format":"helios-alert-rules","version":1}',
      '{"format":"helios-alert-rules","version":1,"rules":[{"id":"a"},]}',
      '{"format":"helios-alert-rules","version":1,"rules":[{"id":"a"} {"id":"b"}]}',
      '{"format":"helios-alert-rules","version":1,"rules":[]} trailing',
      '[{"rules":[]}]',
      '{"format":"helios-alert-rules","version":1,"nested":{"rules":[1]},"rules":[ ]}',
      '{"format":"helios-alert-rules","version":1,"rules":["a\\"]b",{"x":"}"}]}',
    ])
      expect(checkRulesFile(text, LAYOUT)).toEqual(wholeFileAnswer(text));
  });
});
