// Turns a checked expression (expr.ts) into nested closures over the row's
// typed arrays: no eval, no allocation per row. Every closure gives a finite
// number or NaN (a gap), never ±Infinity, and the first closure to make a gap
// out of values leaves its reason in `state.why` (checked only on the slow
// path, so tracing costs the fast path nothing). A gap in, a gap out: only
// the branch a ?: or && || does not take is skipped.
import type { BinaryOperator, Expr } from "./expr";

export const GAP_REASONS = {
  explicit: "the expression gives no value here",
  division: "division by zero",
  log: "log of a number ≤ 0",
  sqrt: "sqrt of a negative number",
  overflow: "overflow",
  power: "pow of a negative number to a fractional power",
  clamp: "clamp's low bound is above its high bound",
  time: "Packet Time has no value",
} as const;

export const noValue = (label: string): string => `${label} has no value`;

export interface EvalState {
  /** Why the expression evaluated now gave a gap; reset to null before each channel. */
  why: string | null;
  /** The time function calls' values this row, by slot (evaluated before the expression). */
  readonly slotValues: Float64Array;
  readonly slotWhys: (string | null)[];
}

export type Evaluator = (row: Float64Array, bits: Uint32Array, s: EvalState) => number;

function gap(s: EvalState, why: string): number {
  if (s.why === null) s.why = why;
  return NaN;
}

/** A non-finite result from finite inputs gets `why`; from a gap input, that input already said why. */
function failed(s: EvalState, x: number, y: number, why: string): number {
  if (x === x && y === y && s.why === null) s.why = why;
  return NaN;
}

export function buildEvaluator(expr: Expr): Evaluator {
  switch (expr.kind) {
    case "number": {
      const value = expr.value;
      return () => value;
    }
    case "gap":
      return (_r, _b, s) => gap(s, GAP_REASONS.explicit);
    case "column": {
      const index = expr.index;
      const why = noValue(expr.label);
      return (r, _b, s) => {
        const v = r[index]!;
        return v - v === 0 ? v : gap(s, why);
      };
    }
    case "boolean": {
      const word = expr.index >>> 5;
      const shift = expr.index & 31;
      return (_r, b) => (b[word]! >>> shift) & 1;
    }
    case "unary": {
      const arg = buildEvaluator(expr.arg);
      if (expr.op === "-") return (r, b, s) => -arg(r, b, s);
      if (expr.op === "+") return arg;
      return (r, b, s) => {
        const x = arg(r, b, s);
        return x !== x ? NaN : x === 0 ? 1 : 0;
      };
    }
    case "binary":
      return binary(expr.op, buildEvaluator(expr.left), buildEvaluator(expr.right));
    case "logical": {
      const left = buildEvaluator(expr.left);
      const right = buildEvaluator(expr.right);
      const and = expr.op === "&&";
      return (r, b, s) => {
        const x = left(r, b, s);
        if (x !== x) return NaN;
        if (and ? x === 0 : x !== 0) return and ? 0 : 1;
        const y = right(r, b, s);
        return y !== y ? NaN : y !== 0 ? 1 : 0;
      };
    }
    case "conditional": {
      const test = buildEvaluator(expr.test);
      const then = buildEvaluator(expr.then);
      const otherwise = buildEvaluator(expr.otherwise);
      return (r, b, s) => {
        const c = test(r, b, s);
        return c !== c ? NaN : c !== 0 ? then(r, b, s) : otherwise(r, b, s);
      };
    }
    case "call":
      return call(expr.name, expr.args.map(buildEvaluator));
    case "time": {
      const slot = expr.slot;
      return (_r, _b, s) => {
        const v = s.slotValues[slot]!;
        return v === v ? v : gap(s, s.slotWhys[slot] ?? GAP_REASONS.explicit);
      };
    }
  }
}

function binary(op: BinaryOperator, left: Evaluator, right: Evaluator): Evaluator {
  const compare =
    (test: (x: number, y: number) => boolean): Evaluator =>
    (r, b, s) => {
      const x = left(r, b, s);
      const y = right(r, b, s);
      return x !== x || y !== y ? NaN : test(x, y) ? 1 : 0;
    };
  switch (op) {
    case "+":
      return (r, b, s) => {
        const x = left(r, b, s);
        const y = right(r, b, s);
        const v = x + y;
        return v - v === 0 ? v : failed(s, x, y, GAP_REASONS.overflow);
      };
    case "-":
      return (r, b, s) => {
        const x = left(r, b, s);
        const y = right(r, b, s);
        const v = x - y;
        return v - v === 0 ? v : failed(s, x, y, GAP_REASONS.overflow);
      };
    case "*":
      return (r, b, s) => {
        const x = left(r, b, s);
        const y = right(r, b, s);
        const v = x * y;
        return v - v === 0 ? v : failed(s, x, y, GAP_REASONS.overflow);
      };
    case "/":
      return (r, b, s) => {
        const x = left(r, b, s);
        const y = right(r, b, s);
        const v = x / y;
        return v - v === 0
          ? v
          : failed(s, x, y, y === 0 ? GAP_REASONS.division : GAP_REASONS.overflow);
      };
    case "%":
      return (r, b, s) => {
        const x = left(r, b, s);
        const y = right(r, b, s);
        const v = x % y;
        return v === v ? v : failed(s, x, y, GAP_REASONS.division);
      };
    case "<":
      return compare((x, y) => x < y);
    case "<=":
      return compare((x, y) => x <= y);
    case ">":
      return compare((x, y) => x > y);
    case ">=":
      return compare((x, y) => x >= y);
    case "==":
      return compare((x, y) => x === y);
    case "!=":
      return compare((x, y) => x !== y);
  }
}

type Fn1 = (x: number, s: EvalState) => number;

function unaryCall(arg: Evaluator, f: Fn1): Evaluator {
  return (r, b, s) => f(arg(r, b, s), s);
}

function call(name: string, args: Evaluator[]): Evaluator {
  const [a, b2, c] = args as [Evaluator, Evaluator, Evaluator];
  switch (name) {
    case "abs":
      return unaryCall(a, Math.abs);
    case "sqrt":
      return unaryCall(a, (x, s) => (x < 0 ? gap(s, GAP_REASONS.sqrt) : Math.sqrt(x)));
    case "exp":
      return unaryCall(a, (x, s) => {
        const v = Math.exp(x);
        return v - v === 0 ? v : failed(s, x, 0, GAP_REASONS.overflow);
      });
    case "log":
      return unaryCall(a, (x, s) => (x <= 0 ? gap(s, GAP_REASONS.log) : Math.log(x)));
    case "round":
      // Halves round away from zero (2.5 → 3, −2.5 → −3), as people round by hand.
      return unaryCall(a, (x) => (x < 0 ? -Math.round(-x) : Math.round(x)));
    case "pow":
      return (r, b, s) => {
        const x = a(r, b, s);
        const y = b2(r, b, s);
        if (x !== x || y !== y) return NaN; // Math.pow(NaN, 0) is 1: a gap stays a gap
        const v = Math.pow(x, y);
        if (v - v === 0) return v;
        return gap(
          s,
          x === 0 ? GAP_REASONS.division : v !== v ? GAP_REASONS.power : GAP_REASONS.overflow,
        );
      };
    case "clamp":
      return (r, b, s) => {
        const x = a(r, b, s);
        const lo = b2(r, b, s);
        const hi = c(r, b, s);
        if (x !== x || lo !== lo || hi !== hi) return NaN;
        if (lo > hi) return gap(s, GAP_REASONS.clamp);
        return x < lo ? lo : x > hi ? hi : x;
      };
    case "min":
    case "max":
      return extreme(name === "min", args);
    default:
      throw new Error(`evaluators: no function ${name}`);
  }
}

function extreme(min: boolean, args: Evaluator[]): Evaluator {
  const pick = min ? Math.min : Math.max;
  if (args.length === 2) {
    const [a, b2] = args as [Evaluator, Evaluator];
    return (r, b, s) => pick(a(r, b, s), b2(r, b, s));
  }
  return (r, b, s) => {
    let v = args[0]!(r, b, s);
    for (let i = 1; i < args.length; i++) v = pick(v, args[i]!(r, b, s));
    return v;
  };
}
