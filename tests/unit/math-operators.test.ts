// The channel language's operators, constants and plain functions, one row at
// a time: each gives what arithmetic says, a gap in gives a gap out, and a
// result that is not a finite number is a gap with the reason users read.
import { describe, expect, it } from "vitest";
import { evaluate, gapReasonOf } from "./mathKit";

describe("math channel operators", () => {
  it.each([
    ["1 + 2", 3],
    ["5 - 7", -2],
    ["3 * 4", 12],
    ["7 / 2", 3.5],
    ["7 % 3", 1],
    ["-7 % 3", -1],
    ["-X", -4],
    ["+X", 4],
    ["- -X", 4],
    ["2 + 3 * 4", 14],
    ["(2 + 3) * 4", 20],
    ["10 - 4 - 3", 3],
    ["1.5e3 + .5", 1500.5],
  ])("%s = %d", (expression, expected) => {
    expect(evaluate(expression, { X: 4 })).toBe(expected);
  });

  it.each([
    ["X < 5", 1],
    ["X < 4", 0],
    ["X <= 4", 1],
    ["X > 4", 0],
    ["X >= 4", 1],
    ["X == 4", 1],
    ["X != 4", 0],
    ["X > 3 && Y > 3", 0],
    ["X > 3 && Y > 1", 1],
    ["X > 5 || Y > 1", 1],
    ["X > 5 || Y > 3", 0],
    ["!X", 0],
    ["!0", 1],
    ["!!X", 1],
    ["X > 3 ? 10 : 20", 10],
    ["X > 5 ? 10 : 20", 20],
    ["X > 5 ? 1 : Y > 1 ? 2 : 3", 2],
    ["true + true", 2],
    ["false", 0],
  ])("%s gives %d", (expression, expected) => {
    expect(evaluate(expression, { X: 4, Y: 2 })).toBe(expected);
  });

  it("reads booleans as 1 and 0, in either bit word", () => {
    expect(
      evaluate("B3.BrakeSwitchDigital * 10 + B3.ForwardDigital", { "B3.BrakeSwitchDigital": true }),
    ).toBe(10);
    expect(
      evaluate("B3.BrakeSwitchDigital * 10 + B3.ForwardDigital", { "B3.ForwardDigital": true }),
    ).toBe(1);
    expect(
      evaluate("Battery.PackCurrent * Battery.PackVoltage", {
        "Battery.PackCurrent": 2,
        "Battery.PackVoltage": 100,
      }),
    ).toBe(200);
  });

  it.each([
    ["PI", Math.PI],
    ["E", Math.E],
    ["abs(-3)", 3],
    ["min(3, 1)", 1],
    ["min(3, 1, -2, 5)", -2],
    ["max(3, 1)", 3],
    ["max(3, 1, 9, 5)", 9],
    ["sqrt(16)", 4],
    ["pow(2, 10)", 1024],
    ["pow(-8, 2)", 64],
    ["exp(0)", 1],
    ["log(E)", 1],
    ["round(2.5)", 3],
    ["round(-2.5)", -3],
    ["round(2.4)", 2],
    ["clamp(5, 0, 3)", 3],
    ["clamp(-5, 0, 3)", 0],
    ["clamp(2, 0, 3)", 2],
  ])("%s = %d", (expression, expected) => {
    expect(evaluate(expression)).toBeCloseTo(expected, 12);
  });
});

describe("gaps and why", () => {
  it.each([
    ["1 / 0", "division by zero"],
    ["0 / 0", "division by zero"],
    ["X % 0", "division by zero"],
    ["1 / (X - 4)", "division by zero"],
    ["log(0)", "log of a number ≤ 0"],
    ["log(-1)", "log of a number ≤ 0"],
    ["sqrt(-1)", "sqrt of a negative number"],
    ["exp(1000)", "overflow"],
    ["1e308 * 10", "overflow"],
    ["1e308 + 1e308", "overflow"],
    ["pow(10, 400)", "overflow"],
    ["pow(0, -1)", "division by zero"],
    ["pow(-8, 1 / 3)", "pow of a negative number to a fractional power"],
    ["NaN", "the expression gives no value here"],
    ["X > 3 ? NaN : 1", "the expression gives no value here"],
    ["clamp(1, 3, 0)", "clamp's low bound is above its high bound"],
    ["Battery.PackCurrent * 2", "Pack Current has no value"],
  ])("%s is a gap: %s", (expression, reason) => {
    expect(evaluate(expression, { X: 4 })).toBeNaN();
    expect(gapReasonOf(expression, { X: 4 })).toEqual([reason]);
  });

  it("a gap never becomes a number: not by 1 / (1 / 0), pow(gap, 0), comparisons or logic", () => {
    for (const expression of [
      "1 / (1 / 0)",
      "pow(Y, 0)",
      "Y > 1",
      "Y == Y",
      "!Y",
      "Y && 1",
      "1 && Y",
      "0 || Y",
      "Y ? 1 : 2",
      "min(Y, 1)",
      "max(1, 2, Y)",
      "clamp(Y, 0, 1)",
      "abs(Y)",
      "round(Y)",
      "-Y",
    ])
      expect(evaluate(expression, { X: 4 }), expression).toBeNaN();
  });

  it("the branch not taken does not make a gap", () => {
    expect(evaluate("X > 3 ? 1 : 1 / 0", { X: 4 })).toBe(1);
    expect(evaluate("0 && Y", {})).toBe(0);
    expect(evaluate("1 || Y", {})).toBe(1);
  });

  it("names the first cause when several inputs are missing", () => {
    expect(gapReasonOf("Battery.PackVoltage * Battery.PackCurrent")).toEqual([
      "Pack Voltage has no value",
    ]);
  });

  it("treats infinite stored values as gaps", () => {
    expect(evaluate("X * 0", { X: Infinity })).toBeNaN();
    expect(gapReasonOf("X * 0", { X: -Infinity })).toEqual(["X Value has no value"]);
  });
});
