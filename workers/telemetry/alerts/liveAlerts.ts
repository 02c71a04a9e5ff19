// The live history's alerts, as the core keeps them: the rules in force (the
// defaults until the user sets others), the log of the live history, and the
// links reported as system subjects, the mutes, and the alerts that just
// started and are to be announced. A new live history (another source) starts
// a new log with the same rules. Every start, end and acknowledgement is
// handed to the recording (`record`: the session's events, written with the
// recorder's next flush), and a restore after a reload puts the recorded
// log back (restore()).
import type {
  AlertEntry,
  AlertMark,
  AlertRule,
  AlertRulesResult,
  AlertsState,
  AlertsSummary,
  SystemSubject,
} from "../../contract/alerts";
import { ANNOUNCE_CAP } from "../../contract/alerts";
import type { ConnectionState } from "../../contract/connection";
import type { AlertAckEvent, AlertEvent, SessionEvent } from "../../contract/events";
import type { StageEvent } from "../pipeline/Stage";
import type { TelemetryStore } from "../store/TelemetryStore";
import { alertLogCsv } from "./alertLogCsv";
import { AlertLog, logFromEvents, type LogRecord } from "./AlertLog";
import { alertsStage, feedSystem, type AlertEventPayload } from "./alertsStage";
import type { AlertsState as StageState } from "./alertsState";
import { activePeak, resumeAlerts, setCompiledRules } from "./ruleChange";
import { defaultRules } from "./defaults";
import { isSystemSubject } from "./subjects";
import type { StoredFields } from "../pipeline/Stage";
import { checkRulesFile } from "./checkRules";
import { compileRules, type CompiledRules } from "./compile";
import { readyRules, rulesFileText, type ReadyRules } from "./readyRules";
import { ruleHash } from "./ruleIdentity";
import { runInSlices } from "./steps";

export class LiveAlerts {
  /**
   * `now`: the wall clock in ms, for the links' alerts (injectable for tests).
   * `record`: where the log's events go to be recorded with the session.
   * `fields`: the histories' stored fields (their column layout), which rules may watch.
   */
  constructor(
    private readonly now: () => number,
    private readonly record: (event: SessionEvent) => void,
    readonly fields: StoredFields,
  ) {
    this.compiled = compileRules(this.rules, fields);
  }

  private rules: AlertRule[] = defaultRules();
  /** The rules compiled once for every history (each history's stage takes them). */
  private compiled: CompiledRules;
  /** Each rule's number (ruleIdentity.ts): a set that changes nothing moves no version. */
  private hashes: readonly number[] = this.rules.map(ruleHash);
  /** Moves whenever the rules in force change: what the core compares (sharedSettingDesk.ts). */
  version = 0;
  /** Rule files are taken in the order they came, each once checked and compiled. */
  private turn: Promise<unknown> = Promise.resolve();
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
  /** Started alerts to announce beyond ANNOUNCE_CAP since the last take: counted, not sent. */
  private omitted = 0;
  /** Off while a restore replays recorded rows: what it finds was announced when live. */
  announcing = true;
  /** The source whose link was seen up: a link never up is not "lost". */
  private linkSeenUp: { source: string; up: boolean } = { source: "", up: false };
  /** Restored alerts whose rule was not in force: they go on once a rule set has it. */
  private unresumed = 0;

  /** Where the live store's stages send their events (TelemetryStore's onStageEvent). */
  readonly sink = (event: StageEvent): void => {
    if (event.kind === "alert") {
      const alert: AlertEvent = {
        ...(event.payload as AlertEventPayload),
        kind: "alert",
        time: event.time,
      };
      this.record(alert);
    }
    const started = this.log.onEvent(event);
    if (!started || !this.announcing || !this.announces(started.p.ruleId)) return;
    if (this.pending.length < ANNOUNCE_CAP) this.pending.push(started);
    else this.omitted++;
  };

  /** A new live history: its own log, the rules in force. */
  attach(store: TelemetryStore): void {
    this.store = store;
    this.versionBase += this.log.version + 1;
    this.log = new AlertLog();
    this.pending = [];
    this.omitted = 0;
    this.unresumed = 0;
    const state = this.stageState();
    if (state) setCompiledRules(state, this.compiled, this.sink);
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

  /**
   * The alerts started since the last take that are still to be announced
   * (at most ANNOUNCE_CAP), and how many more started beyond them.
   */
  takeStarted(): { started: AlertEntry[]; omitted: number } {
    const records = this.pending;
    const omitted = this.omitted;
    this.pending = [];
    this.omitted = 0;
    const now = this.nowFor();
    const peak = this.peakOf();
    return { started: records.map((record) => this.log.entry(record, now, peak)), omitted };
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

  /**
   * Whether an enabled rule announces alerts on `subject`: then the alert is
   * the announcement, and the core sends no other (the spec's car link toast).
   */
  announcesSubject(subject: string): boolean {
    return this.rules.some((r) => r.enabled && r.subject === subject && r.notify !== false);
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

  /** The rules in force as they are (not to be changed): what reads them often. */
  get rulesInForce(): readonly AlertRule[] {
    return this.rules;
  }

  /** The rules in force, compiled (a replay evaluates them). */
  get compiledRules(): CompiledRules {
    return this.compiled;
  }

  /** Checks a rules file as setRules would, keeping nothing (the rules dialog checks as the user types). */
  check(file: unknown): AlertRulesResult {
    return checkRulesFile(file, this.fields);
  }

  /**
   * Sets a rules file (JSON text, an object, or a File the page picked, read
   * here): read, checked and compiled a slice at a time, so the core takes
   * packets and answers windows meanwhile; then taken at once by `take`
   * (adopt, or the core's way through its shared settings). Files are taken
   * in the order they came. A bad one changes nothing. The core then hands
   * the rules to every history (settingApplied).
   */
  setRules(
    file: unknown,
    take: (ready: ReadyRules) => AlertRulesResult = (ready) => this.adopt(ready),
  ): Promise<AlertRulesResult> {
    const turn = this.turn.then(async (): Promise<AlertRulesResult> => {
      const read = file instanceof Blob ? await rulesFileText(file) : { text: file };
      if ("errors" in read) return read;
      const inForce = { rules: this.rules, hashes: this.hashes, compiled: this.compiled };
      const ready = await runInSlices(readyRules(read.text, this.fields, inForce));
      return ready.ok ? take(ready) : ready;
    });
    this.turn = turn.catch(() => undefined);
    return turn;
  }

  /** Takes rules made ready (setRules): in force from now, at once. */
  adopt(ready: ReadyRules): AlertRulesResult {
    this.rules = ready.rules;
    this.compiled = ready.compiled;
    this.quiet = quietRules(this.rules);
    this.hashes = ready.hashes;
    if (ready.changed) this.version++;
    return { ok: true, rules: this.currentRules() };
  }

  /**
   * The rules were set ("fromNow"): the live history's stage checks them from
   * its next packet (an alert whose rule is gone ends now; its log keeps what
   * the old rules found). Another history's stage sends its alerts nowhere:
   * a replay's log is its replay part's (AlertsReplay.settingChanged).
   */
  settingApplied(store: TelemetryStore): void {
    if (store !== this.store) return;
    const state = this.stageState();
    if (state) setCompiledRules(state, this.compiled, this.sink);
    if (this.unresumed > 0) this.resume(true);
  }

  /**
   * After a reload: the session's recorded alerts (its "alert" and
   * "alertAck" events, oldest first) become the log, in front of anything
   * logged meanwhile, with their start, end, peak and acknowledgement. Those
   * active then stay active, and end when live data ends them. Called once
   * the restored rows are in and before the live packets held meanwhile are
   * stored. Nothing of it is announced: it was, when it was live.
   */
  restore(events: readonly SessionEvent[]): void {
    const recorded = logFromEvents(events);
    const announcing = this.announcing;
    this.announcing = false;
    try {
      this.log.prepend(recorded);
      this.resume(false);
    } finally {
      this.announcing = announcing;
    }
  }

  /**
   * The log's active alerts go on in the stage (see resumeAlerts). `settle`:
   * a new rule set came, so an alert whose rule it lacks ends now.
   */
  private resume(settle: boolean): void {
    const state = this.stageState();
    if (!state) return;
    const unknown = resumeAlerts(state, this.log.activePayloads(), this.sink);
    this.unresumed = settle ? 0 : unknown.length;
    if (!settle) return;
    for (const p of unknown) {
      const end = isSystemSubject(p.subject) ? this.now() / 1000 : state.lastTime;
      const time = Number.isFinite(end) ? end : p.start;
      this.sink({ kind: "alert", time, payload: { ...p, phase: "end", end: time } });
    }
  }

  acknowledge(seqs?: readonly number[]): void {
    const keys = this.log.acknowledge(
      Array.isArray(seqs) ? seqs.filter(Number.isFinite) : undefined,
    );
    if (keys.length > 0) {
      const newest = this.store?.lastPacketTime ?? NaN;
      const time = Number.isFinite(newest) ? newest : this.now() / 1000;
      const ack: AlertAckEvent = { kind: "alertAck", time, alerts: keys };
      this.record(ack);
    }
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
    return this.store?.pipeline.state(alertsStage);
  }
}

const quietRules = (rules: readonly AlertRule[]): Set<string> =>
  new Set(rules.filter((rule) => rule.notify === false).map((rule) => rule.id));
