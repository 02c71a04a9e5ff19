// The editor's form for one math channel and the words around it: the form
// to and from a definition, a copy's free name, a problem's place marked in
// the expression. Pure, so it is unit tested; the worker alone decides whether
// a channel is valid (checkMathChannel).
import type { ChannelProblem, MathChannelDef } from "../../../workers/contract/math";

export interface ChannelForm {
  name: string;
  label: string;
  unit: string;
  description: string;
  expression: string;
}

export function emptyChannelForm(): ChannelForm {
  return { name: "", label: "", unit: "", description: "", expression: "" };
}

export function channelToForm(def: MathChannelDef): ChannelForm {
  return {
    name: def.name,
    label: def.label ?? "",
    unit: def.unit,
    description: def.description,
    expression: def.expression,
  };
}

/** The form as a definition: trimmed, and no label when it is empty (the name shows). */
export function formToChannel(form: ChannelForm): MathChannelDef {
  const label = form.label.trim();
  return {
    name: form.name.trim(),
    ...(label ? { label } : {}),
    expression: form.expression,
    unit: form.unit.trim(),
    description: form.description.trim(),
  };
}

/**
 * A name made from a label as people type it ("Double Pack Voltage" →
 * "DoublePackVoltage"): letters, digits and _ only, never starting with a digit.
 */
export function nameFromLabel(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_ ]/g, " ")
    .split(/\s+/);
  const name = words
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** A copy of `def` under a name and label no channel in `taken` has: "NetPower" → "NetPowerCopy", "NetPowerCopy2"… */
export function duplicateChannel(
  def: MathChannelDef,
  taken: readonly MathChannelDef[],
): MathChannelDef {
  const names = new Set(taken.map((channel) => channel.name));
  const labels = new Set(taken.map((channel) => channel.label ?? channel.name));
  const name = (n: number) => `${def.name}Copy${n === 1 ? "" : n}`;
  const label = (n: number) => `${def.label ?? def.name} (copy${n === 1 ? "" : ` ${n}`})`;
  let n = 1;
  while (names.has(name(n)) || labels.has(label(n))) n++;
  return { ...def, name: name(n), label: label(n) };
}

/** The expression split around a problem's place, for showing it marked (the mark is one character, or the end). */
interface MarkedExpression {
  before: string;
  marked: string;
  after: string;
}

export function markProblem(expression: string, problem: ChannelProblem): MarkedExpression | null {
  if (problem.at === undefined || !Number.isInteger(problem.at) || problem.at < 0) return null;
  const at = Math.min(problem.at, expression.length);
  // At the end (an expression that stops too early), a space stands for what is missing.
  return {
    before: expression.slice(0, at),
    marked: expression.slice(at, at + 1) || " ",
    after: expression.slice(at + 1),
  };
}
