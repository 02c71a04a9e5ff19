// The checked form of an expression: names resolved to stored column indices,
// functions to their kind, windows to numbers. Built by parseExpression.ts,
// turned into closures by evaluators.ts.
import type { PlainFunctionName } from "./language";
import type { TimeFunctionName } from "./timeFunctions";

export type BinaryOperator = "+" | "-" | "*" | "/" | "%" | "<" | "<=" | ">" | ">=" | "==" | "!=";

export type Expr =
  | { kind: "number"; value: number }
  /** NaN written out: an explicit gap. */
  | { kind: "gap" }
  /** A numeric column: a packet field or a channel written earlier in the step. */
  | { kind: "column"; index: number; label: string }
  | { kind: "boolean"; index: number }
  | { kind: "unary"; op: "-" | "+" | "!"; arg: Expr }
  | { kind: "binary"; op: BinaryOperator; left: Expr; right: Expr }
  | { kind: "logical"; op: "&&" | "||"; left: Expr; right: Expr }
  | { kind: "conditional"; test: Expr; then: Expr; otherwise: Expr }
  | { kind: "call"; name: PlainFunctionName; args: Expr[] }
  /** `slot` numbers the time function calls of the whole program. */
  | { kind: "time"; name: TimeFunctionName; arg: Expr; window: number | undefined; slot: number };

/** An expression's direct sub-expressions, in evaluation order (tree walks share this). */
export function childrenOf(expr: Expr): readonly Expr[] {
  switch (expr.kind) {
    case "unary":
    case "time":
      return [expr.arg];
    case "binary":
    case "logical":
      return [expr.left, expr.right];
    case "conditional":
      return [expr.test, expr.then, expr.otherwise];
    case "call":
      return expr.args;
    default:
      return [];
  }
}
