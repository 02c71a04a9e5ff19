// What a channel may be called: a dotted name of letters, digits and _, at
// most 64 characters, not a packet field, function, constant or reserved
// word, and not another channel's; its label (the name when none is given)
// unique among the channels. The lead's registry checks labels against the
// packet's; here only the set itself is known.
import type { ChannelProblem, MathChannelDef } from "../../contract/math";
import { CONSTANTS, RESERVED_WORDS, isFunctionName } from "./language";

export const MAX_NAME_CHARS = 64;
const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

interface NameOwner {
  /** True when `name` is a packet field rather than one of these channels. */
  isField(name: string, k: number): boolean;
}

export function nameProblems(
  defs: readonly MathChannelDef[],
  owner: NameOwner,
): ChannelProblem[][] {
  const seenNames = new Map<string, number>();
  const seenLabels = new Map<string, string>();
  return defs.map((def, k) => {
    const problems: ChannelProblem[] = [];
    const name = def.name;
    const nameProblem = checkName(name, k, owner, seenNames);
    if (nameProblem) problems.push({ message: nameProblem });
    if (typeof name === "string") seenNames.set(name, k);
    // A label left out is the name, whose problems are said already.
    if (def.label !== undefined || nameProblem === null) {
      const label = def.label ?? name;
      if (typeof label !== "string" || label.trim() === "")
        problems.push({ message: "The label is empty; leave it out to use the name." });
      else {
        const other = seenLabels.get(label);
        if (other !== undefined)
          problems.push({ message: `The label "${label}" is already used by ${other}.` });
        else seenLabels.set(label, name);
      }
    }
    if (typeof def.expression !== "string")
      problems.push({ message: "The expression is missing." });
    return problems;
  });
}

function checkName(
  name: unknown,
  k: number,
  owner: NameOwner,
  seen: ReadonlyMap<string, number>,
): string | null {
  if (typeof name !== "string" || name === "") return "The channel needs a name.";
  if (name.length > MAX_NAME_CHARS)
    return `The name is ${name.length} characters long; the limit is ${MAX_NAME_CHARS}.`;
  if (!NAME_PATTERN.test(name))
    return `The name ${name} is not allowed: use letters, digits and _, not starting with a digit, with dots between parts (e.g. NetPower or Car.NetPower).`;
  const reserved = name.split(".").find((part) => RESERVED_WORDS.has(part));
  if (reserved !== undefined) return `${reserved} cannot be used in a channel's name.`;
  if (isFunctionName(name)) return `${name} is a function's name; choose another.`;
  if (CONSTANTS.has(name)) return `${name} is a constant's name; choose another.`;
  if (owner.isField(name, k)) return `${name} is a packet field; choose another name.`;
  if (seen.has(name)) return `Another channel is already named ${name}.`;
  return null;
}
