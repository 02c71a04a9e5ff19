// Checks an expression's text before the parser sees it. jsep descends
// recursively for brackets, unary operators and ?: — so text nested deeply
// enough would overflow the stack. Counting that nesting in one linear pass
// first keeps every parse shallow, and the length limit keeps it quick.
import type { ChannelProblem } from "../../contract/math";

const MAX_EXPRESSION_CHARS = 2000;
const MAX_NESTING = 64;

const OPENERS = new Set(["(", "["]);
const CLOSERS = new Set([")", "]"]);
const UNARY = new Set(["-", "+", "!", "~"]);
/** After these (or at the start) an operator character starts a unary operation. */
const OPERAND_EXPECTED = new Set([
  "(",
  "[",
  ",",
  "?",
  ":",
  "+",
  "-",
  "*",
  "/",
  "%",
  "<",
  ">",
  "=",
  "!",
  "&",
  "|",
  "^",
  "~",
]);

/** One bracket level: unary operators waiting for their operand, and the ?: opened in it. */
interface Level {
  unary: number;
  ternary: number;
}

export function checkText(text: string): ChannelProblem | null {
  if (text.length > MAX_EXPRESSION_CHARS)
    return {
      message: `The expression is too long: ${text.length.toLocaleString("en-US")} characters; the limit is ${MAX_EXPRESSION_CHARS.toLocaleString("en-US")}.`,
    };
  if (text.trim() === "") return { message: "The expression is empty." };
  const levels: Level[] = [{ unary: 0, ternary: 0 }];
  // Depth of everything open outside the current level.
  let outer = 0;
  let previous = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") continue;
    const level = levels[levels.length - 1]!;
    const operandExpected = previous === "" || OPERAND_EXPECTED.has(previous);
    if (OPENERS.has(c)) {
      outer += 1 + level.unary + level.ternary;
      levels.push({ unary: 0, ternary: 0 });
    } else if (CLOSERS.has(c)) {
      if (levels.length > 1) {
        levels.pop();
        const parent = levels[levels.length - 1]!;
        outer -= 1 + parent.unary + parent.ternary;
        parent.unary = 0; // the bracket was the operand the unary operators waited for
      }
    } else if (UNARY.has(c) && operandExpected) {
      level.unary++;
    } else if (c === "?") {
      level.ternary++;
    } else if (!OPERAND_EXPECTED.has(c)) {
      level.unary = 0; // an operand: the waiting unary operators are complete
    }
    const top = levels[levels.length - 1]!;
    if (outer + 1 + top.unary + top.ternary > MAX_NESTING + 1)
      return {
        message: `The expression is nested too deeply: more than ${MAX_NESTING} levels of brackets, unary operators or ?: (at character ${i}).`,
        at: i,
      };
    previous = c;
  }
  return null;
}
