// The alerts stage of the ingest pipeline: every enabled rule checked on
// every stored packet of the history (live, replay, import; never sampled, so
// an alert lasting one packet is caught). Its state is a few typed arrays per
// rule, whatever the length of the history, and the packet's step allocates
// nothing: an alert that starts or ends is queued in typed arrays, and its
// event is built after every stage has stepped (flush). Durations and "no new value" run on the
// data's clock: the packet's TimeStamp. System subjects (links, latency) are
// not in the row: the history's owner reports them with feedSystem().
import type { AlertEventPayload, AlertRule, SystemSubject } from "../../contract/alerts";
import type { EventSink, Stage, StoredFields } from "../pipeline/Stage";
import { BOOLEAN_FIELDS, NUMERIC_FIELDS } from "../schema/fields";
import {
  ABOVE,
  ANY_BIT,
  BELOW,
  CHANGED,
  compileRules,
  EQUALS,
  keptIn,
  IN_ROW,
  IN_SYSTEM,
  INSIDE,
  NO_NEW_VALUE,
  OUTSIDE,
  RISING,
  TRUE,
  type CompiledRules,
} from "./compile";
import { defaultRules } from "./defaults";
import { SYSTEM_COUNT, SYSTEM_INDEX } from "./subjects";

/** What an "alert" StageEvent carries (workers/contract/alerts.ts: it is recorded with the session). */
export type { AlertEventPayload };

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
  /** Wall-clock time of the newest system report (NaN before the first). */
  systemTime: number;
  /** The flag words of the newest packet whose edges were checked (stepEdges). */
  lastBits: Uint32Array;
  /** 1: after those, no edge rule held without being active yet (a duration running). */
  edgesSettled: number;
  /** Alerts started or ended since the last flush: rule, 1 start / 0 end, time. */
  queuedRule: Int32Array;
  queuedStart: Uint8Array;
  queuedTime: Float64Array;
  queued: number;
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
    systemTime: NaN,
    lastBits: new Uint32Array(Math.ceil(BOOLEAN_FIELDS.length / 32)),
    edgesSettled: 0,
    // A rule starts or ends at most once per packet or report: n is room enough.
    queuedRule: new Int32Array(n),
    queuedStart: new Uint8Array(n),
    queuedTime: new Float64Array(n),
    queued: 0,
  };
}

function clearState(s: AlertsState): void {
  s.holding.fill(0);
  s.active.fill(0);
  s.seen.fill(0);
  s.system.fill(NaN);
  s.lastTime = NaN;
  s.systemTime = NaN;
  s.edgesSettled = 0;
  s.queued = 0;
}

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
  for (let q = 0; q < count; q++) {
    const r = s.queuedRule[q]!;
    const t = s.queuedTime[q]!;
    const start = s.queuedStart[q] === 1;
    emit({
      kind: "alert",
      time: t,
      payload: payload(s, r, start ? "start" : "end", start ? null : t),
    });
  }
}

/** A limit operand: its constant, or the field's value in this row (0 or not finite: the fallback). */
function operand(constant: number, field: number, row: Float64Array): number {
  if (field < 0) return constant;
  const v = row[field]!;
  return v - v === 0 && v !== 0 ? v : constant;
}

/** The bits of a bit field selected by mask, as an unsigned 32-bit integer. */
export const masked = (value: number, mask: number): number => ((value >>> 0) & (mask >>> 0)) >>> 0;
const ALL_BITS = 0xffffffff;

function payload(
  s: AlertsState,
  r: number,
  phase: "start" | "end",
  end: number | null,
): AlertEventPayload {
  const rule = s.rules.rules[r]!;
  const subject = s.rules.subjects[r]!;
  return {
    phase,
    ruleId: rule.id,
    subject: rule.subject,
    label: subject.label,
    unit: subject.unit,
    severity: rule.severity,
    start: s.startTime[r]!,
    end,
    value: s.startValue[r]!,
    peak: s.peak[r]!,
    limit: s.startLimit[r]!,
    template: rule.message,
    bitNames: subject.bits ?? null,
    mask: s.rules.kind[r] === ANY_BIT ? s.rules.a[r]! : ALL_BITS,
  };
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

/**
 * New rules for this history. A rule kept exactly as it was keeps its state
 * (an active alert goes on); the alerts of rules removed, changed or turned
 * off end now: at the newest packet's time, a link's at its newest report's.
 */
export function setRules(s: AlertsState, all: readonly AlertRule[], emit: EventSink): void {
  setCompiledRules(s, compileRules(all, s.rules.fields), emit);
}

/** setRules with rules compiled already (a core compiles a new set once, for every history). */
export function setCompiledRules(s: AlertsState, next: CompiledRules, emit: EventSink): void {
  if (next.fields !== s.rules.fields) next = compileRules(next.all, s.rules.fields);
  const fresh = newState(next);
  // The old arrays stay as they are: `s` gets the fresh ones at the end.
  // Rules kept: new index → old index, found while compiling when the new set
  // follows this history's (every history has the set in force); then each
  // array copied in a loop of its own (one loop over the fields inside the
  // rules' took 55 ms for 5,000).
  const after = next.after?.rules.deref() === s.rules ? next.after!.kept : null;
  const to: number[] = [];
  const from: number[] = [];
  const carried = new Uint8Array(s.rules.rules.length);
  next.hashes.forEach((hash, r) => {
    const o = after ? after[r]! : keptIn(s.rules, next.rules[r]!, hash);
    if (o < 0) return;
    to.push(r);
    from.push(o);
    carried[o] = 1;
  });
  for (const field of PER_RULE) copyKept(fresh[field], s[field], to, from);
  s.rules.rules.forEach((_, r) => {
    if (s.active[r] === 0 || carried[r] === 1) return;
    const end = s.rules.where[r] === IN_SYSTEM ? s.systemTime : s.lastTime;
    emit({ kind: "alert", time: end, payload: payload(s, r, "end", end) });
  });
  fresh.system.set(s.system);
  fresh.lastTime = s.lastTime;
  fresh.systemTime = s.systemTime;
  Object.assign(s, fresh);
}

function copyKept(
  into: Float64Array | Uint8Array,
  out: Float64Array | Uint8Array,
  to: readonly number[],
  from: readonly number[],
): void {
  for (let i = 0; i < to.length; i++) into[to[i]!] = out[from[i]!]!;
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

/** How bad a value is for peak tracking, as `holds` scores it (NaN: not tracked so). */
function scoreOf(kind: number, value: number, limit: number): number {
  if (kind === ABOVE) return value;
  if (kind === BELOW) return -value;
  if (kind === OUTSIDE) return Math.abs(value - limit);
  return NaN;
}

/**
 * After a restore: the alerts the log holds as active (`active`, their
 * payloads) go on in this state, so live data ends them as it would have
 * had the page not reloaded. For a packet field's rule the restored rows
 * mostly agree already; a link's state is not in the rows at all. A rule
 * active here that no logged alert covers (its start was never recorded)
 * starts now, through `emit`. Returns the alerts whose rule is not in force.
 */
export function resumeAlerts(
  s: AlertsState,
  active: readonly AlertEventPayload[],
  emit: EventSink,
): AlertEventPayload[] {
  const c = s.rules;
  s.edgesSettled = 0; // rules may turn active here: the edges are checked again
  const index = new Map(c.rules.map((rule, r) => [rule.id, r]));
  const covered = new Set<number>();
  const unknown: AlertEventPayload[] = [];
  for (const p of active) {
    const r = index.get(p.ruleId);
    if (r === undefined) {
      unknown.push(p);
      continue;
    }
    covered.add(r);
    if (s.active[r] === 0) {
      s.active[r] = 1;
      s.holding[r] = 1;
      s.since[r] = p.start;
      s.peak[r] = p.peak;
      s.peakScore[r] = scoreOf(c.kind[r]!, p.peak, p.limit);
      if (s.seen[r] === 0) {
        s.seen[r] = 1;
        s.prev[r] = p.value;
        s.lastChange[r] = p.start - (c.kind[r] === NO_NEW_VALUE ? c.a[r]! : 0);
      }
    }
    // The log's start is the alert's (the rows may begin after it).
    s.startTime[r] = p.start;
    s.startValue[r] = p.value;
    s.startLimit[r] = p.limit;
  }
  for (let r = 0; r < c.rules.length; r++)
    if (s.active[r] === 1 && !covered.has(r))
      emit({ kind: "alert", time: s.startTime[r]!, payload: payload(s, r, "start", null) });
  return unknown;
}

/** The worst value so far of the active alert of `ruleId` (NaN when none is active). */
export function activePeak(s: AlertsState, ruleId: string): number {
  const r = s.rules.rules.findIndex((rule) => rule.id === ruleId);
  return r >= 0 && s.active[r] === 1 ? s.peak[r]! : NaN;
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
