// Fuzzing the channel compiler: random text and token soup never make it
// throw and always give a CompileResult; random well-formed expressions
// compile, and over random rows (gaps, infinities, huge numbers, time that
// stops, jumps or goes backwards) every value they give is finite or a gap.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, defsOf, fillRow, FIRST_CHANNEL, ROW_WIDTH, type RowValues } from "./mathKit";
import { fuzzParams, hostileNumber } from "./fuzz/fuzzKit";

const FIELDS = [
  "X",
  "Y",
  "TimeStamp",
  "Battery.PackCurrent",
  "B3.ForwardDigital",
  "B3.BrakeSwitchDigital",
];

function assertCompileResult(text: string): void {
  const result = compile(defsOf({ C: text }));
  expect(typeof result.ok).toBe("boolean");
  if (!result.ok) {
    expect(result.problems.C!.length).toBeGreaterThan(0);
    for (const p of result.problems.C!) expect(typeof p.message).toBe("string");
  }
}

const token = fc.constantFrom(
  ..."( ) [ ] , ? : + - * / % < > <= >= == != && || ! ~ = . ' \" ; ** ^ ?. 1 0 -1 1e309 .5 X Y NaN PI E abs( min( max( sqrt( pow( exp( log( round( clamp( deriv( integ( avg( lag( constructor __proto__ this null true Battery.PackCurrent".split(
    " ",
  ),
);

const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(
      fc.constantFrom(...FIELDS, "NaN", "PI", "E", "true", "0", "-0", "1e300"),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((n) => `(${n})`),
    ),
    fc.tuple(fc.constantFrom("-", "+", "!"), tie("e")).map(([op, a]) => `${op}(${a})`),
    fc
      .tuple(
        tie("e"),
        fc.constantFrom("+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||"),
        tie("e"),
      )
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie("e"), tie("e"), tie("e")).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    fc
      .tuple(fc.constantFrom("abs", "sqrt", "exp", "log", "round", "deriv", "integ"), tie("e"))
      .map(([f, a]) => `${f}(${a})`),
    fc
      .tuple(fc.constantFrom("min", "max", "pow"), tie("e"), tie("e"))
      .map(([f, a, b]) => `${f}(${a}, ${b})`),
    fc.tuple(tie("e"), tie("e"), tie("e")).map(([a, b, c]) => `clamp(${a}, ${b}, ${c})`),
    fc
      .tuple(
        fc.constantFrom("deriv", "avg", "lag"),
        tie("e"),
        fc.double({ min: 0.01, max: 3600, noNaN: true }),
      )
      .map(([f, a, w]) => `${f}(${a}, ${w})`),
  ),
})).e;

const rowValues: fc.Arbitrary<RowValues> = fc.record({
  X: hostileNumber,
  Y: hostileNumber,
  "Battery.PackCurrent": hostileNumber,
  "B3.ForwardDigital": fc.boolean(),
  step: fc.oneof(
    fc.constantFrom(0.1, 0.1, 0.1, 0, -5, 30, NaN),
    fc.double({ min: -100, max: 100, noNaN: true }),
  ),
});

describe("math channel compiler under fuzz", () => {
  it("never throws on random text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => assertCompileResult(text)),
      fuzzParams(300),
    );
  });

  it("never throws on random token soup", () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (tokens) =>
        assertCompileResult(tokens.join(" ")),
      ),
      fuzzParams(300),
    );
  });

  it("compiles well-formed expressions, and they give only finite numbers or gaps", () => {
    fc.assert(
      fc.property(
        expression,
        fc.array(rowValues, { minLength: 1, maxLength: 40 }),
        (text, rows) => {
          const result = compile(defsOf({ C: text, D: `C * 2 + deriv(C)` }), true);
          if (!result.ok)
            throw new Error(`did not compile: ${text}: ${JSON.stringify(result.problems)}`);
          const { program } = result;
          const state = program.createState();
          const row = new Float64Array(ROW_WIDTH);
          const bits = new Uint32Array(2);
          let t = 1_700_000_000;
          for (const { step, ...values } of rows) {
            t += step as number;
            fillRow(row, bits, { ...values, TimeStamp: step !== step ? NaN : t });
            if (step !== step) t = 1_700_000_000;
            program.step(state, row, bits);
            for (const v of [row[FIRST_CHANNEL]!, row[FIRST_CHANNEL + 1]!])
              expect(Number.isFinite(v) || Number.isNaN(v), `${text} gave ${v}`).toBe(true);
          }
          const gaps = program.gapReasons(state);
          for (const map of gaps)
            for (const [why, n] of map) expect(why.length * n).toBeGreaterThan(0);
        },
      ),
      fuzzParams(200),
    );
  });
});
