// Computing the math channels again over a history that already holds rows:
// after the set changed (a channel added, edited, deleted). The live history
// keeps taking packets meanwhile, so the job works in slices, yields between
// them, follows rows that arrive while it runs, and only when it has caught
// up hands its program and state to the history's stage (mathStage.ts): from
// then on each packet continues where the job stopped. Until then the stage
// writes gaps, never an old channel's values. The core starts one on every
// history when the set changed (MathChannels.settingApplied) and keeps their
// progress (pipeline/Feature.ts, RecomputeJob). The rows are run as every
// replay runs them (Pipeline.runRows), by the math stage in a pipeline of its
// own over the same history.
import type { RecomputeJob } from "../pipeline/Feature";
import { Pipeline } from "../pipeline/Pipeline";
import { DROP_EVENTS } from "../pipeline/Stage";
import type { TelemetryStore } from "../store/TelemetryStore";
import { FIRST_SLOT_FIELD, MAX_CHANNELS } from "./channelSlots";
import { CHANNELS } from "./channelRegistry";
import type { ChannelProgram } from "./compileChannels";
import { install, mathStage } from "./mathStage";

const SLICE_ROWS = 8_192;
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Job {
  cancelled: boolean;
  done: number;
  total: number;
}

/** The job running on each history (a newer change cancels the older job). */
const running = new Map<TelemetryStore, Job>();

/** Stops a history's recompute (the history is dropped). */
function cancelRecompute(store: TelemetryStore): void {
  const job = running.get(store);
  if (job) job.cancelled = true;
  running.delete(store);
}

/**
 * Computes the current channels over all of `store`'s rows. Resolves true
 * once the history's stage runs the new program, false if cancelled.
 */
export function recomputeChannels(store: TelemetryStore): Promise<boolean> {
  return startRecompute(store).finished;
}

/** Starts computing the current channels over all of `store`'s rows: the job, with its progress. */
export function startRecompute(
  store: TelemetryStore,
): RecomputeJob & { finished: Promise<boolean> } {
  cancelRecompute(store);
  const job: Job = { cancelled: false, done: 0, total: store.ring.length };
  running.set(store, job);
  const finished = run(store, CHANNELS.program, job).finally(() => {
    if (running.get(store) === job) running.delete(store);
  });
  return {
    progress: () => (running.get(store) === job ? { done: job.done, total: job.total } : null),
    finished,
  };
}

async function run(
  store: TelemetryStore,
  program: ChannelProgram | null,
  job: Job,
): Promise<boolean> {
  const ring = store.ring;
  const stage = store.pipeline.state(mathStage);
  if (!stage) return false; // a history without the stage (some tests, benches)
  install(stage, null);
  // Every slot reads as a gap until computed again: a slot freed by one
  // channel and given to another must never show the first one's values.
  for (let k = 0; k < MAX_CHANNELS; k++) ring.dropColumn(FIRST_SLOT_FIELD + k);
  if (program === null) {
    store.channelsChanged();
    return true;
  }
  // The new program's run over the stored rows, apart from the history's own stage.
  const rows = new Pipeline(ring, [mathStage]);
  const own = install(rows.state(mathStage)!, program);
  let generation = ring.generation;
  let next = ring.appended - ring.length; // absolute row number (rows since the last clear)
  const start = next;
  for (;;) {
    if (job.cancelled) return false;
    if (ring.generation !== generation) {
      // The history was cleared (a source switch): start over on what it holds now.
      generation = ring.generation;
      next = 0;
      install(own, program);
    }
    const oldest = ring.appended - ring.length;
    if (next < oldest) next = oldest; // rows overwritten meanwhile by a full ring
    const end = Math.min(ring.appended, next + SLICE_ROWS);
    rows.runRows(next - oldest, end - oldest, DROP_EVENTS, true);
    next = end;
    job.done = next - start;
    job.total = Math.max(job.done, ring.appended - start);
    if (next >= ring.appended) {
      // Caught up: the next packet continues from this state.
      install(stage, program, own.state);
      store.channelsChanged();
      return true;
    }
    await nextTask();
  }
}
