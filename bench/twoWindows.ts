// The browser benchmark's two-window case alone (bench/browserWindows.ts), at
// 2,000 packets/s: two tabs on the shared core, each with 6 of the 12 plots.
// Quick enough to repeat many times, so that a comparison of builds
// (bench/compareBuilds.ts ... twoWindows) has the runs that this noisy case
// needs. Prints each window's row and a RESULT line; records nothing.
//
//   npm run build && npx tsx bench/twoWindows.ts
//   npx tsx bench/compareBuilds.ts --base 16c175f --runs 9 twoWindows
import { coresText, serveBuiltApp } from "./benchMachine";
import { benchLayout } from "./browserPage";
import { fmt } from "./browserRun";
import { runTwoWindows, worseOf } from "./browserWindows";
import { PipeBrowser } from "./pipeBrowser";
import { isSharedWorkerThread, isWorkerThread, type ThreadUse } from "./threadCpu";

const DIST = process.env.BENCH_DIST ?? "dist";
const MEASURE_MS = 10_000;

const server = await serveBuiltApp(DIST);
const browser = await PipeBrowser.launch();
try {
  console.log(`machine: ${coresText()}, Chromium ${browser.version()} headless, build ${DIST}`);
  const two = await runTwoWindows(browser, server.url, {
    rate: 2_000,
    layout: benchLayout("2m"),
    measureMs: MEASURE_MS,
  });
  for (const w of two.windows)
    console.log(
      `${w.label}: fps ${fmt(w.fpsMedian, 1)}, long tasks ${w.longTasks}, busy ${fmt(w.busy * 100)} %, latency p95 ${fmt(w.latencyP95Ms)} ms, longest stall ${fmt(w.stallMaxMs)} ms, caught up after ${fmt(w.caughtUpMs)} ms`,
    );
  const [a, b] = two.windows;
  // Where the CPU went while measured: the shared core, the other workers (render,
  // poll reader, storage), the renderers' main threads, and Chromium in all.
  const sum = (threads: ThreadUse[]) => threads.reduce((total, t) => total + t.msPerSecond, 0);
  const core = sum(two.threads.filter(isSharedWorkerThread));
  const workers = sum(two.threads.filter((t) => isWorkerThread(t) && !isSharedWorkerThread(t)));
  // A renderer's main thread is named after the executable (Debian's: "chromium").
  const mains = sum(
    two.threads.filter((t) => t.processType === "renderer" && /^(chromium|chrome)$/.test(t.comm)),
  );
  const chromium = sum(two.threads);
  for (const t of two.threads.slice(0, 10))
    console.log(`  ${t.processType} ${t.comm}: ${fmt(t.msPerSecond)} ms/s`);
  const shared = two.names[0] === "Window 1" && two.names[1] === "Window 2" ? 1 : 0;
  console.log(
    `RESULT two_windows_shared=${shared} two_windows_latency_p95_ms=${Math.round(worseOf([a.latencyP95Ms, b.latencyP95Ms], Math.max))} first_latency_p95_ms=${Math.round(a.latencyP95Ms)} second_latency_p95_ms=${Math.round(b.latencyP95Ms)} two_windows_stall_max_ms=${Math.round(worseOf([a.stallMaxMs, b.stallMaxMs], Math.max))} two_windows_busy_pct=${Math.round(worseOf([a.busy, b.busy], Math.max) * 100)} two_windows_long_tasks=${a.longTasks + b.longTasks} two_windows_stored=${a.stored} two_windows_sent=${a.sent} parse_pps=${Math.round(a.parsePps)} core_ms_per_s=${Math.round(core)} workers_ms_per_s=${Math.round(workers)} mains_ms_per_s=${Math.round(mains)} chromium_ms_per_s=${Math.round(chromium)}`,
  );
} finally {
  await browser.close();
  await server.close();
}
