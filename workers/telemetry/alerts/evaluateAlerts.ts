// The current rules evaluated over a history that is not live (a replay, an
// import): the alerts stage alone, with its own state, run over rows already
// stored, its events into the caller's sink. The history's own pipeline (and
// what it shows) is left alone, and nothing is announced: the sink is a log.
import type { ColumnRing } from "../history/ColumnRing";
import { upperBound } from "../history/downsample";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { Pipeline } from "../pipeline/Pipeline";
import { DROP_EVENTS, type EventSink, type Stage } from "../pipeline/Stage";
import type { RowSlices } from "../../contract/storageProtocol";
import { TelemetryStore } from "../store/TelemetryStore";
import { alertsStage } from "./alertsStage";
import type { AlertsState } from "./alertsState";
import { setCompiledRules } from "./ruleChange";
import type { CompiledRules } from "./compile";

/** What an evaluation reads of the recorded sessions (sessions/Sessions.ts has it). */
interface RecordedRows {
  sessionRows(id: string, from: number, to: number): Promise<RowSlices[]>;
}

/** A recorded session is read this many seconds at a time: a few MB whatever its length. */
const SESSION_SPAN_SECONDS = 600;

/**
 * Rule checks per slice of rows: the pipeline's 16,384 rows of the ~100
 * default rules. 5,000 rules check 330 rows a slice, not 16,384 (which held
 * the core for seconds), so the core answers between slices whatever the set.
 */
const CHECKS_PER_SLICE = 16_384 * 100;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Rows a slice, so a slice checks about CHECKS_PER_SLICE rules. */
const sliceRows = (rules: CompiledRules): number =>
  Math.max(64, Math.floor(CHECKS_PER_SLICE / Math.max(1, rules.rules.length)));

function alertsPipeline(ring: ColumnRing, sink: EventSink): Pipeline {
  return new Pipeline(ring, [alertsStage as Stage], sink);
}

/** The alerts stage's state in a pipeline built to run it (alertsPipeline). */
const stateOf = (pipeline: Pipeline): AlertsState => pipeline.state(alertsStage)!;

/** `rules` over every row of `ring`, oldest first (in slices, yielding between them). */
export async function evaluateRing(
  ring: ColumnRing,
  rules: CompiledRules,
  sink: EventSink,
  signal: AbortSignal,
): Promise<void> {
  const pipeline = alertsPipeline(ring, sink);
  setCompiledRules(stateOf(pipeline), rules, DROP_EVENTS);
  await pipeline.replay({ signal, sliceRows: sliceRows(rules) });
}

/**
 * `rules` over a whole recorded session, [first, last] of packet time, read
 * SESSION_SPAN_SECONDS at a time into a small history; the stage's state
 * carries from one span to the next, so an alert spanning two is one alert.
 */
export async function evaluateSession(
  sessions: RecordedRows,
  id: string,
  first: number,
  last: number,
  rules: CompiledRules,
  sink: EventSink,
  signal: AbortSignal,
  /** The columns of the session's rows (the registry's layout). */
  layout: ColumnLayout,
  // Tests use a few seconds, to cross spans.
  spanSeconds = SESSION_SPAN_SECONDS,
): Promise<void> {
  let state: AlertsState | null = null;
  let done = -Infinity;
  for (let from = first; from <= last && !signal.aborted; from += spanSeconds) {
    const slices = await sessions.sessionRows(id, from, Math.min(last, from + spanSeconds));
    if (signal.aborted) return;
    const count = slices.reduce((sum, rows) => sum + rows.count, 0);
    const span = new TelemetryStore({ capacity: Math.max(1, count), layout, stages: [] });
    for (const rows of slices) span.appendRows(rows);
    const pipeline = alertsPipeline(span.ring, sink);
    const fresh = stateOf(pipeline);
    if (state) Object.assign(fresh, state);
    else setCompiledRules(fresh, rules, DROP_EVENTS);
    state = fresh;
    // A chunk across two spans comes with both: its rows done already are skipped.
    const ring = span.ring;
    const slice = sliceRows(rules);
    for (let at = upperBound(ring.length, (i) => ring.time(i), done); at < ring.length;) {
      pipeline.runRows(at, Math.min(ring.length, at + slice));
      at += slice;
      if (at < ring.length) await nextTask();
      if (signal.aborted) return;
    }
    if (ring.length > 0) done = Math.max(done, ring.time(ring.length - 1));
  }
}
