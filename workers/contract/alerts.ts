// The alerts channel: what a limit rule is (as saved, imported and exported),
// the alerts it raises, and the part of the TelemetryApi that reads and sets
// them. The worker validates and evaluates (workers/telemetry/alerts/); the
// UI only shows. Types only.
import type { FieldInfo, FieldPath } from "./fields";

export type AlertSeverity = "info" | "warning" | "critical";

/**
 * Subjects that are not packet fields: the links, as the worker knows them.
 * Booleans are true while the link is up; the others are numbers.
 */
export type SystemSubject =
  | "System.CarLink"
  | "System.SourceLink"
  | "System.PacketAge"
  | "System.UserLatency"
  | "System.CarLatency";

/** A limit: a number, or another field's value in the same packet (the pack's own limits). */
export type AlertLimit =
  | number
  | {
      field: FieldPath;
      /**
       * Used while that field is not finite or 0 (a BMS that reports no
       * limit); without one, the condition does not hold meanwhile.
       */
      fallback?: number;
    };

/** When a rule's condition holds, checked on every packet (or system report). */
export type AlertCondition =
  | { kind: "above"; limit: AlertLimit }
  | { kind: "below"; limit: AlertLimit }
  | { kind: "outside"; lo: AlertLimit; hi: AlertLimit }
  | { kind: "inside"; lo: AlertLimit; hi: AlertLimit }
  | { kind: "equals"; value: number | boolean }
  /** A boolean is true. */
  | { kind: "true" }
  /**
   * A boolean went from false to true, or is true on the history's first
   * packet (a fault already up when the dashboard connects); holds while it
   * stays true.
   */
  | { kind: "rising" }
  /** The value differs from the previous packet's (holds for that one packet). */
  | { kind: "changed" }
  /** A bit field has any of `mask`'s bits set; the message names them. */
  | { kind: "anyBit"; mask: number }
  /** The value has not changed for `seconds` of data time. */
  | { kind: "noNewValue"; seconds: number };

export interface AlertRule {
  /** Unique in a rules file; names the rule in the log. */
  id: string;
  /** A stored field (packet or Derived.*) or a SystemSubject. */
  subject: FieldPath | SystemSubject;
  condition: AlertCondition;
  /** The condition must hold this many seconds (data time) before the alert starts. */
  forSeconds: number;
  /**
   * Hysteresis for above/below: once started, the alert ends only when the
   * value is back past this level (for above, at or under it).
   */
  clear?: number;
  severity: AlertSeverity;
  /**
   * Shown to users: {label}, {value}, {unit}, {limit}, {bits} are filled in
   * (value and limit in the user's unit system).
   */
  message: string;
  enabled: boolean;
  /**
   * false: the alert is logged (and coloured, counted) but never announced:
   * no toast, sound or desktop notification (LimitFlags by default). Absent: true.
   */
  notify?: boolean;
  /** Where a limit comes from (a datasheet, the packet, a conservative guess), for the team. */
  source?: string;
}

/** A rules file as exported and imported. */
export interface AlertRulesFile {
  format: "helios-alert-rules";
  version: 1;
  rules: AlertRule[];
}

/** One alert: active while `end` is null. Times are packet time, epoch seconds. */
export interface AlertEntry {
  /** Unique within its history's log. */
  seq: number;
  ruleId: string;
  subject: string;
  /** The subject's label from the one labels table (never a wire name). */
  label: string;
  /** Metric unit of value and peak ("" for flags). */
  unit: string;
  severity: AlertSeverity;
  start: number;
  end: number | null;
  /** Seconds from start to end (or to the newest packet while active). */
  duration: number;
  /** Value when it started, and the worst value while active (bit fields: every bit seen). */
  value: number;
  peak: number;
  /** The limit in force when it started (NaN when the condition has none). */
  limit: number;
  /** Names of the bits set (bit-field rules), else "". */
  bits: string;
  /** The rule's message filled in, metric units. */
  message: string;
  acknowledged: boolean;
  /**
   * The seq of the first episode of its group: the same rule starting again
   * within a few minutes of its last end (AlertLog's GROUP_GAP_S) is one alert
   * with several episodes. Its own seq when it starts a group.
   */
  group: number;
}

/**
 * What an "alert" StageEvent carries: self-contained, so a log can be rebuilt
 * from ends alone, and recorded with the session as it is (kind "alert").
 * The message and bit names are not written here but by whoever reads it
 * (workers/telemetry/alerts/alertWords.ts), so a storm of flags costs ingest
 * only these small objects.
 */
export type AlertEventPayload = Pick<
  AlertEntry,
  "ruleId" | "subject" | "label" | "unit" | "severity" | "value" | "peak" | "limit"
> & {
  phase: "start" | "end";
  /** Packet time the alert started (the condition had held forSeconds by then). */
  start: number;
  /** Packet time it ended; null on start. */
  end: number | null;
  /** The rule's message template. */
  template: string;
  /** A bit field's bit names (labels table), and the bits the rule watches. */
  bitNames: readonly string[] | null;
  mask: number;
};

/**
 * Whose alerts a view shows: the live rules' ("live"), those recorded when a
 * replayed session was live ("recorded"), or the current rules evaluated over
 * a replay or an import ("evaluated").
 */
export type AlertsOrigin = "live" | "recorded" | "evaluated";

/**
 * The shown history's alerts in brief, in every Snapshot: enough for the
 * status bar and the colours of tiles and tables. The UI reads the whole
 * state (alerts()) only when `version` moves.
 */
export interface AlertsSummary {
  /** Moves whenever an alert starts, ends or is acknowledged, or the view's log is replaced. */
  version: number;
  /** Active alerts by severity. */
  active: Record<AlertSeverity, number>;
  /**
   * Critical alerts not yet acknowledged, active or ended (one packet long
   * included), a group of episodes counting once: the status bar keeps them
   * visible, flashing, until acknowledged.
   */
  unacknowledgedCritical: number;
  /** The worst active severity per subject (field path or System.*): colours values. */
  bySubject: Record<string, AlertSeverity>;
  origin: AlertsOrigin;
}

export interface AlertsState {
  origin: AlertsOrigin;
  active: AlertEntry[];
  /** Newest last; ended and active alerts alike, capped (oldest dropped first). */
  log: AlertEntry[];
  /** Alerts dropped from the front of the log by the cap. */
  dropped: number;
}

/** A rules file's check: the rules as kept, or every reason it was refused (nothing changed). */
export type AlertRulesResult = { ok: true; rules: AlertRule[] } | { ok: false; errors: string[] };

/**
 * The alerts part of the TelemetryApi. Rules and mutes are the core's (every
 * window shares them); the alerts read are those of the history this window
 * shows (live, or its replay or import).
 */
/**
 * Started alerts an "alerts" event carries at most (WorkerEvent): a storm of
 * flags (30 rising at once) makes one coalesced toast, so the rest travel as
 * a count and the window is not flooded with entries it will not show.
 */
export const ANNOUNCE_CAP = 20;

export interface AlertsApi {
  /** Active alerts and the log of the shown history. */
  alerts(): AlertsState;
  /** The rules in force. */
  alertRules(): AlertRule[];
  /**
   * Replaces the rules with a rules file's (JSON text, an object, or the File
   * the user picked: read in the worker), or refuses it with its reasons.
   * Checked and compiled a slice at a time: the core goes on meanwhile.
   */
  setAlertRules(file: unknown): Promise<AlertRulesResult>;
  /** Checks a rules file as setAlertRules would, changing nothing (the rules dialog, as the user types). */
  checkAlertRules(file: unknown): AlertRulesResult;
  /**
   * What a rule may watch: every stored numeric or boolean field (Derived.*
   * too) and the System.* subjects (group "System"), labelled from the one
   * labels table.
   */
  alertSubjects(): FieldInfo[];
  /** The team's default rules (the wildcards expanded). */
  defaultAlertRules(): AlertRule[];
  /** Marks alerts acknowledged (by seq; all when omitted). */
  acknowledgeAlerts(seqs?: number[]): void;
  /** The shown history's log as CSV text (labels and units in the header, times ISO). */
  alertLogCsv(): string;
  /** Stops a rule's announcements (toast, sound, desktop) for `minutes` of wall time; 0 unmutes. The log goes on. */
  muteAlertRule(ruleId: string, minutes: number): void;
  /** Muted rules: rule id → wall-clock ms the mute ends. */
  mutedAlertRules(): Record<string, number>;
  /** In a replay or import: show the recorded alerts, or evaluate the current rules over it. */
  setReplayAlerts(origin: "recorded" | "evaluated"): Promise<void>;
}

/** An alert's span in time, as plots shade it and the map pins it. */
export interface AlertMark {
  seq: number;
  start: number;
  /** null while active. */
  end: number | null;
  severity: AlertSeverity;
}
