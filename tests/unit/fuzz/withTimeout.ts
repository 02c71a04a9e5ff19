// Calls `exportName(...args)` of a module in a worker thread and rejects if it
// has not returned within `timeoutMs`: how a test proves that a parser of
// outside data terminates (a synchronous endless loop would hang the test
// runner itself). Arguments and the result must be structured-cloneable.
import { Worker } from "node:worker_threads";

const RUNNER = new URL("./callExport.worker.mjs", import.meta.url);

export function callInWorker<T>(
  moduleUrl: URL,
  exportName: string,
  args: unknown[],
  timeoutMs: number,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(RUNNER, {
      workerData: { moduleUrl: moduleUrl.href, exportName, args },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${exportName} did not return within ${timeoutMs} ms`));
    }, timeoutMs);
    worker.once("message", (value: T) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(value);
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
