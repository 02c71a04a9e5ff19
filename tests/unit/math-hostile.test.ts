// Text users (or files) give the compiler that is not a channel: every case
// ends in a problem a user can read, quickly, without an exception or a hang,
// and nothing reaches into JavaScript objects.
import { describe, expect, it } from "vitest";
import { compile, defsOf, evaluate, messagesOf, problemsOf } from "./mathKit";

const quick = (run: () => void): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

describe("hostile expressions", () => {
  it.each([
    ["constructor", "constructor cannot be used in an expression."],
    ["__proto__", "__proto__ cannot be used in an expression."],
    ["X.constructor", "constructor cannot be used in an expression."],
    ["Battery.__proto__.PackCurrent", "__proto__ cannot be used in an expression."],
    ["prototype * 2", "prototype cannot be used in an expression."],
    ["toString", "Unknown field toString: no field or channel has a similar name."],
    [
      "hasOwnProperty(X)",
      "Unknown function hasOwnProperty: the functions are abs, min, max, sqrt, pow, exp, log, round, clamp, deriv, integ, avg, lag.",
    ],
    [
      "constructor(1)",
      "Unknown function constructor: the functions are abs, min, max, sqrt, pow, exp, log, round, clamp, deriv, integ, avg, lag.",
    ],
    [
      "X['constructor']",
      "Brackets [ ] cannot read a field: write its name with dots, e.g. Battery.PackCurrent.",
    ],
    ["this", "this is not part of the language; write a field's name, e.g. Battery.PackCurrent."],
    ["'abc'", "Text in quotes ('abc') is not part of the language: expressions work on numbers."],
    ["[1, 2]", "Lists in [ ] are not part of the language."],
    [
      "X, Y",
      "Write one expression: this text has several side by side (a missing operator, or a , or ; outside a function's brackets).",
    ],
    [
      "X Y",
      "Write one expression: this text has several side by side (a missing operator, or a , or ; outside a function's brackets).",
    ],
    ["X ** 2", "Use pow(base, exponent) for powers (** is not part of the language)."],
    ["X ^ 2", "Use pow(base, exponent) for powers (^ is not part of the language)."],
    ["X === 2", "Use == to compare (=== is not part of the language)."],
    ["X | 1", "Use || for or (| is not part of the language)."],
    ["~X", "The operator ~ is not part of the language."],
    ["X?.Y", "?. is not part of the language: write the field's full name."],
    ["null", "null is not a value here; write NaN for a gap."],
    [
      "Math.max(1, 2)",
      "Math.max is not a function: the functions are abs, min, max, sqrt, pow, exp, log, round, clamp, deriv, integ, avg, lag.",
    ],
    [
      "abs(1)(2)",
      "That is not a function: the functions are abs, min, max, sqrt, pow, exp, log, round, clamp, deriv, integ, avg, lag.",
    ],
    ["abs", "abs is a function: call it with brackets, e.g. abs(x)."],
    ["1e999", "The number 1e999 is too large."],
    ["   ", "The expression is empty."],
  ])("%s → %s", (expression, message) => {
    expect(messagesOf(expression)).toEqual([message]);
  });

  it.each([
    ["(X", 2],
    ["X +", 3],
    ["abs(X", 5],
    ["0x10", 1],
  ])("syntax error in %s points at character %d", (expression, at) => {
    const [problem] = problemsOf(defsOf({ C: expression }));
    expect(problem!.message).toMatch(/^Syntax error: /);
    expect(problem!.at).toBe(at);
  });

  it.each([
    ["X = 1", 2],
    ["X += 1", 3],
    ["X >= 1 ? Y = 2 : 0", 11],
  ])("refuses the assignment in %s, pointing at its =", (expression, at) => {
    expect(problemsOf(defsOf({ C: expression }))).toEqual([
      {
        message:
          "Assignment (=) is not part of the language: the channel's value is the expression itself; compare with ==.",
        at,
      },
    ]);
  });

  it("refuses 1 MB of text by its length, without parsing it", () => {
    const text = "1+".repeat(500_000) + "1";
    let messages: string[] = [];
    expect(quick(() => (messages = messagesOf(text)))).toBeLessThan(1000);
    expect(messages).toEqual([
      `The expression is too long: 1,000,001 characters; the limit is 2,000.`,
    ]);
  });

  it.each([
    ["10,000 brackets", "(".repeat(10_000) + "1" + ")".repeat(10_000), 2000],
    ["1,000 brackets", "(".repeat(1000) + "1" + ")".repeat(1000), 64],
    ["65 brackets", "(".repeat(65) + "1" + ")".repeat(65), 64],
    ["unary minus chain", "-".repeat(1500) + "1", 64],
    ["not chain", "!".repeat(100) + "1", 64],
    ["ternary chain", "X ? 1 : ".repeat(200) + "0", undefined],
    ["nested calls", "abs(".repeat(500) + "1" + ")".repeat(500), undefined],
    ["unary before brackets", "-(".repeat(40) + "1" + ")".repeat(40), undefined],
  ])("refuses deep nesting (%s) before parsing", (_what, text, at) => {
    const [problem] = problemsOf(defsOf({ C: text }));
    expect(problem!.message).toMatch(
      /^(The expression is nested too deeply: more than 64 levels|The expression is too long)/,
    );
    if (at !== undefined && text.length <= 2000) expect(problem!.at).toBe(at);
  });

  it("accepts nesting up to the limit and long flat sums", () => {
    expect(compile(defsOf({ C: "(".repeat(64) + "X" + ")".repeat(64) })).ok).toBe(true);
    expect(compile(defsOf({ C: "-".repeat(60) + "X" })).ok).toBe(true);
    expect(evaluate("X+".repeat(999) + "X", { X: 2 })).toBe(2000);
    expect(evaluate("-(".repeat(30) + "X" + ")".repeat(30), { X: 2 })).toBe(2);
    expect(compile(defsOf({ C: "X ? 1 : ".repeat(60) + "0" })).ok).toBe(true);
  });
});

describe("channel names", () => {
  const named = (name: string, extra: Partial<{ label: string }> = {}) => [
    { name, expression: "1", unit: "", description: "", ...extra },
  ];
  it.each([
    ["", "The channel needs a name."],
    [
      "1abc",
      "The name 1abc is not allowed: use letters, digits and _, not starting with a digit, with dots between parts (e.g. NetPower or Car.NetPower).",
    ],
    [
      "a..b",
      "The name a..b is not allowed: use letters, digits and _, not starting with a digit, with dots between parts (e.g. NetPower or Car.NetPower).",
    ],
    [
      "Net Power",
      "The name Net Power is not allowed: use letters, digits and _, not starting with a digit, with dots between parts (e.g. NetPower or Car.NetPower).",
    ],
    ["A".repeat(65), "The name is 65 characters long; the limit is 64."],
    ["__proto__", "__proto__ cannot be used in a channel's name."],
    ["My.constructor", "constructor cannot be used in a channel's name."],
    ["true", "true cannot be used in a channel's name."],
    ["avg", "avg is a function's name; choose another."],
    ["PI", "PI is a constant's name; choose another."],
    ["Battery.PackCurrent", "Battery.PackCurrent is a packet field; choose another name."],
    ["B3.ForwardDigital", "B3.ForwardDigital is a packet field; choose another name."],
  ])("refuses the name %s", (name, message) => {
    expect(problemsOf(named(name)).map((p) => p.message)).toEqual([message]);
  });

  it("keeps a problem for __proto__ as an own key, not on the prototype", () => {
    const result = compile(named("__proto__"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.problems)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).message).toBeUndefined();
  });

  it("refuses two channels with one name or one label", () => {
    const defs = [
      { name: "A", expression: "1", unit: "", description: "" },
      { name: "A", expression: "2", unit: "", description: "" },
      { name: "B", label: "Same", expression: "1", unit: "", description: "" },
      { name: "C", label: "Same", expression: "1", unit: "", description: "" },
    ];
    expect(problemsOf(defs).map((p) => p.message)).toEqual([
      "Another channel is already named A.",
      'The label "Same" is already used by B.',
    ]);
  });

  it("accepts a dotted name at 64 characters", () => {
    expect(compile(named("Car." + "a".repeat(60))).ok).toBe(true);
  });
});
