// The alerts stage of the ingest pipeline: every enabled rule checked on
// every stored packet of the history (live, replay, import; never sampled, so
// an alert lasting one packet is caught). Its state is a few typed arrays per
// rule, whatever the length of the history, and a packet allocates nothing
// unless an alert starts or ends. Durations and "no new value" run on the
// data's clock: the packet's TimeStamp. System subjects (links, latency) are
// not in the row: the history's owner reports them with feedSystem().
import type { AlertRule, AlertSeverity, SystemSubject } from "../../contract/alerts";
import { alertText } from "../../shared/alertText";
import { bitFieldText } from "../../shared/motorFlags";
import type { EventSink, Stage } from "../pipeline/Stage";
import { NUMERIC_FIELDS } from "../schema/fields";
import {
  ABOVE,
  ANY_BIT,
  BELOW,
  CHANGED,
  compileRules,
  EQUALS,
  IN_ROW,
  INSIDE,
  NO_NEW_VALUE,
  OUTSIDE,
  RISING,
  TRUE,
  type CompiledRules,
} from "./compile";
import { defaultRules } from "./defaults";
import { SYSTEM_COUNT, SYSTEM_INDEX } from "./subjects";

/** What an "alert" StageEvent carries: self-contained, so a log can be rebuilt from ends alone. */
export interface AlertEventPayload {
  phase: "start" | "end";
  ruleId: string;
  subject: string;
  label: string;
  unit: string;
  severity: AlertSeverity;
  /** Packet time the alert started (the condition had held forSeconds by then). */
  start: number;
  /** Packet time it ended; null on start. */
  end: number | null;
  value: number;
  peak: number;
  limit: number;
  bits: string;
  message: string;
}

export interface AlertsState {
  rules: CompiledRules;
  /** Per rule: the condition holds now (maybe not yet long enough). */
  holding: Uint8Array;
  /** Per rule: an alert is active. */
  active: Uint8Array;
  /** Per rule: a previous value was seen (edges, changes). */
  seen: Uint8Array;
  /** Per rule: data time the condition began to hold. */
  since: Float64Array;
  prev: Float64Array;
  /** Per rule: data time its value last changed (noNewValue). */
  lastChange: Float64Array;
  /** Per rule, while active: the worst value, how bad it is, and the start's value and limit. */
  peak: Float64Array;
  peakScore: Float64Array;
  startTime: Float64Array;
  startValue: Float64Array;
  startLimit: Float64Array;
  /** The system subjects' last reported values (NaN: unknown). */
  system: Float64Array;
  /** Data time of the newest packet (NaN before the first). */
  lastTime: number;
}

const TIME = NUMERIC_FIELDS.indexOf("TimeStamp");

function newState(rules: CompiledRules): AlertsState {
  const n = rules.rules.length;
  return {
    rules,
    holding: new Uint8Array(n),
    active: new Uint8Array(n),
    seen: new Uint8Array(n),
    since: new Float64Array(n),
    prev: new Float64Array(n),
    lastChange: new Float64Array(n),
    peak: new Float64Array(n),
    peakScore: new Float64Array(n),
    startTime: new Float64Array(n),
    startValue: new Float64Array(n),
    startLimit: new Float64Array(n),
    system: new Float64Array(SYSTEM_COUNT).fill(NaN),
    lastTime: NaN,
  };
}

function clearState(s: AlertsState): void {
  s.holding.fill(0);
  s.active.fill(0);
  s.seen.fill(0);
  s.system.fill(NaN);
  s.lastTime = NaN;
}

/** A limit operand: its constant, or the field's value in this row (0 or not finite: the fallback). */
function operand(constant: number, field: number, row: Float64Array): number {
  if (field < 0) return constant;
  const v = row[field]!;
  return v - v === 0 && v !== 0 ? v : constant;
}

/** The bits of a bit field selected by mask, as an unsigned 32-bit integer. */
const masked = (value: number, mask: number): number => ((value >>> 0) & (mask >>> 0)) >>> 0;

function payload(
  s: AlertsState,
  r: number,
  phase: "start" | "end",
  end: number | null,
): AlertEventPayload {
  const rule = s.rules.rules[r]!;
  const subject = s.rules.subjects[r]!;
  const value = s.startValue[r]!;
  const peak = s.peak[r]!;
  const limit = s.startLimit[r]!;
  const shownBits = phase === "start" ? value : peak;
  const bits = subject.bits
    ? bitFieldText(
        s.rules.kind[r] === ANY_BIT ? masked(shownBits, s.rules.a[r]!) : shownBits,
        subject.bits,
      )
    : "";
  const text = { label: subject.label, unit: subject.unit, value, limit, bits };
  return {
    phase,
    ruleId: rule.id,
    subject: rule.subject,
    label: subject.label,
    unit: subject.unit,
    severity: rule.severity,
    start: s.startTime[r]!,
    end,
    value,
    peak,
    limit,
    bits,
    message: alertText(
      rule.message,
      { ...text, value: phase === "start" ? value : peak },
      "metric",
    ),
  };
}

/**
 * Checks rule r against value v at data time t: starts, keeps or ends its
 * alert. `row` gives limits read from other fields (null for system subjects).
 */
function check(
  s: AlertsState,
  r: number,
  v: number,
  t: number,
  row: Float64Array | null,
  emit: EventSink,
): void {
  const c = s.rules;
  const active = s.active[r] === 1;
  const seen = s.seen[r] === 1;
  const prev = s.prev[r]!;
  const differs = !seen || (v !== prev && !(v !== v && prev !== prev));
  if (differs) s.lastChange[r] = t;
  let limit = NaN;
  let held = false;
  let score = NaN; // how far past its limit v is (peak tracking); NaN: no peak to track
  switch (c.kind[r]) {
    case ABOVE: {
      limit = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const clear = c.clear[r]!;
      held = v > (active && clear === clear ? Math.min(clear, limit) : limit);
      score = v;
      break;
    }
    case BELOW: {
      limit = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const clear = c.clear[r]!;
      held = v < (active && clear === clear ? Math.max(clear, limit) : limit);
      score = -v;
      break;
    }
    case OUTSIDE: {
      const lo = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const hi = row ? operand(c.b[r]!, c.bField[r]!, row) : c.b[r]!;
      held = v < lo || v > hi;
      limit = v < lo ? lo : hi;
      score = Math.max(lo - v, v - hi);
      break;
    }
    case INSIDE: {
      const lo = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const hi = row ? operand(c.b[r]!, c.bField[r]!, row) : c.b[r]!;
      held = v >= lo && v <= hi;
      break;
    }
    case EQUALS:
      held = v === c.a[r]!;
      break;
    case TRUE:
      held = v === 1;
      break;
    case RISING:
      // An edge needs a false seen first; then it holds while the flag stays up.
      held = v === 1 && (s.holding[r] === 1 || (seen && prev === 0));
      break;
    case CHANGED:
      held = seen && differs;
      break;
    case ANY_BIT:
      held = masked(v, c.a[r]!) !== 0;
      break;
    case NO_NEW_VALUE:
      held = seen && t - s.lastChange[r]! >= c.a[r]!;
      break;
  }
  s.seen[r] = 1;
  s.prev[r] = v;
  if (!held) {
    s.holding[r] = 0;
    if (active) {
      s.active[r] = 0;
      emit({ kind: "alert", time: t, payload: payload(s, r, "end", t) });
    }
    return;
  }
  if (s.holding[r] === 0) {
    s.holding[r] = 1;
    s.since[r] = t;
  }
  if (active) {
    if (c.kind[r] === ANY_BIT) s.peak[r] = (s.peak[r]! | masked(v, c.a[r]!)) >>> 0;
    else if (score > s.peakScore[r]!) {
      s.peak[r] = v;
      s.peakScore[r] = score;
    }
    return;
  }
  if (t - s.since[r]! < c.forSeconds[r]!) return;
  s.active[r] = 1;
  s.startTime[r] = t;
  s.startValue[r] = v;
  s.startLimit[r] = limit;
  s.peak[r] = c.kind[r] === ANY_BIT ? masked(v, c.a[r]!) : v;
  s.peakScore[r] = score;
  emit({ kind: "alert", time: t, payload: payload(s, r, "start", null) });
}

function step(s: AlertsState, row: Float64Array, bits: Uint32Array, emit: EventSink): void {
  const t = row[TIME]!;
  s.lastTime = t;
  const c = s.rules;
  const list = c.packetRules;
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    const at = c.at[r]!;
    const v = c.where[r] === IN_ROW ? row[at]! : (bits[at >>> 5]! >>> (at & 31)) & 1;
    check(s, r, v, t, row, emit);
  }
}

/**
 * A system subject's new value (a link: 1 up, 0 down, NaN unknown; packet
 * age in s; latency in ms) at `time`, epoch seconds of the wall clock: links
 * have no packet time. Its rules are checked at once.
 */
export function feedSystem(
  s: AlertsState,
  subject: SystemSubject,
  value: number,
  time: number,
  emit: EventSink,
): void {
  const index = SYSTEM_INDEX[subject];
  s.system[index] = value;
  const list = s.rules.systemRules[index]!;
  for (let i = 0; i < list.length; i++) check(s, list[i]!, value, time, null, emit);
}

/** Stable text of a rule, to know whether a new rule set kept it as it was. */
const ruleKey = (rule: AlertRule): string => JSON.stringify(rule);

/**
 * New rules for this history. A rule kept exactly as it was keeps its state
 * (an active alert goes on); the alerts of rules removed, changed or turned
 * off end now, at the newest packet's time.
 */
export function setRules(s: AlertsState, all: readonly AlertRule[], emit: EventSink): void {
  const next = compileRules(all);
  const fresh = newState(next);
  // The old arrays stay as they are: `s` gets the fresh ones at the end.
  const kept = new Map(s.rules.rules.map((rule, r) => [ruleKey(rule), r]));
  const carried = new Set<number>();
  next.rules.forEach((rule, r) => {
    const o = kept.get(ruleKey(rule));
    if (o === undefined) return;
    carried.add(o);
    for (const key of PER_RULE) fresh[key][r] = s[key][o]!;
  });
  s.rules.rules.forEach((_, r) => {
    if (s.active[r] === 1 && !carried.has(r))
      emit({ kind: "alert", time: s.lastTime, payload: payload(s, r, "end", s.lastTime) });
  });
  fresh.system.set(s.system);
  fresh.lastTime = s.lastTime;
  Object.assign(s, fresh);
}

const PER_RULE = [
  "holding",
  "active",
  "seen",
  "since",
  "prev",
  "lastChange",
  "peak",
  "peakScore",
  "startTime",
  "startValue",
  "startLimit",
] as const satisfies readonly (keyof AlertsState)[];

/** The worst value so far of the active alert of `ruleId` (NaN when none is active). */
export function activePeak(s: AlertsState, ruleId: string): number {
  const r = s.rules.rules.findIndex((rule) => rule.id === ruleId);
  return r >= 0 && s.active[r] === 1 ? s.peak[r]! : NaN;
}

export type AlertsStage = Stage<AlertsState>;

export const alertsStage: AlertsStage = {
  name: "alerts",
  columns: [],
  inputs: ["TimeStamp"],
  createState: () => newState(defaultCompiled()),
  reset: (s) => clearState(s),
  stateInputs: (s) => s.rules.rowInputs,
  step: (s, row, bits, _out, emit) => step(s, row, bits, emit),
};

let compiledDefaults: CompiledRules | null = null;
function defaultCompiled(): CompiledRules {
  compiledDefaults ??= compileRules(defaultRules());
  return compiledDefaults;
}
