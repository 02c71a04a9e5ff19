// From an expression's text to its checked form (expr.ts), or the problems a
// user can act on: the text is guarded (textGuard.ts), parsed by jsep (never
// eval), and every node is checked against what the language allows. Names are
// resolved by the caller, which knows the packet's fields and the channels.
import jsep from "jsep";
import type { ChannelProblem } from "../../contract/math";
import type { BinaryOperator, Expr } from "./expr";
import {
  CONSTANTS,
  FUNCTION_LIST,
  MAX_WINDOW_S,
  PLAIN_FUNCTIONS,
  RESERVED_WORDS,
  TIME_FUNCTIONS,
  type PlainFunctionName,
} from "./language";
import { checkText } from "./textGuard";
import type { TimeFunctionName } from "./timeFunctions";

export type Resolved =
  | { kind: "column"; index: number; label: string; channel: boolean }
  | { kind: "boolean"; index: number };

export interface NameResolver {
  resolve(path: string): Resolved | undefined;
  /** "Unknown field X: did you mean Y (Label)?" or without a guess when nothing is close. */
  unknown(path: string): string;
}

interface ParsedExpression {
  expr: Expr | null;
  problems: ChannelProblem[];
  /** Names the expression reads, in order of first appearance. */
  reads: string[];
}

const BINARY: ReadonlySet<string> = new Set([
  "+",
  "-",
  "*",
  "/",
  "%",
  "<",
  "<=",
  ">",
  ">=",
  "==",
  "!=",
]);
const REFUSED_BINARY: ReadonlyMap<string, string> = new Map([
  ["===", "Use == to compare (=== is not part of the language)."],
  ["!==", "Use != to compare (!== is not part of the language)."],
  ["**", "Use pow(base, exponent) for powers (** is not part of the language)."],
  ["^", "Use pow(base, exponent) for powers (^ is not part of the language)."],
  ["&", "Use && for and (& is not part of the language)."],
  ["|", "Use || for or (| is not part of the language)."],
  ["??", "?? is not part of the language; use c ? a : b."],
  ["<<", "Bit shifts (<<) are not part of the language."],
  [">>", "Bit shifts (>>) are not part of the language."],
  [">>>", "Bit shifts (>>>) are not part of the language."],
]);

/** Where `token` first appears as a whole word in `text`, for pointing at it. */
function findToken(text: string, token: string): number | undefined {
  const word = /[A-Za-z0-9_.]/;
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
    const before = at > 0 ? text[at - 1]! : "";
    const after = text[at + token.length] ?? "";
    if (!word.test(before) && !word.test(after)) return at;
  }
  return undefined;
}

/** A jsep node as far as this file reads it (jsep's own types are loose). */
interface Node {
  type: string;
  [key: string]: unknown;
}

class Checker {
  readonly problems: ChannelProblem[] = [];
  readonly reads: string[] = [];

  constructor(
    private readonly text: string,
    private readonly names: NameResolver,
    private readonly slots: { next: number },
  ) {}

  private fail(message: string, token?: string): null {
    const at = token === undefined ? undefined : findToken(this.text, token);
    this.problems.push(at === undefined ? { message } : { message, at });
    return null;
  }

  check(node: Node): Expr | null {
    switch (node.type) {
      case "Literal":
        return this.literal(node.value, String(node.raw));
      case "Identifier":
        return this.name(String(node.name));
      case "MemberExpression":
        return this.member(node);
      case "UnaryExpression":
        return this.unary(String(node.operator), node.argument as Node);
      case "BinaryExpression":
      case "LogicalExpression":
        return this.binary(String(node.operator), node.left as Node, node.right as Node);
      case "ConditionalExpression":
        return this.conditional(node);
      case "CallExpression":
        return this.call(node.callee as Node, node.arguments as Node[]);
      case "ThisExpression":
        return this.fail(
          "this is not part of the language; write a field's name, e.g. Battery.PackCurrent.",
          "this",
        );
      case "ArrayExpression":
        return this.fail("Lists in [ ] are not part of the language.");
      case "Compound":
      case "SequenceExpression":
        return this.fail(
          "Write one expression: this text has several side by side (a missing operator, or a , or ; outside a function's brackets).",
        );
      default:
        return this.fail(`${node.type} is not part of the language.`);
    }
  }

  private literal(value: unknown, raw: string): Expr | null {
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return this.fail(`The number ${raw} is too large.`, raw);
      return { kind: "number", value };
    }
    if (typeof value === "boolean") return { kind: "number", value: value ? 1 : 0 };
    if (value === null) return this.fail("null is not a value here; write NaN for a gap.", "null");
    return this.fail(
      `Text in quotes (${raw.slice(0, 40)}) is not part of the language: expressions work on numbers.`,
    );
  }

  private name(path: string): Expr | null {
    const segments = path.split(".");
    const refused = segments.find((s) => RESERVED_WORDS.has(s));
    if (refused !== undefined)
      return this.fail(`${refused} cannot be used in an expression.`, refused);
    if (segments.length === 1 && CONSTANTS.has(path)) {
      const value = CONSTANTS.get(path)!;
      return value === value ? { kind: "number", value } : { kind: "gap" };
    }
    const found = this.names.resolve(path);
    if (found === undefined) {
      if (
        PLAIN_FUNCTIONS.has(path as PlainFunctionName) ||
        TIME_FUNCTIONS.has(path as TimeFunctionName)
      )
        return this.fail(`${path} is a function: call it with brackets, e.g. ${path}(x).`, path);
      return this.fail(this.names.unknown(path), path);
    }
    if (!this.reads.includes(path)) this.reads.push(path);
    return found.kind === "boolean"
      ? { kind: "boolean", index: found.index }
      : { kind: "column", index: found.index, label: found.label };
  }

  private member(node: Node): Expr | null {
    const parts: string[] = [];
    let at: Node = node;
    while (at.type === "MemberExpression") {
      if (at.computed === true)
        return this.fail(
          "Brackets [ ] cannot read a field: write its name with dots, e.g. Battery.PackCurrent.",
        );
      if (at.optional === true)
        return this.fail("?. is not part of the language: write the field's full name.");
      const property = at.property as Node;
      if (property.type !== "Identifier")
        return this.fail("After a dot, write the next part of a field's name.");
      parts.unshift(String(property.name));
      at = at.object as Node;
    }
    if (at.type !== "Identifier")
      return this.fail("Only field and channel names can have dots, e.g. Battery.PackCurrent.");
    parts.unshift(String(at.name));
    return this.name(parts.join("."));
  }

  private unary(op: string, argument: Node): Expr | null {
    const arg = this.check(argument);
    if (op !== "-" && op !== "+" && op !== "!")
      return this.fail(`The operator ${op} is not part of the language.`);
    return arg && { kind: "unary", op, arg };
  }

  private binary(op: string, leftNode: Node, rightNode: Node): Expr | null {
    const left = this.check(leftNode);
    const right = this.check(rightNode);
    if (op === "&&" || op === "||") return left && right && { kind: "logical", op, left, right };
    if (!BINARY.has(op))
      return this.fail(REFUSED_BINARY.get(op) ?? `The operator ${op} is not part of the language.`);
    return left && right && { kind: "binary", op: op as BinaryOperator, left, right };
  }

  private conditional(node: Node): Expr | null {
    const test = this.check(node.test as Node);
    const then = this.check(node.consequent as Node);
    const otherwise = this.check(node.alternate as Node);
    return test && then && otherwise && { kind: "conditional", test, then, otherwise };
  }

  private call(callee: Node, argNodes: Node[]): Expr | null {
    if (callee.type !== "Identifier") {
      const written = callee.type === "MemberExpression" ? memberText(callee) : undefined;
      return this.fail(
        `${written ?? "That"} is not a function: the functions are ${FUNCTION_LIST}.`,
        written,
      );
    }
    const name = String(callee.name);
    const args = argNodes.map((a) => this.check(a));
    const plain = PLAIN_FUNCTIONS.get(name as PlainFunctionName);
    const time = TIME_FUNCTIONS.get(name as TimeFunctionName);
    const arity = plain ?? time;
    if (arity === undefined)
      return this.fail(`Unknown function ${name}: the functions are ${FUNCTION_LIST}.`, name);
    if (args.length < arity.min || args.length > arity.max) {
      const count = `${args.length} argument${args.length === 1 ? "" : "s"}`;
      return this.fail(
        `${name} takes ${describeArity(arity.min, arity.max)}, not ${count}: ${arity.usage}.`,
        name,
      );
    }
    if (args.some((a) => a === null)) return null;
    const checked = args as Expr[];
    if (plain) return { kind: "call", name: name as PlainFunctionName, args: checked };
    const windowed = checked.length === 2;
    let window: number | undefined;
    if (windowed) {
      const w = constantValue(checked[1]!);
      if (w === undefined)
        return this.fail(
          `${name}'s window must be a number of seconds, e.g. ${name}(x, 5), not an expression over fields.`,
          name,
        );
      if (!(w > 0) || w > MAX_WINDOW_S)
        return this.fail(
          `${name}'s window must be more than 0 and at most ${MAX_WINDOW_S} seconds, not ${w}.`,
          name,
        );
      window = w;
    }
    return {
      kind: "time",
      name: name as TimeFunctionName,
      arg: checked[0]!,
      window,
      slot: this.slots.next++,
    };
  }
}

function describeArity(min: number, max: number): string {
  if (max === Infinity) return `${min} or more arguments`;
  if (min === max) return `${min} argument${min === 1 ? "" : "s"}`;
  return `${min} or ${max} arguments`;
}

function memberText(node: Node): string | undefined {
  if (node.type === "Identifier") return String(node.name);
  if (node.type !== "MemberExpression" || node.computed === true) return undefined;
  const object = memberText(node.object as Node);
  const property = node.property as Node;
  return object === undefined || property.type !== "Identifier"
    ? undefined
    : `${object}.${String(property.name)}`;
}

/** The value of an expression of numbers alone (a window like 5 * 60); undefined otherwise. */
function constantValue(expr: Expr): number | undefined {
  switch (expr.kind) {
    case "number":
      return expr.value;
    case "unary": {
      const a = constantValue(expr.arg);
      if (a === undefined || expr.op === "!") return undefined;
      return expr.op === "-" ? -a : a;
    }
    case "binary": {
      const a = constantValue(expr.left);
      const b = constantValue(expr.right);
      if (a === undefined || b === undefined) return undefined;
      if (expr.op === "+") return a + b;
      if (expr.op === "-") return a - b;
      if (expr.op === "*") return a * b;
      if (expr.op === "/") return a / b;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Parses and checks one channel's expression; never throws. */
export function parseExpression(
  text: string,
  names: NameResolver,
  slots: { next: number },
): ParsedExpression {
  const guard = checkText(text);
  if (guard) return { expr: null, problems: [guard], reads: [] };
  let tree: Node;
  try {
    tree = jsep(text) as unknown as Node;
  } catch (error) {
    return { expr: null, problems: [assignmentProblem(text) ?? syntaxProblem(error)], reads: [] };
  }
  const checker = new Checker(text, names, slots);
  let expr: Expr | null = null;
  try {
    expr = checker.check(tree);
  } catch (error) {
    // A tree deeper than the stack (only long binary chains reach here): refused, not thrown.
    return {
      expr: null,
      problems: [{ message: `The expression could not be read: ${String(error)}.` }],
      reads: [],
    };
  }
  if (tree.type === "Compound" && (tree.body as Node[]).length === 0)
    return { expr: null, problems: [{ message: "The expression is empty." }], reads: [] };
  return {
    expr: checker.problems.length === 0 ? expr : null,
    problems: checker.problems,
    reads: checker.reads,
  };
}

/** jsep's error for `a = 1` or `a += 1` does not say what is wrong; this does. */
function assignmentProblem(text: string): ChannelProblem | null {
  const found = /(^|[^=!<>])=(?!=)/.exec(text);
  if (!found) return null;
  return {
    message:
      "Assignment (=) is not part of the language: the channel's value is the expression itself; compare with ==.",
    at: found.index + found[1]!.length,
  };
}

function syntaxProblem(error: unknown): ChannelProblem {
  const e = error as { description?: unknown; index?: unknown; message?: unknown };
  const what = typeof e.description === "string" ? e.description : String(e.message ?? error);
  const message = `Syntax error: ${what}.`;
  return typeof e.index === "number" ? { message, at: e.index } : { message };
}
