// Changing an alerts history's rules in force, and carrying alerts over a
// reload: a rule kept keeps its state, the alerts of rules gone end, and the
// log's active alerts go on. Off the packet path: it runs when the user
// edits rules or a history is restored.
import type { AlertEventPayload, AlertRule } from "../../contract/alerts";
import type { EventSink } from "../pipeline/Stage";
import {
  ABOVE,
  BELOW,
  compileRules,
  IN_SYSTEM,
  keptIn,
  NO_NEW_VALUE,
  OUTSIDE,
  type CompiledRules,
} from "./compile";
import { alertPayload, newState, type AlertsState } from "./alertsState";

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
    emit({ kind: "alert", time: end, payload: alertPayload(s, r, "end", end) });
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
      emit({ kind: "alert", time: s.startTime[r]!, payload: alertPayload(s, r, "start", null) });
  return unknown;
}

/** The worst value so far of the active alert of `ruleId` (NaN when none is active). */
export function activePeak(s: AlertsState, ruleId: string): number {
  const r = s.rules.rules.findIndex((rule) => rule.id === ruleId);
  return r >= 0 && s.active[r] === 1 ? s.peak[r]! : NaN;
}
