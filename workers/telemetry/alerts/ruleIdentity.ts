// Whether a rule of a new set is one of the set in force, as it was: such a
// rule keeps its state (an active alert goes on: alertsStage.ts), and a set
// whose rules are all as they were changes nothing (liveAlerts.ts). A rule is
// found by a number made from its content (the order of an object's keys does
// not count), then compared field by field. Rules as JSON text did the same,
// but 5,000 such texts (6 MB) cost the core a step of 20–50 ms the first time
// they were compared, and held the memory.
import type { AlertRule } from "../../contract/alerts";

/** A number from a JSON value's content: equal values give equal numbers, whatever their keys' order. */
export function ruleHash(rule: AlertRule): number {
  const state = { a: 0x811c9dc5, b: 0x9747b28c };
  mix(state, rule);
  // Two 32-bit hashes in one number (53 bits used): a collision is still
  // only a candidate, which sameRule settles.
  return (state.a >>> 0) * 0x200000 + ((state.b >>> 0) & 0x1fffff);
}

function mixText(state: { a: number; b: number }, text: string): void {
  let { a, b } = state;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  state.a = a;
  state.b = b;
}

function mix(state: { a: number; b: number }, value: unknown): void {
  if (value === null || typeof value !== "object") {
    mixText(state, `${typeof value}:${String(value)};`);
    return;
  }
  if (Array.isArray(value)) {
    mixText(state, "[");
    for (const item of value) mix(state, item);
    mixText(state, "]");
    return;
  }
  mixText(state, "{");
  for (const key of definedKeys(value).sort()) {
    mixText(state, `${key}:`);
    mix(state, (value as Record<string, unknown>)[key]);
  }
  mixText(state, "}");
}

/** An object's keys with a value (JSON leaves out the undefined ones). */
const definedKeys = (value: object): string[] =>
  Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);

/** Whether two rules are the same, field by field (the order of keys does not count). */
export function sameRule(a: AlertRule, b: AlertRule): boolean {
  return sameJson(a, b);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = definedKeys(a);
  if (keys.length !== definedKeys(b).length) return false;
  return keys.every((key) =>
    sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
