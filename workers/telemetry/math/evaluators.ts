// Turns a checked expression (expr.ts) into nested closures over the row's
// typed arrays: no eval, and no allocation per row. A closure does not return
// its number (V8 would box a returned double on every call) but writes it to
// its own register in the state's Float64Array; columns, numbers, booleans
// and time function values are read in place by the closure that uses them.
// Every value is finite or NaN (a gap), never ±Infinity, and the first step
// to make a gap out of values leaves its reason in `state.why` (set only on
// that slow path, so tracing costs the fast path nothing). A gap in gives a
// gap out; only the branch a ?: or && || does not take is skipped.
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

const noValue = (label: string): string => `${label} has no value`;

export interface EvalState {
  /** Why the expression evaluated now gave a gap; reset to null before each channel. */
  why: string | null;
  /** The time function calls' values this row, by slot (evaluated before the expression). */
  readonly slotValues: Float64Array;
  readonly slotWhys: (string | null)[];
  /** Each operation's value this row, by register. */
  readonly registers: Float64Array;
}

/** Computes one operation of the row into its register. */
export type Evaluator = (row: Float64Array, bits: Uint32Array, s: EvalState) => void;

function gap(s: EvalState, why: string): number {
  if (s.why === null) s.why = why;
  return NaN;
}

const COLUMN = 0;
const NUMBER = 1;
const SLOT = 2;
const BOOLEAN = 3;
const NESTED = 4;

/** A value an operation reads: in place, or from the register a nested closure wrote. */
interface Operand {
  kind: number;
  /** Column, slot, bit word or register. */
  index: number;
  /** The number, or the bit's shift. */
  value: number;
  why: string;
  run: Evaluator;
}

const nothing: Evaluator = () => {};

/** Reads an operand; small and called from one place per closure, so V8 inlines it. */
function fetch(o: Operand, r: Float64Array, b: Uint32Array, s: EvalState): number {
  switch (o.kind) {
    case COLUMN: {
      const x = r[o.index]!;
      return x - x === 0 ? x : gap(s, o.why);
    }
    case NUMBER:
      return o.value;
    case SLOT: {
      const x = s.slotValues[o.index]!;
      return x === x ? x : gap(s, s.slotWhys[o.index] ?? GAP_REASONS.explicit);
    }
    case BOOLEAN:
      return (b[o.index]! >>> o.value) & 1;
    default:
      o.run(r, b, s);
      return s.registers[o.index]!;
  }
}

/** A closure copying an operand read in place into a register (a channel or time function argument that is just a field). */
function readInto(o: Operand, reg: number): Evaluator {
  const { index, value, why } = o;
  switch (o.kind) {
    case COLUMN:
      return (r, _b, s) => {
        const x = r[index]!;
        s.registers[reg] = x - x === 0 ? x : gap(s, why);
      };
    case NUMBER:
      return (_r, _b, s) => void (s.registers[reg] = value);
    case SLOT:
      return (_r, _b, s) => {
        const x = s.slotValues[index]!;
        s.registers[reg] = x === x ? x : gap(s, s.slotWhys[index] ?? GAP_REASONS.explicit);
      };
    default:
      return (_r, b, s) => void (s.registers[reg] = (b[index]! >>> value) & 1);
  }
}

/** Builds a program's closures, numbering their registers. */
export class EvaluatorBuilder {
  registers = 0;

  /** A closure computing `expr` into register `reg`. */
  build(expr: Expr): { run: Evaluator; reg: number } {
    const o = this.operand(expr);
    if (o.kind === NESTED) return { run: o.run, reg: o.index };
    const reg = this.registers++;
    return { run: readInto(o, reg), reg };
  }

  operand(expr: Expr): Operand {
    switch (expr.kind) {
      case "column":
        return {
          kind: COLUMN,
          index: expr.index,
          value: 0,
          why: noValue(expr.label),
          run: nothing,
        };
      case "number":
        return { kind: NUMBER, index: 0, value: expr.value, why: "", run: nothing };
      case "time":
        return { kind: SLOT, index: expr.slot, value: 0, why: "", run: nothing };
      case "boolean":
        return {
          kind: BOOLEAN,
          index: expr.index >>> 5,
          value: expr.index & 31,
          why: "",
          run: nothing,
        };
      default: {
        const reg = this.registers++;
        return { kind: NESTED, index: reg, value: 0, why: "", run: this.nested(expr, reg) };
      }
    }
  }

  private nested(expr: Expr, reg: number): Evaluator {
    switch (expr.kind) {
      case "gap":
        return (_r, _b, s) => void (s.registers[reg] = gap(s, GAP_REASONS.explicit));
      case "unary": {
        const a = this.operand(expr.arg);
        if (expr.op === "-") return (r, b, s) => void (s.registers[reg] = -fetch(a, r, b, s));
        if (expr.op === "+") return (r, b, s) => void (s.registers[reg] = fetch(a, r, b, s));
        return (r, b, s) => {
          const x = fetch(a, r, b, s);
          s.registers[reg] = x !== x ? NaN : x === 0 ? 1 : 0;
        };
      }
      case "binary":
        return binary(expr.op, this.operand(expr.left), this.operand(expr.right), reg);
      case "logical": {
        const left = this.operand(expr.left);
        const right = this.operand(expr.right);
        const and = expr.op === "&&";
        return (r, b, s) => {
          const x = fetch(left, r, b, s);
          if (x !== x || (and ? x === 0 : x !== 0)) {
            s.registers[reg] = x !== x ? NaN : and ? 0 : 1;
            return;
          }
          const y = fetch(right, r, b, s);
          s.registers[reg] = y !== y ? NaN : y !== 0 ? 1 : 0;
        };
      }
      case "conditional": {
        const test = this.operand(expr.test);
        const then = this.operand(expr.then);
        const otherwise = this.operand(expr.otherwise);
        return (r, b, s) => {
          const c = fetch(test, r, b, s);
          s.registers[reg] =
            c !== c ? NaN : c !== 0 ? fetch(then, r, b, s) : fetch(otherwise, r, b, s);
        };
      }
      case "call":
        return call(
          expr.name,
          expr.args.map((arg) => this.operand(arg)),
          reg,
        );
      default:
        throw new Error(`evaluators: ${expr.kind} is read in place`);
    }
  }
}

const OPS: readonly BinaryOperator[] = ["+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!="];
const [ADD, SUB, MUL, DIV, MOD, LT, LE, GT, GE, EQ] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * One closure for every binary operator. Columns and numbers (most operands)
 * are read inline; an expression has no side effects (time functions ran
 * before it), so a gap on the left makes the right needless.
 */
function binary(operator: BinaryOperator, left: Operand, right: Operand, reg: number): Evaluator {
  const op = OPS.indexOf(operator);
  const [lk, li, lv, lwhy, lrun] = [left.kind, left.index, left.value, left.why, left.run];
  const [rk, ri, rv, rwhy, rrun] = [right.kind, right.index, right.value, right.why, right.run];
  return (r, b, s) => {
    const out = s.registers;
    let x: number;
    if (lk === COLUMN) {
      x = r[li]!;
      if (x - x !== 0) return void (out[reg] = gap(s, lwhy));
    } else if (lk === NUMBER) x = lv;
    else if (lk === NESTED) {
      lrun(r, b, s);
      x = out[li]!;
      if (x !== x) return void (out[reg] = NaN);
    } else {
      x = fetch(left, r, b, s);
      if (x !== x) return void (out[reg] = NaN);
    }
    let y: number;
    if (rk === COLUMN) {
      y = r[ri]!;
      if (y - y !== 0) return void (out[reg] = gap(s, rwhy));
    } else if (rk === NUMBER) y = rv;
    else if (rk === NESTED) {
      rrun(r, b, s);
      y = out[ri]!;
      if (y !== y) return void (out[reg] = NaN);
    } else {
      y = fetch(right, r, b, s);
      if (y !== y) return void (out[reg] = NaN);
    }
    let v: number;
    switch (op) {
      case ADD:
        v = x + y;
        break;
      case SUB:
        v = x - y;
        break;
      case MUL:
        v = x * y;
        break;
      case DIV:
        v = x / y;
        break;
      case MOD:
        v = x % y;
        break;
      case LT:
        v = x < y ? 1 : 0;
        break;
      case LE:
        v = x <= y ? 1 : 0;
        break;
      case GT:
        v = x > y ? 1 : 0;
        break;
      case GE:
        v = x >= y ? 1 : 0;
        break;
      case EQ:
        v = x === y ? 1 : 0;
        break;
      default:
        v = x !== y ? 1 : 0;
    }
    out[reg] = v - v === 0 ? v : gap(s, y === 0 ? GAP_REASONS.division : GAP_REASONS.overflow);
  };
}

function call(name: string, args: Operand[], reg: number): Evaluator {
  const [a, b2, c] = args as [Operand, Operand, Operand];
  switch (name) {
    case "abs":
      return (r, b, s) => void (s.registers[reg] = Math.abs(fetch(a, r, b, s)));
    case "sqrt":
      return (r, b, s) => {
        const x = fetch(a, r, b, s);
        s.registers[reg] = x < 0 ? gap(s, GAP_REASONS.sqrt) : Math.sqrt(x);
      };
    case "exp":
      return (r, b, s) => {
        const v = Math.exp(fetch(a, r, b, s));
        s.registers[reg] = v === Infinity ? gap(s, GAP_REASONS.overflow) : v;
      };
    case "log":
      return (r, b, s) => {
        const x = fetch(a, r, b, s);
        s.registers[reg] = x <= 0 ? gap(s, GAP_REASONS.log) : Math.log(x);
      };
    case "round":
      // Halves round away from zero (2.5 → 3, −2.5 → −3), as people round by hand.
      return (r, b, s) => {
        const x = fetch(a, r, b, s);
        s.registers[reg] = x < 0 ? -Math.round(-x) : Math.round(x);
      };
    case "pow":
      return (r, b, s) => {
        const x = fetch(a, r, b, s);
        const y = fetch(b2, r, b, s);
        // Math.pow(NaN, 0) is 1: a gap must stay a gap.
        if (x !== x || y !== y) return void (s.registers[reg] = NaN);
        const v = Math.pow(x, y);
        s.registers[reg] =
          v - v === 0
            ? v
            : gap(
                s,
                x === 0 ? GAP_REASONS.division : v !== v ? GAP_REASONS.power : GAP_REASONS.overflow,
              );
      };
    case "clamp":
      return (r, b, s) => {
        const x = fetch(a, r, b, s);
        const lo = fetch(b2, r, b, s);
        const hi = fetch(c, r, b, s);
        if (x !== x || lo !== lo || hi !== hi) return void (s.registers[reg] = NaN);
        s.registers[reg] = lo > hi ? gap(s, GAP_REASONS.clamp) : x < lo ? lo : x > hi ? hi : x;
      };
    case "min":
    case "max": {
      const min = name === "min";
      return (r, b, s) => {
        let v = fetch(args[0]!, r, b, s);
        for (let i = 1; i < args.length && v === v; i++) {
          const x = fetch(args[i]!, r, b, s);
          v = x !== x ? NaN : min ? (x < v ? x : v) : x > v ? x : v;
        }
        s.registers[reg] = v;
      };
    }
    default:
      throw new Error(`evaluators: no function ${name}`);
  }
}
