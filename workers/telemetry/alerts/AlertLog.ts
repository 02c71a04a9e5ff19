// One history's alerts: the active ones and the log (start, end, peak,
// duration, acknowledged), built from the alerts stage's events. The log is
// capped (oldest dropped first, counted) so a flapping rule cannot fill the
// worker's memory; active alerts are never dropped. An event costs one small
// record here; its words (message, bit names) are written when read.
// A rule that starts again within GROUP_GAP_S of its last end is the same
// alert coming back, as Grafana and PagerDuty group them: its episodes share
// a group (AlertEntry.group), the status bar counts groups, and acknowledging
// one acknowledges its episodes (a later episode is news again).
import type { AlertAckEvent, AlertEvent, AlertKey, SessionEvent } from "../../contract/events";
import type {
  AlertEntry,
  AlertMark,
  AlertSeverity,
  AlertsOrigin,
  AlertsState,
  AlertsSummary,
} from "../../contract/alerts";
import type { StageEvent } from "../pipeline/Stage";
import { alertWords } from "./alertWords";
import type { AlertEventPayload } from "../../contract/alerts";

const LOG_CAP = 10_000;
/** Seconds from an episode's end to the next start of the same rule that make them one alert. */
export const GROUP_GAP_S = 300;
/** Spans kept per subject for plots (oldest dropped first): a flapping rule stays cheap to read. */
const SPANS_PER_SUBJECT = 500;

/** The subject's time now: packet time, or the wall clock for a system subject. */
type NowFor = number | ((subject: string) => number);

const RANK: Record<AlertSeverity, number> = { info: 1, warning: 2, critical: 3 };

export interface LogRecord {
  seq: number;
  /** The start's payload, then the end's. */
  p: AlertEventPayload;
  acknowledged: boolean;
  /** An ended alert's entry, written once on first read. */
  shown: AlertEntry | null;
  /** The seq of its group's first episode (its own when it starts a group). */
  group: number;
}

export class AlertLog {
  private log: LogRecord[] = [];
  private readonly active = new Map<string, LogRecord>();
  private dropped = 0;
  private seq = 0;
  private changes = 0;
  /** Critical alerts in the log not yet acknowledged, as of log version `at`. */
  private unackedCritical = { at: -1, count: 0 };
  /** Per subject, its alerts in start order: what a plot of that field shades (kept as they start). */
  private readonly bySubject = new Map<string, LogRecord[]>();
  /** Per rule, its latest record: whether a new start joins that one's group. */
  private readonly lastOfRule = new Map<string, LogRecord>();

  constructor(private readonly cap = LOG_CAP) {}

  /** Moves with every start, end and acknowledgement (AlertsSummary.version). */
  get version(): number {
    return this.changes;
  }

  /**
   * The stage's event sink: anything but an alert is not this log's. Returns
   * the record of an alert that started, else null.
   */
  readonly onEvent = (event: StageEvent): LogRecord | null => {
    if (event.kind !== "alert") return null;
    this.changes++;
    const p = event.payload as AlertEventPayload;
    if (p.phase === "start") return this.started(p);
    // An end whose start this log never saw (rules replayed over a restore) still counts.
    const record = this.active.get(p.ruleId) ?? this.started(p);
    this.active.delete(p.ruleId);
    record.p = p;
    return null;
  };

  /** The active alerts in brief (status bar, colours). */
  summary(origin: AlertsOrigin, versionBase = 0): AlertsSummary {
    return summarise(this.active.values(), origin, versionBase + this.changes, this.unacked());
  }

  /** One record as the UI sees it (its words written now; an ended one's kept). */
  entry(
    record: LogRecord,
    now: NowFor,
    peakOf: (ruleId: string) => number = () => NaN,
  ): AlertEntry {
    if (record.shown) {
      record.shown.acknowledged = record.acknowledged;
      return { ...record.shown };
    }
    const { p } = record;
    const ended = p.end !== null;
    const peakNow = peakOf(p.ruleId);
    const peak = ended || Number.isNaN(peakNow) ? p.peak : peakNow;
    const nowOf = typeof now === "number" ? now : now(p.subject);
    const entry: AlertEntry = {
      seq: record.seq,
      ruleId: p.ruleId,
      subject: p.subject,
      label: p.label,
      unit: p.unit,
      severity: p.severity,
      start: p.start,
      end: p.end,
      duration: ended ? p.end! - p.start : Math.max(0, nowOf - p.start) || 0,
      value: p.value,
      peak,
      limit: p.limit,
      ...alertWords({ ...p, peak }, ended),
      acknowledged: record.acknowledged,
      group: record.group,
    };
    if (ended) record.shown = entry;
    return { ...entry };
  }

  /**
   * Active alerts and the log as of `now` (packet time; a system subject's
   * alert runs on the wall clock, so `now` may depend on the subject), with
   * each active alert's peak so far.
   */
  read(
    now: NowFor,
    peakOf: (ruleId: string) => number = () => NaN,
    origin: AlertsOrigin = "live",
  ): AlertsState {
    const shown = (record: LogRecord) => this.entry(record, now, peakOf);
    return {
      origin,
      active: [...this.active.values()].map(shown),
      log: this.log.map(shown),
      dropped: this.dropped,
    };
  }

  /**
   * Acknowledges the alerts `seqs` names, or all of them. Returns those it
   * acknowledged now (by rule and start: what a recording keeps).
   */
  acknowledge(seqs?: readonly number[]): AlertKey[] {
    const which = seqs ? new Set(seqs) : null;
    const now: AlertKey[] = [];
    for (const record of this.log) {
      if (record.acknowledged || (which && !which.has(record.seq))) continue;
      record.acknowledged = true;
      now.push({ ruleId: record.p.ruleId, start: record.p.start });
    }
    this.changes++;
    return now;
  }

  /** Acknowledges the alerts a recording names by rule and start (unknown ones are skipped). */
  acknowledgeKeys(keys: readonly AlertKey[]): void {
    if (keys.length === 0) return;
    const wanted = new Set(keys.map(keyOf));
    for (const record of this.log) if (wanted.has(keyOf(record.p))) record.acknowledged = true;
    this.changes++;
  }

  /** The active alerts (their start's or end's payload), oldest first. */
  activePayloads(): AlertEventPayload[] {
    return [...this.active.values()].map((record) => record.p);
  }

  /**
   * Puts a recorded log (`recorded`, rebuilt from the session's events) in
   * front of what this log holds: the alerts logged meanwhile (live packets
   * while the recording was read) come after it. An alert of a rule active in
   * both is one alert going on: the recorded one stands, with its start.
   */
  prepend(recorded: AlertLog): void {
    const mine = this.log;
    this.log = [];
    this.active.clear();
    this.bySubject.clear();
    this.lastOfRule.clear();
    for (const record of recorded.log) this.adopt(record);
    for (const record of mine) {
      const going = record.p.end === null && this.active.has(record.p.ruleId);
      if (!going) this.adopt(record);
    }
    this.dropped += recorded.dropped;
    this.changes++;
    if (this.log.length > this.cap) this.trim();
  }

  /**
   * The state as a replay's clock sees it: the whole log (what the replay
   * holds), and as active the alerts started at or before `clock` that had
   * not ended by then (shown as they were then: no end yet). Without a clock,
   * the alerts active at the end.
   */
  readAt(clock: number | null, origin: AlertsOrigin): AlertsState {
    if (clock === null) return this.read(NaN, () => NaN, origin);
    const state = this.read(clock, () => NaN, origin);
    state.active = this.activeAt(clock).map((record) => {
      const entry = this.entry(record, clock);
      const then = { end: null, duration: Math.max(0, clock - record.p.start) };
      return { ...entry, ...then, ...alertWords(record.p, false) };
    });
    return state;
  }

  /** The records active at `clock`: started by then, not ended by then. */
  activeAt(clock: number): LogRecord[] {
    return this.log.filter((r) => r.p.start <= clock && (r.p.end === null || r.p.end > clock));
  }

  /** The summary of the alerts active at `clock` (a replay's), as summary() counts them. */
  summaryAt(clock: number | null, origin: AlertsOrigin, versionBase = 0): AlertsSummary {
    return summarise(
      clock === null ? this.active.values() : this.activeAt(clock),
      origin,
      versionBase + this.changes,
      this.unacked(clock ?? Infinity),
    );
  }

  private adopt(record: LogRecord): void {
    record.seq = ++this.seq;
    record.shown = null; // written again with its new seq
    this.join(record);
    this.log.push(record);
    this.indexSpan(record);
    if (record.p.end === null) this.active.set(record.p.ruleId, record);
  }

  /**
   * The subject's alerts overlapping [from, to] (packet time; an active one
   * runs to now), oldest first. Reads only that subject's list.
   */
  spans(subject: string, from: number, to: number): AlertMark[] {
    const list = this.bySubject.get(subject);
    const out: AlertMark[] = [];
    if (!list) return out;
    for (const { seq, p } of list) {
      if (p.start > to || (p.end !== null && p.end < from)) continue;
      out.push({ seq, start: p.start, end: p.end, severity: p.severity });
    }
    return out;
  }

  /** Alerts that started in [from, to], newest first, at most `limit` (map pins, scrubber marks). */
  starts(from: number, to: number, limit: number): (AlertMark & { record: LogRecord })[] {
    const out: (AlertMark & { record: LogRecord })[] = [];
    for (let i = this.log.length - 1; i >= 0 && out.length < limit; i--) {
      const record = this.log[i]!;
      const { p } = record;
      if (p.start > to) continue;
      if (p.start < from) break; // the log is in start order
      out.push({ seq: record.seq, start: p.start, end: p.end, severity: p.severity, record });
    }
    return out;
  }

  /** Indexes a record under its subject for spans() (per subject, capped). */
  private indexSpan(record: LogRecord): void {
    const spans = this.bySubject.get(record.p.subject);
    if (spans) {
      spans.push(record);
      if (spans.length > SPANS_PER_SUBJECT * 1.25)
        spans.splice(0, spans.length - SPANS_PER_SUBJECT);
    } else this.bySubject.set(record.p.subject, [record]);
  }

  private started(p: AlertEventPayload): LogRecord {
    const seq = ++this.seq;
    const record: LogRecord = { seq, p, acknowledged: false, shown: null, group: seq };
    this.join(record);
    this.active.set(p.ruleId, record);
    this.log.push(record);
    this.indexSpan(record);
    if (this.log.length > this.cap + this.cap / 4) this.trim();
    return record;
  }

  /** Puts a starting record in its rule's group: the last one's if that ended GROUP_GAP_S or less ago. */
  private join(record: LogRecord): void {
    const last = this.lastOfRule.get(record.p.ruleId);
    const back =
      last !== undefined &&
      last.p.end !== null &&
      record.p.start >= last.p.end &&
      record.p.start - last.p.end <= GROUP_GAP_S;
    record.group = back ? last.group : record.seq;
    this.lastOfRule.set(record.p.ruleId, record);
  }

  /**
   * Critical alerts in the log, active or ended, not yet acknowledged, a
   * group of episodes counting once: the status bar keeps them visible.
   * Counted again only when the log changed.
   */
  private unacked(upTo = Infinity): number {
    if (upTo === Infinity && this.unackedCritical.at === this.changes)
      return this.unackedCritical.count;
    const groups = new Set<number>();
    for (const r of this.log)
      if (r.p.severity === "critical" && !r.acknowledged && r.p.start <= upTo) groups.add(r.group);
    const count = groups.size;
    if (upTo === Infinity) this.unackedCritical = { at: this.changes, count };
    return count;
  }

  /** Back to the cap, in one go for a quarter of it (a storm does not copy the log per alert). */
  private trim(): void {
    const over = this.log.length - this.cap;
    const older = this.log.slice(0, over);
    const kept = older.filter((r) => r.p.end === null); // active alerts stay listed, however old
    this.dropped += older.length - kept.length;
    this.log = [...kept, ...this.log.slice(over)];
  }
}

const keyOf = (a: AlertKey): string => `${a.ruleId}\u0000${a.start}`;

/** Active alerts counted by severity, the critical ones not acknowledged, the worst per subject. */
function summarise(
  records: Iterable<LogRecord>,
  origin: AlertsOrigin,
  version: number,
  unacknowledgedCritical: number,
): AlertsSummary {
  const active = { info: 0, warning: 0, critical: 0 };
  const bySubject: Record<string, AlertSeverity> = {};
  for (const { p } of records) {
    active[p.severity]++;
    const worst = bySubject[p.subject];
    if (!worst || RANK[p.severity] > RANK[worst]) bySubject[p.subject] = p.severity;
  }
  return { version, active, unacknowledgedCritical, bySubject, origin };
}

/**
 * A log rebuilt from a session's recorded events ("alert" starts and ends,
 * "alertAck" acknowledgements; oldest first), as it was built live.
 */
export function logFromEvents(events: readonly SessionEvent[]): AlertLog {
  const log = new AlertLog();
  const acks: AlertKey[] = [];
  for (const event of events) {
    if (event.kind === "alert") {
      const { kind: _kind, time, ...payload } = event as AlertEvent;
      log.onEvent({ kind: "alert", time, payload });
    } else if (event.kind === "alertAck") acks.push(...(event as AlertAckEvent).alerts);
  }
  log.acknowledgeKeys(acks);
  return log;
}
