// The live history's alerts, as the core keeps them: the rules in force (the
// defaults until the user sets others), the log of the live history, and the
// links reported as system subjects. A new live history (another source)
// starts a new log with the same rules.
import type {
  AlertRule,
  AlertRulesResult,
  AlertsState,
  SystemSubject,
} from "../../contract/alerts";
import type { ConnectionState } from "../../contract/connection";
import type { StageEvent } from "../pipeline/Stage";
import type { TelemetryStore } from "../store/TelemetryStore";
import { AlertLog } from "./AlertLog";
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
  private log = new AlertLog();
  private store: TelemetryStore | null = null;
  /** The source whose link was seen up: a link never up is not "lost". */
  private linkSeenUp: { source: string; up: boolean } = { source: "", up: false };

  /** Where the live store's stages send their events (TelemetryStore's onStageEvent). */
  readonly sink = (event: StageEvent): void => this.log.onEvent(event);

  /** A new live history: its own log, the rules in force. */
  attach(store: TelemetryStore): void {
    this.store = store;
    this.log = new AlertLog();
    const state = this.stageState();
    if (state) setRules(state, this.rules, this.sink);
  }

  read(): AlertsState {
    const state = this.stageState();
    const newest = this.store?.lastPacketTime ?? NaN;
    const wallNow = this.now() / 1000;
    return this.log.read(
      (subject) => (isSystemSubject(subject) ? wallNow : newest),
      (id) => (state ? activePeak(state, id) : NaN),
    );
  }

  currentRules(): AlertRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Checks a rules file; a bad one changes nothing. */
  setRules(file: unknown): AlertRulesResult {
    const checked = checkRulesFile(file);
    if (!checked.ok) return checked;
    this.rules = checked.rules;
    const state = this.stageState();
    if (state) setRules(state, this.rules, this.sink);
    return { ok: true, rules: this.currentRules() };
  }

  acknowledge(seqs?: readonly number[]): void {
    this.log.acknowledge(Array.isArray(seqs) ? seqs.filter(Number.isFinite) : undefined);
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
