// One history's alerts: the active ones and the log (start, end, peak,
// duration, acknowledged), built from the alerts stage's events. The log is
// capped (oldest dropped first, counted) so a flapping rule cannot fill the
// worker's memory; active alerts are never dropped.
import type { AlertEntry, AlertsState } from "../../contract/alerts";
import type { StageEvent } from "../pipeline/Stage";
import type { AlertEventPayload } from "./alertsStage";

export const LOG_CAP = 10_000;

export class AlertLog {
  private log: AlertEntry[] = [];
  private readonly active = new Map<string, AlertEntry>();
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
    const entry = this.active.get(p.ruleId) ?? this.started(p);
    this.active.delete(p.ruleId);
    entry.end = p.end;
    entry.duration = (p.end ?? p.start) - entry.start;
    entry.peak = p.peak;
    entry.bits = p.bits;
  };

  /** Active alerts and the log as of `newestTime` (packet time), with each active alert's peak so far. */
  read(newestTime: number, peakOf: (ruleId: string) => number = () => NaN): AlertsState {
    const shown = (entry: AlertEntry): AlertEntry => {
      if (entry.end !== null) return { ...entry };
      const peak = peakOf(entry.ruleId);
      return {
        ...entry,
        peak: Number.isNaN(peak) ? entry.peak : peak,
        duration: Math.max(0, newestTime - entry.start),
      };
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
    for (const entry of this.log) if (!which || which.has(entry.seq)) entry.acknowledged = true;
  }

  private started(p: AlertEventPayload): AlertEntry {
    const entry: AlertEntry = {
      seq: ++this.seq,
      ruleId: p.ruleId,
      subject: p.subject,
      label: p.label,
      unit: p.unit,
      severity: p.severity,
      start: p.start,
      end: null,
      duration: 0,
      value: p.value,
      peak: p.peak,
      limit: p.limit,
      bits: p.bits,
      message: p.message,
      acknowledged: false,
    };
    this.active.set(p.ruleId, entry);
    this.log.push(entry);
    if (this.log.length > this.cap) {
      const over = this.log.length - this.cap;
      const kept = this.log.slice(over);
      // Active alerts stay listed, however old.
      const gone = this.log.slice(0, over).filter((e) => e.end !== null);
      this.dropped += gone.length;
      this.log = [...this.log.slice(0, over).filter((e) => e.end === null), ...kept];
    }
    return entry;
  }
}
