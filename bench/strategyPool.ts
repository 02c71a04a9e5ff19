// Runs bench:strategy's race days on one thread per core
// (bench/strategyDay.worker.mjs): 135 days take minutes on one, and checking a
// change on hundreds of other days (--days) is what keeps it honest.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { DayResult, DayRun } from "./strategyDay";

export interface DayJob {
  run: DayRun;
  /** A forecaster's tree to run beside this checkout's (bench/strategyForecaster.ts). */
  compareDir?: string;
}

const ENTRY = new URL("./strategyDay.worker.mjs", import.meta.url);

/** Each job's result, in the jobs' order; `onDone` hears of each as it ends. */
export async function runDays(
  jobs: readonly DayJob[],
  onDone: (job: DayJob, seconds: number) => void,
): Promise<DayResult[]> {
  const results: DayResult[] = new Array(jobs.length);
  let next = 0;
  const threads = Math.max(1, Math.min(availableParallelism(), jobs.length));
  const lanes = Array.from({ length: threads }, async () => {
    const worker = new Worker(ENTRY);
    try {
      while (next < jobs.length) {
        const index = next++;
        const job = jobs[index]!;
        const t0 = performance.now();
        const result = await new Promise<DayResult>((resolve, reject) => {
          worker.once("message", (answer: { result?: DayResult; error?: string }) =>
            answer.result
              ? resolve(answer.result)
              : reject(new Error(`${job.run.name}: ${answer.error}`)),
          );
          worker.once("error", reject);
          worker.postMessage(job);
        });
        worker.removeAllListeners("error");
        // The run object itself, not its copy: the bench tells named days by identity.
        results[index] = { ...result, run: job.run };
        onDone(job, (performance.now() - t0) / 1000);
      }
    } finally {
      await worker.terminate();
    }
  });
  await Promise.all(lanes);
  return results;
}
