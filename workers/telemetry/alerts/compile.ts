// Rules turned into flat typed arrays, so the per-packet check reads numbers
// by index and allocates nothing: one entry per enabled rule. Compiled a rule
// per step (steps.ts): 5,000 rules are compiled a slice at a time.
import type { AlertLimit, AlertRule } from "../../contract/alerts";
import type { StoredFields } from "../pipeline/Stage";
import { ruleHash, sameRule } from "./ruleIdentity";
import { runNow, type Steps } from "./steps";
import { subjectInfo, SYSTEM_COUNT, type SubjectInfo } from "./subjects";

// Condition codes (plain numbers: the per-packet switch compares integers).
export const ABOVE = 0;
export const BELOW = 1;
export const OUTSIDE = 2;
export const INSIDE = 3;
export const EQUALS = 4;
export const TRUE = 5;
export const RISING = 6;
export const CHANGED = 7;
export const ANY_BIT = 8;
export const NO_NEW_VALUE = 9;

// Where a subject is read.
export const IN_ROW = 0;
const IN_BITS = 1;
export const IN_SYSTEM = 2;

const KIND: Record<AlertRule["condition"]["kind"], number> = {
  above: ABOVE,
  below: BELOW,
  outside: OUTSIDE,
  inside: INSIDE,
  equals: EQUALS,
  true: TRUE,
  rising: RISING,
  changed: CHANGED,
  anyBit: ANY_BIT,
  noNewValue: NO_NEW_VALUE,
};

export interface CompiledRules {
  /** The history's stored fields the rules were compiled against (its layout). */
  readonly fields: StoredFields;
  /** Every rule as given (enabled or not), for the API. */
  readonly all: readonly AlertRule[];
  /** The enabled rules, in the order of the arrays below. */
  readonly rules: readonly AlertRule[];
  /**
   * Each enabled rule's number (ruleIdentity.ts), and the rule of each number:
   * a rule kept as it was keeps its state (alertsStage.ts). Built while
   * compiling, a rule a step, so a new set finds the rules it keeps at once.
   */
  readonly hashes: readonly number[];
  readonly byHash: ReadonlyMap<number, number>;
  /**
   * Compiled to follow `rules` (the set in force then): `kept[r]`, rule r's
   * index there when it is there as it was, else -1. Found while compiling, a
   * rule a step, so each history takes the new set in a few ms (5,000 rules
   * compared at once took one 50–120 ms). Held weakly: sets do not chain.
   */
  readonly after: { rules: WeakRef<CompiledRules>; kept: Int32Array } | null;
  readonly subjects: readonly SubjectInfo[];
  readonly where: Uint8Array;
  /** Index in the row, the booleans or the system values. */
  readonly at: Int32Array;
  readonly kind: Uint8Array;
  /**
   * First and second operand: above/below's limit and outside/inside's lo
   * (a), hi (b); equals' value (a, a boolean as 1/0); anyBit's mask (a);
   * noNewValue's seconds (a). A limit read from another field has its row
   * index in aField/bField (else -1) and its fallback in a/b (NaN: none).
   */
  readonly a: Float64Array;
  readonly b: Float64Array;
  readonly aField: Int32Array;
  readonly bField: Int32Array;
  /** Hysteresis level (NaN: none). */
  readonly clear: Float64Array;
  readonly forSeconds: Float64Array;
  /** Rules read from the packet's row and booleans, in order (but the edges). */
  readonly packetRules: Int32Array;
  /**
   * Rising edges of a flag (82 of the 104 default rules): once none of them
   * is waiting out a duration, only a flag that changed can start or end
   * one, so the stage then visits them by flag (edgesByFlag, alertsStage.ts).
   */
  readonly edgeRules: Int32Array;
  /** The same rules by the flag they watch (EdgesByFlag). */
  readonly edgesByFlag: EdgesByFlag;
  /** Per system subject, the rules that watch it. */
  readonly systemRules: readonly Int32Array[];
  /** Row indices the rules read (subjects and limit fields): a replay loads them. */
  readonly rowInputs: readonly number[];
}

/**
 * Edge rules by flag: boolean x's rules are rules[first[x]] … rules[first[x + 1] - 1],
 * in rule order; `mask`, per word of 32 booleans, the flags some edge
 * watches. With the flags settled, only a flag that changed can start or end
 * an edge's alert: the stage visits those flags' rules alone.
 */
export interface EdgesByFlag {
  readonly first: Int32Array;
  readonly rules: Int32Array;
  readonly mask: Uint32Array;
}

function edgesByFlag(edges: readonly number[], at: Int32Array): EdgesByFlag {
  const flags = edges.reduce((most, r) => Math.max(most, at[r]! + 1), 0);
  const first = new Int32Array(flags + 1);
  for (const r of edges) first[at[r]! + 1]!++;
  for (let x = 0; x < flags; x++) first[x + 1]! += first[x]!;
  const next = first.slice(0, flags);
  const rules = new Int32Array(edges.length);
  for (const r of edges) rules[next[at[r]!]!++] = r;
  const mask = new Uint32Array(Math.ceil(flags / 32));
  for (const r of edges) mask[at[r]! >>> 5]! |= 1 << (at[r]! & 31);
  return { first, rules, mask };
}

function operand(limit: AlertLimit, fields: StoredFields): { value: number; field: number } {
  if (typeof limit === "number") return { value: limit, field: -1 };
  const info = subjectInfo(limit.field, fields);
  if (info?.where !== "row") throw new Error(`limit field ${limit.field} is not a numeric field`);
  return { value: limit.fallback ?? NaN, field: info.index };
}

/** Compiles checked rules (ruleSchema.ts); throws on a subject nothing has. */
export function compileRules(all: readonly AlertRule[], fields: StoredFields): CompiledRules {
  return runNow(compileSteps(all, fields));
}

/** Rule r's index in `previous` when it is there as it was, else -1. */
export function keptIn(previous: CompiledRules, rule: AlertRule, hash: number): number {
  const o = previous.byHash.get(hash);
  return o !== undefined && sameRule(rule, previous.rules[o]!) ? o : -1;
}

/**
 * compileRules a rule per step. `hashes`: every rule's ruleHash when the
 * caller has them already (readyRules.ts compares the rule sets with them);
 * `previous`: the set in force, which the new one follows (`after`).
 */
export function* compileSteps(
  all: readonly AlertRule[],
  fields: StoredFields,
  hashes: readonly number[] = [],
  previous: CompiledRules | null = null,
): Steps<CompiledRules> {
  const enabled = all.flatMap((rule, i) => (rule.enabled ? [i] : []));
  const rules = enabled.map((i) => all[i]!);
  const n = rules.length;
  const c = {
    fields,
    all,
    rules,
    hashes: new Array<number>(n),
    byHash: new Map<number, number>(),
    kept: new Int32Array(n).fill(-1),
    subjects: new Array<SubjectInfo>(n),
    where: new Uint8Array(n),
    at: new Int32Array(n),
    kind: new Uint8Array(n),
    a: new Float64Array(n).fill(NaN),
    b: new Float64Array(n).fill(NaN),
    aField: new Int32Array(n).fill(-1),
    bField: new Int32Array(n).fill(-1),
    clear: new Float64Array(n).fill(NaN),
    forSeconds: new Float64Array(n),
  };
  const inputs = new Set<number>();
  const packet: number[] = [];
  const edges: number[] = [];
  const system: number[][] = Array.from({ length: SYSTEM_COUNT }, () => []);
  for (let r = 0; r < n; r++) {
    const rule = rules[r]!;
    const s = subjectInfo(rule.subject, fields);
    if (!s) throw new Error(`rule ${rule.id}: ${rule.subject} is not a numeric or boolean field`);
    c.subjects[r] = s;
    const hash = hashes[enabled[r]!] ?? ruleHash(rule);
    c.hashes[r] = hash;
    c.byHash.set(hash, r);
    if (previous) c.kept[r] = keptIn(previous, rule, hash);
    c.where[r] = s.where === "row" ? IN_ROW : s.where === "bits" ? IN_BITS : IN_SYSTEM;
    c.at[r] = s.index;
    if (s.where === "system") system[s.index]!.push(r);
    else if (s.where === "bits" && rule.condition.kind === "rising") edges.push(r);
    else packet.push(r);
    if (s.where === "row") inputs.add(s.index);
    const cond = rule.condition;
    c.kind[r] = KIND[cond.kind];
    const set = (which: "a" | "b", limit: AlertLimit) => {
      const { value, field } = operand(limit, fields);
      c[which][r] = value;
      c[which === "a" ? "aField" : "bField"][r] = field;
      if (field >= 0) inputs.add(field);
    };
    if (cond.kind === "above" || cond.kind === "below") set("a", cond.limit);
    if (cond.kind === "outside" || cond.kind === "inside") {
      set("a", cond.lo);
      set("b", cond.hi);
    }
    if (cond.kind === "equals") c.a[r] = Number(cond.value);
    if (cond.kind === "anyBit") c.a[r] = cond.mask;
    if (cond.kind === "noNewValue") c.a[r] = cond.seconds;
    c.clear[r] = rule.clear ?? NaN;
    c.forSeconds[r] = rule.forSeconds;
    yield;
  }
  const { kept, ...compiled } = c;
  return {
    ...compiled,
    after: previous ? { rules: new WeakRef(previous), kept } : null,
    packetRules: Int32Array.from(packet),
    edgeRules: Int32Array.from(edges),
    edgesByFlag: edgesByFlag(edges, c.at),
    systemRules: system.map((list) => Int32Array.from(list)),
    rowInputs: [...inputs],
  };
}
