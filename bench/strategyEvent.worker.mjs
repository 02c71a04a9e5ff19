// A bench:strategy thread for the multi-day events: runs each event it is
// sent (runEvent in bench/strategyEvent.ts) and sends the result back.
// Events are independent, so the bench runs one such thread per core. Plain
// JS: tsx loads the TypeScript it runs.
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { runEvent } = await tsImport("./strategyEvent.ts", import.meta.url);

parentPort.on("message", (run) => {
  try {
    parentPort.postMessage({ result: runEvent(run) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.stack : String(error) });
  }
});
