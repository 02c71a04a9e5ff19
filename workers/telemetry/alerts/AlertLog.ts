// One history's alerts: the active ones and the log (start, end, peak,
// duration, acknowledged), built from the alerts stage's events. The log is
// capped (oldest dropped first, counted) so a flapping rule cannot fill the
// worker's memory; active alerts are never dropped. An event costs one small
// record here; its words (message, bit names) are written when read.
import type { AlertEntry, AlertsState } from "../../contract/alerts";
import type { StageEvent } from "../pipeline/Stage";
import { alertWords } from "./alertWords";
import type { AlertEventPayload } from "./alertsStage";

export const LOG_CAP = 10_000;

interface LogRecord {
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

  constructor(private readonly cap = LOG_CAP) {}

  /** The stage's event sink: anything but an alert is not this log's. */
  readonly onEvent = (event: StageEvent): void => {
    if (event.kind !== "alert") return;
    const p = event.payload as AlertEventPayload;
    if (p.phase === "start") {
      this.started(p);
      return;
    }
    // An end whose start this log never saw (rules replayed over a restore) still counts.
    const record = this.active.get(p.ruleId) ?? this.started(p);
    this.active.delete(p.ruleId);
    record.p = p;
  };

  /**
   * Active alerts and the log as of `now` (packet time; a system subject's
   * alert runs on the wall clock, so `now` may depend on the subject), with
   * each active alert's peak so far.
   */
  read(
    now: number | ((subject: string) => number),
    peakOf: (ruleId: string) => number = () => NaN,
  ): AlertsState {
    const nowFor = typeof now === "number" ? () => now : now;
    const shown = (record: LogRecord): AlertEntry => {
      if (record.shown) {
        record.shown.acknowledged = record.acknowledged;
        return { ...record.shown };
      }
      const { p } = record;
      const ended = p.end !== null;
      const peakNow = peakOf(p.ruleId);
      const peak = ended || Number.isNaN(peakNow) ? p.peak : peakNow;
      const entry: AlertEntry = {
        seq: record.seq,
        ruleId: p.ruleId,
        subject: p.subject,
        label: p.label,
        unit: p.unit,
        severity: p.severity,
        start: p.start,
        end: p.end,
        duration: ended ? p.end! - p.start : Math.max(0, nowFor(p.subject) - p.start) || 0,
        value: p.value,
        peak,
        limit: p.limit,
        ...alertWords({ ...p, peak }, ended),
        acknowledged: record.acknowledged,
      };
      if (ended) record.shown = entry;
      return { ...entry };
    };
    return {
      active: [...this.active.values()].map(shown),
      log: this.log.map(shown),
      dropped: this.dropped,
    };
  }

  /** Acknowledges the alerts `seqs` names, or all of them. */
  acknowledge(seqs?: readonly number[]): void {
    const which = seqs ? new Set(seqs) : null;
    for (const record of this.log) if (!which || which.has(record.seq)) record.acknowledged = true;
  }

  private started(p: AlertEventPayload): LogRecord {
    const record: LogRecord = { seq: ++this.seq, p, acknowledged: false, shown: null };
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
    this.dropped += older.length - kept.length;
    this.log = [...kept, ...this.log.slice(over)];
  }
}
