// Long work of the core written once as a generator that yields wherever it
// may pause (a rule checked, a stretch of text scanned), and run either at
// once (runNow: a rule the dialog checks as the user types) or a slice at a
// time (runInSlices: a file of 5,000 rules), so the core goes on taking
// packets and answering windows in between. Importing 5,000 rules in one go
// once held the core for 3.4 s (issue 58).
export type Steps<T> = Generator<void, T, void>;

/** Work per slice: well within the 50 ms a packet may wait, with room for what cannot be cut. */
const SLICE_MS = 8;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs `steps` to the end now. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps` a slice of about `sliceMs` at a time, the core's other tasks between slices. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let began = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - began >= sliceMs) {
      await nextTask();
      began = performance.now();
    }
  }
}
