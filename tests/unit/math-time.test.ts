// The time functions against series worked out by hand: windows in seconds of
// data time (TimeStamp), gaps, pauses, rows without a time, time going
// backwards, and a program started in the middle of a history.
import { describe, expect, it } from "vitest";
import type { ProgramState } from "../../workers/telemetry/math/program";
import {
  compileOk,
  defsOf,
  fillRow,
  FIRST_CHANNEL,
  messagesOf,
  ROW_WIDTH,
  runRows,
  type RowValues,
} from "./mathKit";

/** Rows at the given times with X (and Y when given) values; undefined = a gap. */
const series = (times: number[], xs: (number | undefined)[], ys?: number[]): RowValues[] =>
  times.map((t, i) => {
    const row: RowValues = { TimeStamp: t };
    if (xs[i] !== undefined) row.X = xs[i];
    if (ys) row.Y = ys[i];
    return row;
  });

const one = (expression: string, rows: RowValues[]): number[] =>
  runRows(defsOf({ C: expression }), rows).values[0]!;
const reasons = (expression: string, rows: RowValues[]) =>
  runRows(defsOf({ C: expression }), rows, true).gaps[0]!;

describe("deriv", () => {
  it("deriv(x) is the change per second from the previous finite sample, across a gap", () => {
    const rows = series([0, 1, 2, 3, 5], [0, 2, 6, undefined, 10]);
    expect(one("deriv(X)", rows)).toEqual([NaN, 2, 4, NaN, 4 / 3]);
    expect(reasons("deriv(X)", rows)).toEqual(
      new Map([
        ["deriv needs an earlier value", 1],
        ["X Value has no value", 1],
      ]),
    );
  });

  it("deriv(x) over two rows at the same time is a gap", () => {
    const rows = series([0, 1, 1, 2], [0, 1, 3, 4]);
    expect(one("deriv(X)", rows)).toEqual([NaN, 1, NaN, 1]);
    expect(reasons("deriv(X)", rows).get("no time passed since the previous value")).toBe(1);
  });

  it("deriv(x, w) is the change since the oldest sample at most w s old over the time between", () => {
    expect(one("deriv(X, 2)", series([0, 1, 2, 3, 4], [0, 1, 4, 9, 16]))).toEqual([
      NaN,
      1,
      2,
      4,
      6,
    ]);
    expect(one("deriv(X, 2)", series([0, 1, 2, 3, 4], [0, 1, undefined, 9, 16]))).toEqual([
      NaN,
      1,
      NaN,
      4,
      7,
    ]);
    expect(reasons("deriv(X, 2)", series([0], [5]))).toEqual(
      new Map([["deriv needs an earlier value within 2 s", 1]]),
    );
  });
});

describe("integ", () => {
  it("integ(x) is the trapezoid sum over hours, holding its total through a gap, never bridging it", () => {
    const rows = series([0, 1, 2, 3, 20, 21], [3600, 3600, 7200, undefined, 3600, 3600]);
    expect(one("integ(X)", rows)).toEqual([0, 1, 2.5, 2.5, 2.5, 3.5]);
  });

  it("integ(x) does not integrate a step longer than 10 s", () => {
    expect(one("integ(X)", series([0, 1, 12, 13, 23], [3600, 3600, 3600, 3600, 3600]))).toEqual([
      0, 1, 1, 2, 12,
    ]);
  });

  it("integ(x) is a gap until the first value, with that value's reason", () => {
    const rows = series([0, 1, 2], [undefined, 3600, 3600]);
    expect(one("integ(X)", rows)).toEqual([NaN, 0, 1]);
    expect(reasons("integ(X)", rows)).toEqual(new Map([["X Value has no value", 1]]));
  });
});

describe("avg", () => {
  it("avg(x, w) is the mean of the finite samples with t − w < time ≤ t", () => {
    expect(one("avg(X, 3)", series([0, 1, 2, 3, 4, 5], [1, 2, 3, undefined, 5, 6]))).toEqual([
      1, 1.5, 2, 2.5, 4, 5.5,
    ]);
  });

  it("avg(x, w) is a gap when the window holds no value", () => {
    const rows = series([0, 1, 5], [1, undefined, undefined]);
    expect(one("avg(X, 3)", rows)).toEqual([1, 1, NaN]);
    expect(reasons("avg(X, 3)", rows)).toEqual(new Map([["X Value has no value", 1]]));
  });

  it("avg(x, w) stays exact over a long history (its running sum is added up afresh)", () => {
    const times = Array.from({ length: 5000 }, (_, i) => i * 0.1);
    const xs = times.map((_, i) => (i % 7) * 1e6 + 0.1);
    const got = one("avg(X, 1)", series(times, xs));
    const last10 = xs.slice(-10).reduce((a, b) => a + b) / 10;
    expect(got[got.length - 1]).toBeCloseTo(last10, 6);
  });
});

describe("lag", () => {
  it("lag(x, w) is the latest row at or before t − w; a gap until the history covers w", () => {
    const rows = series([0, 1, 2, 3, 4], [10, 11, undefined, 13, 14]);
    expect(one("lag(X, 2)", rows)).toEqual([NaN, NaN, 10, 11, NaN]);
    expect(reasons("lag(X, 2)", rows)).toEqual(
      new Map([
        ["less than 2 s of data so far", 2],
        ["no value 2 s earlier", 1],
      ]),
    );
  });

  it("lag(x, w) with uneven times takes the latest sample not after t − w", () => {
    expect(one("lag(X, 2)", series([0, 0.5, 2.6, 2.7], [1, 2, 3, 4]))).toEqual([NaN, NaN, 2, 2]);
  });
});

describe("time in general", () => {
  it("a row without a time is a gap in every channel and leaves the time functions as they were", () => {
    const rows = series([0, NaN, 1], [3600, 99_999, 3600]);
    const { values, gaps } = runRows(defsOf({ A: "integ(X)", B: "X" }), rows, true);
    expect(values).toEqual([
      [0, NaN, 1],
      [3600, NaN, 3600],
    ]);
    expect(gaps[1]).toEqual(new Map([["Packet Time has no value", 1]]));
  });

  it("time going backwards (a new source) starts windows and previous samples again; integ keeps its total", () => {
    const times = [10, 11, 5, 6];
    const rows = series(times, [1, 3, 10, 20], [3600, 3600, 3600, 3600]);
    const { values } = runRows(
      defsOf({ D: "deriv(X)", A: "avg(X, 100)", L: "lag(X, 1)", I: "integ(Y)" }),
      rows,
    );
    expect(values).toEqual([
      [NaN, 2, NaN, 10],
      [1, 2, 10, 15],
      [NaN, 1, NaN, 10],
      [0, 1, 1, 2],
    ]);
  });

  it("time functions see every row, even in a branch not taken", () => {
    expect(one("Y > 0 ? avg(X, 10) : 0", series([0, 1, 2], [1, 2, 3], [0, 0, 1]))).toEqual([
      0, 0, 2,
    ]);
  });

  it("time functions nest: the inner one's value of this row feeds the outer", () => {
    expect(one("avg(deriv(X), 10)", series([0, 1, 2, 3], [0, 1, 3, 6]))).toEqual([NaN, 1, 1.5, 2]);
  });

  it("a program started in the middle of a history (after reset) computes what a fresh one does", () => {
    const defs = defsOf({ I: "integ(X)", L: "lag(X, 2)", A: "avg(X, 2)", D: "deriv(X, 2)" });
    const times = Array.from({ length: 12 }, (_, i) => 100 + i * 0.5);
    const rows = series(
      times,
      times.map((t, i) => (i === 8 ? undefined : t * t)),
    );
    const program = compileOk(defs);
    const row = new Float64Array(ROW_WIDTH);
    const bits = new Uint32Array(2);
    const run = (state: ProgramState, from: number): number[][] =>
      rows.slice(from).map((values) => {
        fillRow(row, bits, values);
        program.step(state, row, bits);
        return defs.map((_, k) => row[FIRST_CHANNEL + k]!);
      });
    const used = program.createState();
    run(used, 0);
    program.reset(used);
    const afterReset = run(used, 6);
    expect(afterReset).toEqual(run(program.createState(), 6));
    // By hand, from row 6 (t = 103, x = 103²): integ starts at 0, lag needs 2 s, avg and deriv only the rows since.
    const x = (t: number) => t * t;
    expect(afterReset[0]).toEqual([0, NaN, x(103), NaN]);
    expect(afterReset[1]).toEqual([
      ((x(103) + x(103.5)) / 2) * (0.5 / 3600),
      NaN,
      (x(103) + x(103.5)) / 2,
      (x(103.5) - x(103)) / 0.5,
    ]);
    expect(afterReset[4]![1]).toBe(x(103));
  });

  it("windows hold samples for their seconds, not for the whole history", () => {
    const program = compileOk(defsOf({ A: "avg(X, 60)", L: "lag(X, 5)", D: "deriv(X, 1)" }));
    const state = program.createState();
    const row = new Float64Array(ROW_WIDTH);
    const bits = new Uint32Array(2);
    for (let i = 0; i < 36_000; i++) {
      fillRow(row, bits, { TimeStamp: 1e9 + i / 10, X: i });
      program.step(state, row, bits);
    }
    expect(row[FIRST_CHANNEL]).toBeCloseTo(35_999 - 299.5, 6);
    expect(state.functions.map((f) => f.capacity())).toEqual([1024, 64, 64]);
  });

  it.each([
    ["avg(X, 0)", "avg's window must be more than 0 and at most 3600 seconds, not 0."],
    ["lag(X, -5)", "lag's window must be more than 0 and at most 3600 seconds, not -5."],
    ["avg(X, 3601)", "avg's window must be more than 0 and at most 3600 seconds, not 3601."],
    [
      "avg(X, Y)",
      "avg's window must be a number of seconds, e.g. avg(x, 5), not an expression over fields.",
    ],
    ["avg(X)", "avg takes 2 arguments, not 1 argument: avg(x, seconds)."],
    [
      "deriv(X, 1, 2)",
      "deriv takes 1 or 2 arguments, not 3 arguments: deriv(x) or deriv(x, seconds).",
    ],
    ["integ(X, 5)", "integ takes 1 argument, not 2 arguments: integ(x)."],
  ])("%s → %s", (expression, message) => {
    expect(messagesOf(expression)).toEqual([message]);
  });

  it("accepts a window written as arithmetic on numbers", () => {
    expect(one("avg(X, 2 * 60)", series([0, 100, 200], [1, 3, 5]))).toEqual([1, 2, 4]);
  });
});
