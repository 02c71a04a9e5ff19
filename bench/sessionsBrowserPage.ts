// The page of the Chromium sessions benchmark: starts the worker that measures
// (the telemetry worker's code runs in a worker in the app too) and leaves its
// answer on `window.__sessionsBench` for bench/sessionsBrowser.ts to read.
import type { BrowserSessionsResult } from "./sessionsBrowserWorker";

declare global {
  interface Window {
    __sessionsBench?: BrowserSessionsResult | { error: string };
  }
}

const worker = new Worker(new URL("./sessionsBrowserWorker.ts", import.meta.url), {
  type: "module",
});
worker.onmessage = (event: MessageEvent<BrowserSessionsResult | { error: string }>) => {
  window.__sessionsBench = event.data;
  document.getElementById("status")!.textContent = "Done.";
};
worker.onerror = (event) => {
  window.__sessionsBench = { error: event.message || "worker failed" };
};
