// Computing the math channels again over a history that already holds rows:
// after the set changed (a channel added, edited, deleted). The live history
// keeps taking packets meanwhile, so the job works in slices, yields between
// them, follows rows that arrive while it runs, and only when it has caught
// up hands its program and state to the history's stage (mathStage.ts): from
// then on each packet continues where the job stopped. Until then the stage
// writes gaps, never an old channel's values. The core starts one on every
// history when the set changed (MathChannels.settingApplied) and keeps their
// progress (pipeline/Feature.ts, RecomputeJob).
import type { RecomputeJob } from "../pipeline/Feature";
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
export function cancelRecompute(store: TelemetryStore): void {
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
  const finished = run(store, CHANNELS.program, CHANNELS.fields(), job).finally(() => {
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
  outputs: readonly number[],
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
  const state = program.createState();
  const inputs = program.inputs;
  const row = new Float64Array(store.layout.storedNumericFields.length).fill(NaN);
  const bits = new Uint32Array(ring.boolWords);
  let generation = ring.generation;
  let next = ring.appended - ring.length; // absolute row number (rows since the last clear)
  const start = next;
  for (;;) {
    if (job.cancelled) return false;
    if (ring.generation !== generation) {
      // The history was cleared (a source switch): start over on what it holds now.
      generation = ring.generation;
      next = 0;
      program.reset(state);
    }
    const oldest = ring.appended - ring.length;
    if (next < oldest) next = oldest; // rows overwritten meanwhile by a full ring
    const end = Math.min(ring.appended, next + SLICE_ROWS);
    for (; next < end; next++) {
      const slot = ring.physical(next - oldest);
      for (let i = 0; i < inputs.length; i++) row[inputs[i]!] = ring.numberAtSlot(slot, inputs[i]!);
      for (let w = 0; w < bits.length; w++) bits[w] = ring.boolWordAtSlot(slot, w);
      program.step(state, row, bits);
      for (let i = 0; i < outputs.length; i++) ring.setNumber(slot, outputs[i]!, row[outputs[i]!]!);
    }
    job.done = next - start;
    job.total = Math.max(job.done, ring.appended - start);
    if (next >= ring.appended) {
      // Caught up: the next packet continues from this state.
      install(stage, program, state);
      store.channelsChanged();
      return true;
    }
    await nextTask();
  }
}
