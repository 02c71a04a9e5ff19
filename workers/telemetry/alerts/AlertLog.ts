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
  /** Critical alerts in the log, active or ended, not yet acknowledged. */
  private unackedCritical = 0;

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
    for (const { p } of this.active.values()) {
      active[p.severity]++;
      const worst = bySubject[p.subject];
      if (!worst || RANK[p.severity] > RANK[worst]) bySubject[p.subject] = p.severity;
    }
    return {
      version: versionBase + this.changes,
      active,
      unacknowledgedCritical: this.unackedCritical,
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
    for (const record of this.log) {
      if (record.acknowledged || (which && !which.has(record.seq))) continue;
      record.acknowledged = true;
      if (record.p.severity === "critical") this.unackedCritical--;
    }
    this.changes++;
  }

  private started(p: AlertEventPayload): LogRecord {
    const record: LogRecord = { seq: ++this.seq, p, acknowledged: false, shown: null };
    if (p.severity === "critical") this.unackedCritical++;
    this.active.set(p.ruleId, record);
    this.log.push(record);
    if (this.log.length > this.cap + this.cap / 4) this.trim();
    return record;
  }

  /** Back to the cap, in one go for a quarter of it (a storm does not copy the log per alert). */
  private trim(): void {
    const over = this.log.length - this.cap;
    const older = this.log.slice(0, over);
    const kept = older.filter((r) => r.p.end === null); // active alerts stay listed, however old
    for (const r of older)
      if (r.p.end !== null && !r.acknowledged && r.p.severity === "critical")
        this.unackedCritical--;
    this.dropped += older.length - kept.length;
    this.log = [...kept, ...this.log.slice(over)];
  }
}
