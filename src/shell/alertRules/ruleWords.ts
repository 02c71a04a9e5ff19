// A rule's condition in words for the rules list ("above 60 °C for 5 s",
// "above Max Cell Voltage (the packet's), else 4.2 V"), in the user's units
// and with labels from the catalog, never wire names. Pure.
import type { AlertLimit, AlertRule } from "../../../workers/contract/alerts";
import type { AppUnits, FieldInfo } from "../../../workers/contract/fields";
import { displayUnit } from "../../../workers/shared/units";
import { shownNumber } from "./ruleForm";

type Lookup = (path: string) => FieldInfo | undefined;

/** How many bit names a list shows before "and N more". */
const BIT_NAMES_SHOWN = 3;

export function conditionText(rule: AlertRule, byPath: Lookup, units: AppUnits): string {
  const subject = byPath(rule.subject);
  const metric = subject?.unit ?? "";
  const unit = displayUnit(metric, units);
  const num = (value: number) => `${shownNumber(value, metric, units)}${unit ? ` ${unit}` : ""}`;
  const limit = (l: AlertLimit) => {
    if (typeof l === "number") return num(l);
    const name = byPath(l.field)?.label ?? l.field;
    return l.fallback === undefined
      ? `${name} (the packet's)`
      : `${name} (the packet's), else ${num(l.fallback)}`;
  };
  const c = rule.condition;
  let text: string;
  switch (c.kind) {
    case "above":
    case "below":
      text = `${c.kind} ${limit(c.limit)}`;
      break;
    case "outside":
      text = `outside ${limit(c.lo)} to ${limit(c.hi)}`;
      break;
    case "inside":
      text = `between ${limit(c.lo)} and ${limit(c.hi)}`;
      break;
    case "equals":
      text =
        typeof c.value === "boolean" ? (c.value ? "is on" : "is off") : `equals ${num(c.value)}`;
      break;
    case "true":
      text = "is on";
      break;
    case "rising":
      text = "turns on";
      break;
    case "changed":
      text = "changes";
      break;
    case "anyBit":
      text = `has ${bitsText(c.mask, subject?.bits ?? [])}`;
      break;
    case "noNewValue":
      text = `no new value for ${c.seconds} s`;
      break;
  }
  if (rule.forSeconds > 0) text += ` for ${rule.forSeconds} s`;
  if (rule.clear !== undefined) text += `, clears at ${num(rule.clear)}`;
  return text;
}

function bitsText(mask: number, names: readonly string[]): string {
  const set: string[] = [];
  const unset: string[] = [];
  for (let bit = 0; bit < 32; bit++)
    (Math.floor(mask / 2 ** bit) % 2 === 1 ? set : unset).push(names[bit] || `bit ${bit}`);
  if (set.length === 1) return set[0]!;
  // A mask of nearly every bit (the faults: all but the past reset) reads by what it leaves out.
  if (unset.length === 0) return "any bit set";
  if (unset.length <= BIT_NAMES_SHOWN) return `any bit but ${unset.join(", ")}`;
  const shown = set.slice(0, BIT_NAMES_SHOWN).join(", ");
  return set.length > BIT_NAMES_SHOWN
    ? `any of ${shown} and ${set.length - BIT_NAMES_SHOWN} more`
    : `any of ${shown}`;
}
