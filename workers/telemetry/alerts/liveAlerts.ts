// The live history's alerts, as the core keeps them: the rules in force (the
// defaults until the user sets others), the log of the live history, and the
// links reported as system subjects, the mutes, and the alerts that just
// started and are to be announced. A new live history (another source) starts
// a new log with the same rules.
import type {
  AlertEntry,
  AlertRule,
  AlertRulesResult,
  AlertsState,
  AlertsSummary,
  SystemSubject,
} from "../../contract/alerts";
import type { ConnectionState } from "../../contract/connection";
import type { StageEvent } from "../pipeline/Stage";
import type { TelemetryStore } from "../store/TelemetryStore";
import { alertLogCsv } from "./alertLogCsv";
import { AlertLog, type AlertMark, type LogRecord } from "./AlertLog";
import {
  activePeak,
  alertsStage,
  feedSystem,
  setRules,
  type AlertsState as StageState,
} from "./alertsStage";
import { defaultRules } from "./defaults";
import { isSystemSubject } from "./subjects";
import { checkRulesFile } from "./ruleSchema";

export class LiveAlerts {
  /** `now`: the wall clock in ms, for the links' alerts (injectable for tests). */
  constructor(private readonly now: () => number = () => Date.now()) {}

  private rules: AlertRule[] = defaultRules();
  /** Rules whose alerts are logged only (notify: false). */
  private quiet = quietRules(this.rules);
  private log = new AlertLog();
  /** Versions of earlier logs, so a new log's summary version still moves. */
  private versionBase = 0;
  private store: TelemetryStore | null = null;
  /** Rule id → wall ms its mute ends. */
  private readonly mutes = new Map<string, number>();
  /** Started alerts to announce, taken by the core after each packet or link report. */
  private pending: LogRecord[] = [];
  /** Off while a restore replays recorded rows: what it finds was announced when live. */
  announcing = true;
  /** The source whose link was seen up: a link never up is not "lost". */
  private linkSeenUp: { source: string; up: boolean } = { source: "", up: false };

  /** Where the live store's stages send their events (TelemetryStore's onStageEvent). */
  readonly sink = (event: StageEvent): void => {
    const started = this.log.onEvent(event);
    if (started && this.announcing && this.announces(started.p.ruleId)) this.pending.push(started);
  };

  /** A new live history: its own log, the rules in force. */
  attach(store: TelemetryStore): void {
    this.store = store;
    this.versionBase += this.log.version + 1;
    this.log = new AlertLog();
    this.pending = [];
    const state = this.stageState();
    if (state) setRules(state, this.rules, this.sink);
  }

  read(): AlertsState {
    return this.log.read(this.nowFor(), this.peakOf());
  }

  /** A subject's alerts overlapping [from, to] (plots' bands). */
  spans(subject: string, from: number, to: number): AlertMark[] {
    return this.log.spans(subject, from, to);
  }

  /** Alerts started in [from, to], newest first, with their messages (map pins). */
  starts(from: number, to: number, limit: number): (AlertMark & { message: string })[] {
    const now = this.nowFor();
    const peak = this.peakOf();
    return this.log.starts(from, to, limit).map(({ record, ...mark }) => ({
      ...mark,
      message: this.log.entry(record, now, peak).message,
    }));
  }

  summary(): AlertsSummary {
    return this.log.summary("live", this.versionBase);
  }

  csv(): string {
    return alertLogCsv(this.read().log);
  }

  /** Whether an alert was started to announce since the last take (checked per packet: cheap). */
  get hasStarted(): boolean {
    return this.pending.length > 0;
  }

  /** The alerts started since the last take that are still to be announced. */
  takeStarted(): AlertEntry[] {
    const records = this.pending;
    this.pending = [];
    const now = this.nowFor();
    const peak = this.peakOf();
    return records.map((record) => this.log.entry(record, now, peak));
  }

  /** Mutes a rule's announcements for `minutes` of wall time (0 or less: unmutes). */
  mute(ruleId: string, minutes: number): void {
    if (typeof ruleId !== "string") return;
    if (Number.isFinite(minutes) && minutes > 0)
      this.mutes.set(ruleId, this.now() + minutes * 60_000);
    else this.mutes.delete(ruleId);
  }

  muted(): Record<string, number> {
    const now = this.now();
    const out: Record<string, number> = {};
    for (const [id, until] of this.mutes) {
      if (until > now) out[id] = until;
      else this.mutes.delete(id);
    }
    return out;
  }

  private announces(ruleId: string): boolean {
    if (this.quiet.has(ruleId)) return false;
    const until = this.mutes.get(ruleId);
    return until === undefined || until <= this.now();
  }

  private nowFor(): (subject: string) => number {
    const newest = this.store?.lastPacketTime ?? NaN;
    const wallNow = this.now() / 1000;
    return (subject) => (isSystemSubject(subject) ? wallNow : newest);
  }

  private peakOf(): (ruleId: string) => number {
    const state = this.stageState();
    return (id) => (state ? activePeak(state, id) : NaN);
  }

  currentRules(): AlertRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Checks a rules file; a bad one changes nothing. */
  setRules(file: unknown): AlertRulesResult {
    const checked = checkRulesFile(file);
    if (!checked.ok) return checked;
    this.rules = checked.rules;
    this.quiet = quietRules(this.rules);
    const state = this.stageState();
    if (state) setRules(state, this.rules, this.sink);
    return { ok: true, rules: this.currentRules() };
  }

  acknowledge(seqs?: readonly number[]): void {
    this.log.acknowledge(Array.isArray(seqs) ? seqs.filter(Number.isFinite) : undefined);
    // An acknowledged alert is no longer news.
    this.pending = this.pending.filter((r) => !r.acknowledged);
  }

  /**
   * The links as of now (wall clock ms): the system subjects' values. A link
   * counts as lost only once it was up for this source; packet age counts in
   * NETWORK and RADIO while their link is up.
   */
  reportLinks(c: ConnectionState, nowMs: number): void {
    const state = this.stageState();
    if (!state) return;
    const source = c.connectionType;
    const up =
      source === "NETWORK" ? c.socketConnected : source === "RADIO" ? c.radioConnected : null;
    if (this.linkSeenUp.source !== source) this.linkSeenUp = { source, up: false };
    if (up) this.linkSeenUp.up = true;
    const link = up === null || !this.linkSeenUp.up ? NaN : up ? 1 : 0;
    const car = c.carLink === "connected" ? 1 : c.carLink === "disconnected" ? 0 : NaN;
    const age =
      up && c.lastLivePacketAt !== null ? Math.max(0, nowMs - c.lastLivePacketAt) / 1000 : NaN;
    const time = nowMs / 1000;
    const feed = (subject: SystemSubject, value: number) =>
      feedSystem(state, subject, value, time, this.sink);
    feed("System.SourceLink", link);
    feed("System.CarLink", car);
    feed("System.PacketAge", age);
    feed("System.UserLatency", c.userLatency ?? NaN);
    feed("System.CarLatency", c.carLatency ?? NaN);
  }

  private stageState(): StageState | undefined {
    return this.store?.pipeline.stateOf(alertsStage) as StageState | undefined;
  }
}

const quietRules = (rules: readonly AlertRule[]): Set<string> =>
  new Set(rules.filter((rule) => rule.notify === false).map((rule) => rule.id));
