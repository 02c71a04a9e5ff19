// Runs one exported function of a TypeScript module in a worker thread, so a
// caller can give up on it after a timeout (an endless loop cannot be
// interrupted on the thread that runs it). tsx loads the TypeScript.
import { parentPort, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { moduleUrl, exportName, args } = workerData;
const mod = await tsImport(moduleUrl, import.meta.url);
parentPort.postMessage(mod[exportName](...args));
