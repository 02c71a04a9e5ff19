// The alerts stage of the ingest pipeline: every enabled rule checked on
// every stored packet of the history (live, replay, import; never sampled, so
// an alert lasting one packet is caught). Its state (alertsState.ts) is a few
// typed arrays per rule, whatever the length of the history, and the packet's
// step allocates nothing: an alert that starts or ends is queued in typed
// arrays, and its event is built after every stage has stepped (flush).
// Durations and "no new value" run on the data's clock: the packet's
// TimeStamp. System subjects (links, latency) are not in the row: the
// history's owner reports them with feedSystem(). Changing the rules in force
// and resuming after a reload are in ruleChange.ts.
import type { AlertEventPayload, SystemSubject } from "../../contract/alerts";
import { DROP_EVENTS, type EventSink, type Stage, type StoredFields } from "../pipeline/Stage";
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
import { alertPayload, clearState, masked, newState, type AlertsState } from "./alertsState";
import { defaultRules } from "./defaults";
import { SYSTEM_INDEX } from "./subjects";

/** What an "alert" StageEvent carries (workers/contract/alerts.ts: it is recorded with the session). */
export type { AlertEventPayload };

const TIME = NUMERIC_FIELDS.indexOf("TimeStamp");

/** Rule r's alert started (or ended) at t: its event is built at the next flush. */
function enqueue(s: AlertsState, r: number, start: boolean, t: number): void {
  const q = s.queued++;
  s.queuedRule[q] = r;
  s.queuedStart[q] = start ? 1 : 0;
  s.queuedTime[q] = t;
}

/** The queued starts and ends as events, oldest first: after the packet, off its path. */
function flush(s: AlertsState, emit: EventSink): void {
  const count = s.queued;
  s.queued = 0;
  // A history whose events go nowhere (a restore, a store given no sink) builds none.
  if (emit === DROP_EVENTS) return;
  for (let q = 0; q < count; q++) {
    const r = s.queuedRule[q]!;
    const t = s.queuedTime[q]!;
    const start = s.queuedStart[q] === 1;
    emit({
      kind: "alert",
      time: t,
      payload: alertPayload(s, r, start ? "start" : "end", start ? null : t),
    });
  }
}

/** A limit operand: its constant, or the field's value in this row (0 or not finite: the fallback). */
function operand(constant: number, field: number, row: Float64Array): number {
  if (field < 0) return constant;
  const v = row[field]!;
  return v - v === 0 && v !== 0 ? v : constant;
}

// What the last `holds` found besides its answer: the limit in force and how
// far past it the value is (peak tracking; NaN: no peak to track). Module
// variables rather than an object, so a check allocates nothing.
let heldLimit = NaN;
let heldScore = NaN;

/**
 * Whether rule r's condition holds for value v at data time t (before its
 * duration). `row` gives limits read from other fields (null for system
 * subjects). Reads the rule's previous value (call before it is updated) and
 * the time of its last change (after).
 */
function holds(s: AlertsState, r: number, v: number, t: number, row: Float64Array | null): boolean {
  const c = s.rules;
  heldLimit = NaN;
  heldScore = NaN;
  switch (c.kind[r]) {
    case ABOVE: {
      const limit = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const clear = c.clear[r]!;
      heldLimit = limit;
      heldScore = v;
      return v > (s.active[r] === 1 && clear === clear ? Math.min(clear, limit) : limit);
    }
    case BELOW: {
      const limit = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const clear = c.clear[r]!;
      heldLimit = limit;
      heldScore = -v;
      return v < (s.active[r] === 1 && clear === clear ? Math.max(clear, limit) : limit);
    }
    case OUTSIDE: {
      const lo = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const hi = row ? operand(c.b[r]!, c.bField[r]!, row) : c.b[r]!;
      heldLimit = v < lo ? lo : hi;
      heldScore = Math.max(lo - v, v - hi);
      return v < lo || v > hi;
    }
    case INSIDE: {
      const lo = row ? operand(c.a[r]!, c.aField[r]!, row) : c.a[r]!;
      const hi = row ? operand(c.b[r]!, c.bField[r]!, row) : c.b[r]!;
      return v >= lo && v <= hi;
    }
    case EQUALS:
      return v === c.a[r]!;
    case TRUE:
      return v === 1;
    case RISING:
      // An edge: false before, or up on the history's first packet (a fault
      // already up when the dashboard connects must not go unannounced);
      // then it holds while the flag stays up.
      return v === 1 && (s.holding[r] === 1 || s.seen[r] === 0 || s.prev[r] === 0);
    case CHANGED:
      return s.seen[r] === 1 && differs(v, s.prev[r]!);
    case ANY_BIT:
      return masked(v, c.a[r]!) !== 0;
    case NO_NEW_VALUE:
      return s.seen[r] === 1 && t - s.lastChange[r]! >= c.a[r]!;
  }
  return false;
}

/** Two values differ (two NaNs do not). */
const differs = (v: number, prev: number): boolean => v !== prev && (v === v || prev === prev);

/**
 * Rule r's value v at data time t, whether its condition `held`: starts,
 * keeps or ends its alert. Called only when something may change (the
 * condition holds, or held before): the per-packet loop skips quiet rules.
 */
function settle(s: AlertsState, r: number, held: boolean, v: number, t: number): void {
  const c = s.rules;
  if (!held) {
    s.holding[r] = 0;
    if (s.active[r] === 1) {
      s.active[r] = 0;
      enqueue(s, r, false, t);
    }
    return;
  }
  if (s.holding[r] === 0) {
    s.holding[r] = 1;
    s.since[r] = t;
  }
  if (s.active[r] === 1) {
    if (c.kind[r] === ANY_BIT) s.peak[r] = (s.peak[r]! | masked(v, c.a[r]!)) >>> 0;
    else if (heldScore > s.peakScore[r]!) {
      s.peak[r] = v;
      s.peakScore[r] = heldScore;
    }
    return;
  }
  if (t - s.since[r]! < c.forSeconds[r]!) return;
  s.active[r] = 1;
  s.startTime[r] = t;
  s.startValue[r] = v;
  s.startLimit[r] = heldLimit;
  s.peak[r] = c.kind[r] === ANY_BIT ? masked(v, c.a[r]!) : v;
  s.peakScore[r] = heldScore;
  enqueue(s, r, true, t);
}

/** One check of rule r: its condition, then its alert, then what it remembers of v. */
function check(s: AlertsState, r: number, v: number, t: number, row: Float64Array | null): void {
  if (s.seen[r] === 0 || differs(v, s.prev[r]!)) s.lastChange[r] = t;
  const held = holds(s, r, v, t, row);
  if (held || s.holding[r] === 1 || s.active[r] === 1) settle(s, r, held, v, t);
  s.seen[r] = 1;
  s.prev[r] = v;
}

/**
 * The rising edges (CompiledRules.edgeRules). Once settled (after a packet
 * no edge waited out its duration), a flag that stands still changes nothing:
 * a quiet edge stays quiet and an active one stays active, its value and peak
 * unchanged. So only the rules of flags that changed since the last packet
 * are visited (stepChangedEdges): none, for most of a car's packets; in a
 * flag storm, half, without a branch per rule on a random bit.
 */
function stepEdges(s: AlertsState, bits: Uint32Array, t: number): void {
  if (s.edgesSettled === 1) return stepChangedEdges(s, bits, t);
  s.lastBits.set(bits);
  const edges = s.rules.edgeRules;
  let settled = 1;
  for (let i = 0; i < edges.length; i++) {
    const r = edges[i]!;
    const x = s.rules.at[r]!;
    settled &= stepEdge(s, r, (bits[x >>> 5]! >>> (x & 31)) & 1, t);
  }
  s.edgesSettled = settled;
}

/** stepEdges once settled: the flags that changed, word by word, lowest bit first. */
function stepChangedEdges(s: AlertsState, bits: Uint32Array, t: number): void {
  const last = s.lastBits;
  const { first, rules, mask } = s.rules.edgesByFlag;
  let settled = 1;
  for (let w = 0; w < bits.length; w++) {
    const word = bits[w]!;
    let changed = (word ^ last[w]!) & (w < mask.length ? mask[w]! : 0);
    last[w] = word;
    while (changed !== 0) {
      const low = changed & -changed;
      changed ^= low;
      const bit = 31 - Math.clz32(low);
      const x = (w << 5) | bit;
      const v = (word >>> bit) & 1;
      for (let i = first[x]!; i < first[x + 1]!; i++) settled &= stepEdge(s, rules[i]!, v, t);
    }
  }
  s.edgesSettled = settled;
}

/**
 * check() and settle() for a rising edge, unrolled: a flag storm sends many
 * of these rules through it on every packet. A flag has no limit and no
 * score, and no edge reads lastChange (only "no new value" rules do).
 * Returns 0 while the flag holds but has not yet held long enough: its
 * duration runs on the packets' time, so the edges are not settled.
 */
function stepEdge(s: AlertsState, r: number, v: number, t: number): number {
  const { holding, active, seen, prev, since } = s;
  let settled = 1;
  if (v === 1 && (holding[r] === 1 || seen[r] === 0 || prev[r] === 0)) {
    if (holding[r] === 0) {
      holding[r] = 1;
      since[r] = t;
    }
    if (active[r] === 0) {
      if (t - since[r]! >= s.rules.forSeconds[r]!) startEdge(s, r, t);
      else settled = 0;
    }
  } else {
    holding[r] = 0;
    if (active[r] === 1) {
      active[r] = 0;
      enqueue(s, r, false, t);
    }
  }
  seen[r] = 1;
  prev[r] = v;
  return settled;
}

/** A rising edge's alert starts at t (settle's start, for a flag: value and peak 1, no limit). */
function startEdge(s: AlertsState, r: number, t: number): void {
  s.active[r] = 1;
  s.startTime[r] = t;
  s.startValue[r] = 1;
  s.startLimit[r] = NaN;
  s.peak[r] = 1;
  s.peakScore[r] = NaN;
  enqueue(s, r, true, t);
}

function step(s: AlertsState, row: Float64Array, bits: Uint32Array): void {
  const t = row[TIME]!;
  s.lastTime = t;
  stepEdges(s, bits, t);
  const { packetRules, where, at, kind, a, b, aField, bField } = s.rules;
  const { holding, active, seen, prev } = s;
  for (let i = 0; i < packetRules.length; i++) {
    const r = packetRules[i]!;
    const x = at[r]!;
    const v = where[r] === IN_ROW ? row[x]! : (bits[x >>> 5]! >>> (x & 31)) & 1;
    // The quiet path, almost every rule on almost every packet: a flag or a
    // fixed limit that neither holds now nor held before. Only what the
    // rule remembers is updated; anything else takes the full check.
    if (holding[r] === 0 && active[r] === 0) {
      const k = kind[r];
      let quiet = false;
      if (k === RISING) quiet = v !== 1 || (seen[r] === 1 && prev[r] !== 0);
      else if (k === ABOVE) quiet = aField[r] === -1 && !(v > a[r]!);
      else if (k === BELOW) quiet = aField[r] === -1 && !(v < a[r]!);
      else if (k === OUTSIDE)
        quiet = aField[r] === -1 && bField[r] === -1 && !(v < a[r]! || v > b[r]!);
      else if (k === ANY_BIT) quiet = masked(v, a[r]!) === 0;
      if (quiet) {
        seen[r] = 1;
        prev[r] = v;
        continue;
      }
    }
    check(s, r, v, t, row);
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
  s.systemTime = time;
  const list = s.rules.systemRules[index]!;
  for (let i = 0; i < list.length; i++) check(s, list[i]!, value, time, null);
  flush(s, emit);
}

type AlertsStage = Stage<AlertsState>;

export const alertsStage: AlertsStage = {
  name: "alerts",
  columns: [],
  inputs: ["TimeStamp"],
  createState: (fields) => newState(defaultCompiled(fields)),
  reset: (s) => clearState(s),
  stateInputs: (s) => s.rules.rowInputs,
  step: (s, row, bits) => step(s, row, bits),
  flush,
};

/** The default rules compiled once per layout (each history's state starts with them). */
const compiledDefaults = new WeakMap<StoredFields, CompiledRules>();
function defaultCompiled(fields: StoredFields): CompiledRules {
  let compiled = compiledDefaults.get(fields);
  if (!compiled) compiledDefaults.set(fields, (compiled = compileRules(defaultRules(), fields)));
  return compiled;
}
