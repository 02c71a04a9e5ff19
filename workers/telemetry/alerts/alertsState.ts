// An alerts history's state (AlertsState): a few typed arrays per rule,
// whatever the length of the history, and the alerts queued since the last
// flush. Also what an alert event carries, built from that state: the
// packet step (alertsStage.ts) and a change of rules (ruleChange.ts) both
// emit it.
import type { AlertEventPayload } from "../../contract/alerts";
import { BOOLEAN_FIELDS } from "../schema/fields";
import { ANY_BIT, type CompiledRules } from "./compile";
import { SYSTEM_COUNT } from "./subjects";

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

export function newState(rules: CompiledRules): AlertsState {
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

export function clearState(s: AlertsState): void {
  s.holding.fill(0);
  s.active.fill(0);
  s.seen.fill(0);
  s.system.fill(NaN);
  s.lastTime = NaN;
  s.systemTime = NaN;
  s.edgesSettled = 0;
  s.queued = 0;
}

/** The bits of a bit field selected by mask, as an unsigned 32-bit integer. */
export const masked = (value: number, mask: number): number => ((value >>> 0) & (mask >>> 0)) >>> 0;
const ALL_BITS = 0xffffffff;

/** Rule r's alert event, from its state now. */
export function alertPayload(
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
