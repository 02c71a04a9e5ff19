// The words of the channel language: its functions with their argument
// counts, its constants and the words no channel may be named. Looked up in
// Maps and Sets only, so a name like "constructor" finds nothing inherited.
import type { TimeFunctionName } from "./timeFunctions";

export type PlainFunctionName =
  "abs" | "min" | "max" | "sqrt" | "pow" | "exp" | "log" | "round" | "clamp";

interface Arity {
  min: number;
  /** Infinity for min and max. */
  max: number;
  /** How to write a call, for messages. */
  usage: string;
}

export const PLAIN_FUNCTIONS: ReadonlyMap<PlainFunctionName, Arity> = new Map([
  ["abs", { min: 1, max: 1, usage: "abs(x)" }],
  ["min", { min: 2, max: Infinity, usage: "min(a, b, …)" }],
  ["max", { min: 2, max: Infinity, usage: "max(a, b, …)" }],
  ["sqrt", { min: 1, max: 1, usage: "sqrt(x)" }],
  ["pow", { min: 2, max: 2, usage: "pow(base, exponent)" }],
  ["exp", { min: 1, max: 1, usage: "exp(x)" }],
  ["log", { min: 1, max: 1, usage: "log(x)" }],
  ["round", { min: 1, max: 1, usage: "round(x)" }],
  ["clamp", { min: 3, max: 3, usage: "clamp(x, low, high)" }],
]);

export const TIME_FUNCTIONS: ReadonlyMap<TimeFunctionName, Arity> = new Map([
  ["deriv", { min: 1, max: 2, usage: "deriv(x) or deriv(x, seconds)" }],
  ["integ", { min: 1, max: 1, usage: "integ(x)" }],
  ["avg", { min: 2, max: 2, usage: "avg(x, seconds)" }],
  ["lag", { min: 2, max: 2, usage: "lag(x, seconds)" }],
]);

export const FUNCTION_LIST = [...PLAIN_FUNCTIONS.keys(), ...TIME_FUNCTIONS.keys()].join(", ");

export const CONSTANTS: ReadonlyMap<string, number> = new Map([
  ["PI", Math.PI],
  ["E", Math.E],
  ["NaN", NaN],
]);

/** The longest window a time function may take, in seconds of data time. */
export const MAX_WINDOW_S = 3600;

/** Words jsep reads as literals or that reach into JavaScript objects: never names. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  "true",
  "false",
  "null",
  "this",
  "constructor",
  "__proto__",
  "prototype",
]);

export function isFunctionName(name: string): boolean {
  return (
    PLAIN_FUNCTIONS.has(name as PlainFunctionName) || TIME_FUNCTIONS.has(name as TimeFunctionName)
  );
}
