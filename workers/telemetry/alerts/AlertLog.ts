// One history's alerts: the active ones and the log (start, end, peak,
// duration, acknowledged), built from the alerts stage's events. The log is
// capped (oldest dropped first, counted) so a flapping rule cannot fill the
// worker's memory; active alerts are never dropped. An event costs one small
// record here; its words (message, bit names) are written when read.
import type {
  AlertEntry,
  AlertSeverity,
  AlertsOrigin,
  AlertsState,
  AlertsSummary,
} from "../../contract/alerts";
import type { StageEvent } from "../pipeline/Stage";
import { alertWords } from "./alertWords";
import type { AlertEventPayload } from "./alertsStage";

export const LOG_CAP = 10_000;
/** Spans kept per subject for plots (oldest dropped first): a flapping rule stays cheap to read. */
export const SPANS_PER_SUBJECT = 500;

/** An alert's span in time, as plots shade it and the map pins it. */
export interface AlertMark {
  seq: number;
  start: number;
  /** null while active. */
  end: number | null;
  severity: AlertSeverity;
}

/** The subject's time now: packet time, or the wall clock for a system subject. */
export type NowFor = number | ((subject: string) => number);

const RANK: Record<AlertSeverity, number> = { info: 1, warning: 2, critical: 3 };

export interface LogRecord {
  seq: number;
  /** The start's payload, then the end's. */
  p: AlertEventPayload;
  acknowledged: boolean;
  /** An ended alert's entry, written once on first read. */
  shown: AlertEntry | null;
}

export class AlertLog {
  private log: LogRecord[] = [];
  private readonly active = new Map<string, LogRecord>();
  private dropped = 0;
  private seq = 0;
  private changes = 0;
  /** Per subject, its alerts in start order: what a plot of that field shades (kept as they start). */
  private readonly bySubject = new Map<string, LogRecord[]>();

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
    const active = { info: 0, warning: 0, critical: 0 };
    const bySubject: Record<string, AlertSeverity> = {};
    let unacknowledgedCritical = 0;
    for (const { p, acknowledged } of this.active.values()) {
      active[p.severity]++;
      if (p.severity === "critical" && !acknowledged) unacknowledgedCritical++;
      const worst = bySubject[p.subject];
      if (!worst || RANK[p.severity] > RANK[worst]) bySubject[p.subject] = p.severity;
    }
    return {
      version: versionBase + this.changes,
      active,
      unacknowledgedCritical,
      bySubject,
      origin,
    };
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

  /** Acknowledges the alerts `seqs` names, or all of them. */
  acknowledge(seqs?: readonly number[]): void {
    const which = seqs ? new Set(seqs) : null;
    for (const record of this.log) if (!which || which.has(record.seq)) record.acknowledged = true;
    this.changes++;
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

  private started(p: AlertEventPayload): LogRecord {
    const record: LogRecord = { seq: ++this.seq, p, acknowledged: false, shown: null };
    this.active.set(p.ruleId, record);
    this.log.push(record);
    const spans = this.bySubject.get(p.subject);
    if (spans) {
      spans.push(record);
      if (spans.length > SPANS_PER_SUBJECT * 1.25)
        spans.splice(0, spans.length - SPANS_PER_SUBJECT);
    } else this.bySubject.set(p.subject, [record]);
    if (this.log.length > this.cap + this.cap / 4) this.trim();
    return record;
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
