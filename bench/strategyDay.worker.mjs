// A bench:strategy thread: simulates the race days it is sent, one at a time
// (runDay in bench/strategyDay.ts), and sends each result back. Days are
// independent, so the bench runs one such thread per core
// (bench/strategyPool.ts). Plain JS: tsx loads the TypeScript it runs. A job
// with `compareDir` also runs the forecaster written there (--compare).
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { runDay } = await tsImport("./strategyDay.ts", import.meta.url);
const { loadForecaster } = await tsImport("./strategyForecaster.ts", import.meta.url);
const compared = new Map();

parentPort.on("message", async (job) => {
  try {
    let other;
    if (job.compareDir) {
      if (!compared.has(job.compareDir))
        compared.set(job.compareDir, await loadForecaster(job.compareDir));
      other = compared.get(job.compareDir);
    }
    parentPort.postMessage({ result: runDay(job.run, other) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.stack : String(error) });
  }
});
