// A window's replay's alerts (issue 34: alerts belong to the history they came
// from). A replay of recorded sessions shows the alerts recorded when they
// were live (origin "recorded"); on request, or where nothing was recorded (a
// backend range, an import), the current rules evaluated over the replay
// (origin "evaluated"), computed into a log of its own: never announced.
// The log lists the whole replay; the active alerts are those active at the
// playback clock (started by then, not ended by then), so the status bar and
// the colours follow the clock. Acknowledging here marks this log only: a
// replay records nothing.
import type { AlertMark, AlertsOrigin, AlertsState, AlertsSummary } from "../../contract/alerts";
import type { SessionEvent } from "../../contract/events";
import type { EventSink } from "../pipeline/Stage";
import { alertLogCsv } from "./alertLogCsv";
import { AlertLog, logFromEvents } from "./AlertLog";
import type { CompiledRules } from "./compile";

type ReplayAlertsOrigin = Exclude<AlertsOrigin, "live">;

/** Where a replay's alerts come from. */
export interface ReplayAlertsSource {
  /** The recorded events (alerts, acknowledgements), oldest first; null: none were recorded. */
  recorded: (() => Promise<SessionEvent[]>) | null;
  /** Runs `rules` over the replay into `sink` (stops when `signal` aborts). */
  evaluate(rules: CompiledRules, sink: EventSink, signal: AbortSignal): Promise<void>;
  /** The evaluation reads the replay history: done again when a new one is swapped in. */
  followsHistory: boolean;
}

export class ReplayAlerts {
  private log = new AlertLog();
  private shownOrigin: ReplayAlertsOrigin = "evaluated";
  /** The origin asked for last (shown once its log is in place). */
  private wanted: ReplayAlertsOrigin = "evaluated";
  private source: ReplayAlertsSource | null = null;
  /** Earlier logs' versions and the clock's moves, so the summary version only rises. */
  private versionBase = 0;
  private run: AbortController | null = null;
  private activeKey = "";
  private cached: { clock: number | null; version: number; summary: AlertsSummary } | null = null;

  /** `rules`: the rules in force (the core's), compiled, for an evaluation. */
  constructor(private readonly rules: () => CompiledRules) {}

  get origin(): ReplayAlertsOrigin {
    return this.shownOrigin;
  }

  /** No replay (playback off, or nothing loaded yet): an empty log. */
  clear(): void {
    this.source = null;
    this.wanted = "evaluated";
    this.run?.abort();
    this.run = null;
    this.replace(new AlertLog(), "evaluated");
  }

  /** A new replay: its recorded alerts where there are any, else its evaluated ones. */
  use(source: ReplayAlertsSource): Promise<void> {
    this.source = source;
    return this.show(source.recorded ? "recorded" : "evaluated");
  }

  /**
   * Shows the recorded alerts or evaluates the current rules; resolves once
   * the new log is in place (or was superseded). Where nothing was recorded,
   * "recorded" keeps the evaluated log.
   */
  show(origin: ReplayAlertsOrigin): Promise<void> {
    const source = this.source;
    if (!source) return Promise.resolve();
    const recorded = origin === "recorded" ? source.recorded : null;
    this.wanted = recorded ? "recorded" : "evaluated";
    this.run?.abort();
    const run = new AbortController();
    this.run = run;
    const next = new AlertLog();
    const work = recorded
      ? recorded().then((events) => logFromEvents(events))
      : source.evaluate(this.rules(), next.onEvent, run.signal).then(() => next);
    return work.then(
      (log) => this.land(run, log, recorded ? "recorded" : "evaluated"),
      // What could not be read or evaluated is an empty log, not a stale one.
      () => this.land(run, new AlertLog(), recorded ? "recorded" : "evaluated"),
    );
  }

  /** A new replay history was swapped in: an evaluation over it is done again. */
  historySwapped(): void {
    if (this.source?.followsHistory && this.wanted === "evaluated") void this.show("evaluated");
  }

  /** The rules changed: an evaluated log is evaluated again. */
  rulesChanged(): void {
    if (this.source && this.wanted === "evaluated") void this.show("evaluated");
  }

  read(clock: number | null): AlertsState {
    return this.log.readAt(clock, this.shownOrigin);
  }

  summary(clock: number | null): AlertsSummary {
    const cached = this.cached;
    if (cached && cached.clock === clock && cached.version === this.log.version)
      return cached.summary;
    const active = clock === null ? [] : this.log.activeAt(clock).map((r) => r.seq);
    const key = active.join(",");
    // The clock moved another alert in or out: the UI must read the state again.
    if (key !== this.activeKey) this.versionBase++;
    this.activeKey = key;
    const summary = this.log.summaryAt(clock, this.shownOrigin, this.versionBase);
    this.cached = { clock, version: this.log.version, summary };
    return summary;
  }

  /** A subject's alerts overlapping [from, to] (plots' bands; the caller stops them at the clock). */
  spans(subject: string, from: number, to: number): AlertMark[] {
    return this.log.spans(subject, from, to);
  }

  /** Alerts started in [from, to], newest first, with their messages (map pins, scrubber). */
  starts(from: number, to: number, limit: number): (AlertMark & { message: string })[] {
    return this.log.starts(from, to, limit).map(({ record, ...mark }) => ({
      ...mark,
      message: this.log.entry(record, record.p.end ?? to).message,
    }));
  }

  acknowledge(seqs?: readonly number[]): void {
    this.log.acknowledge(Array.isArray(seqs) ? seqs.filter(Number.isFinite) : undefined);
  }

  csv(clock: number | null): string {
    return alertLogCsv(this.read(clock).log);
  }

  private land(run: AbortController, log: AlertLog, origin: ReplayAlertsOrigin): void {
    if (this.run !== run || run.signal.aborted) return;
    this.run = null;
    this.replace(log, origin);
  }

  private replace(log: AlertLog, origin: ReplayAlertsOrigin): void {
    this.versionBase += this.log.version + 1;
    this.log = log;
    this.shownOrigin = origin;
    this.cached = null;
  }
}
