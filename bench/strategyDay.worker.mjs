// A bench:strategy thread: simulates the race days it is sent, one at a time
// (runDay in bench/strategyDay.ts), and sends each result back. Days are
// independent, so the bench runs one such thread per core
// (bench/strategyPool.ts). Plain JS: tsx loads the TypeScript it runs.
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { runDay } = await tsImport("./strategyDay.ts", import.meta.url);

parentPort.on("message", (job) => {
  const knownSun = job.knownSun ? new Map(job.knownSun) : undefined;
  parentPort.postMessage(runDay(job.run, knownSun));
});
