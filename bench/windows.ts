// Several windows, one car (npm run bench:windows, issue 38): the ways of
// hosting the telemetry core, measured in headless Chromium with the built
// app on DEMO at 2,000 packets/s, recording on:
//   own     every window its own core in a dedicated worker (?sharedCore=0);
//   shared  one core in a SharedWorker, storage and poll reader SharedWorkers
//           of their own (the default);
//   inline  one shared core with IndexedDB on the core's thread (?coreStorage=inline);
// and two windows on the shared core and on own cores. Per way, medians of several samples
// (each a fresh browser context: fresh storage, fresh workers), taken in
// rounds so that the machine's drift falls on every way alike:
// - the core's thread: CPU ms per second from /proc (the busiest worker
//   thread; bench/threadCpu.ts), i.e. its busy share, and the packets/s the
//   core accepted (it drops a backlog it cannot keep up with);
// - the other worker threads (storage, poll reader, render) and Chromium's
//   whole CPU;
// - each window's main thread: busy share (CDP TaskDuration) and long tasks;
// - the machine's JSON.parse rate of the real packet on a page's main thread.
// Ratios are against `own` measured in the same run.
// Options: --samples <n> (default 3), --record (write bench/RESULTS.md).
import { coresText, serveBuiltApp } from "./benchMachine";
import { fmt, median, PACKET_TEXT } from "./browserRun";
import { parseRate } from "./browserPage";
import { PipeBrowser, PipePage } from "./pipeBrowser";
import { writeResultsSection } from "./resultsFile";
import { isSharedWorkerThread, isWorkerThread, threadTicks, threadUse } from "./threadCpu";
import { installLongTaskProbe, longTasksSince, overviewAccepted, pageNow } from "./windowsPage";
import { NO_BACKEND_URL } from "../tests/noBackendUrl";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SAMPLES = Math.max(1, Number(option("--samples") ?? 3) || 3);
const RATE = 2_000;
const DIST = process.env.BENCH_DIST ?? "dist";
/** From the last window's first packet: start-up over, the recorder writing. */
const WARMUP_MS = 8_000;
const MEASURE_MS = 6_000;
const VIEWPORT = { width: 1280, height: 800 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const today = () => new Date().toISOString().slice(0, 10);

interface Way {
  label: string;
  query: string;
  windows: number;
}

const WAYS: Way[] = [
  { label: "own core per window (?sharedCore=0)", query: "&sharedCore=0", windows: 1 },
  { label: "shared core, storage SharedWorker", query: "", windows: 1 },
  {
    label: "shared core, IndexedDB on its thread (?coreStorage=inline)",
    query: "&coreStorage=inline",
    windows: 1,
  },
  { label: "shared core, storage SharedWorker, 2 windows", query: "", windows: 2 },
  { label: "own core per window, 2 windows", query: "&sharedCore=0", windows: 2 },
];

interface Sample {
  coreMs: number;
  otherWorkersMs: number;
  chromiumMs: number;
  acceptedPps: number;
  /** Busiest window's main thread, share of a second. */
  mainBusy: number;
  longTasks: number;
  longTaskMaxMs: number;
  /** Worker threads seen busy (≥ 20 ms/s), and how many of them are SharedWorkers. */
  busyWorkers: number;
  sharedWorkers: number;
}

/** `count` windows (pages) of one fresh browser context: one profile, as a user's tabs. */
async function openWindows(browser: PipeBrowser, count: number) {
  const { browserContextId } = await browser.send("Target.createBrowserContext");
  const pages: PipePage[] = [];
  for (let i = 0; i < count; i++) {
    const { targetId } = await browser.send("Target.createTarget", {
      url: "about:blank",
      browserContextId,
    });
    const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new PipePage(browser, String(sessionId), String(browserContextId));
    await page.send("Page.enable");
    await page.send("Performance.enable");
    await page.send("Emulation.setDeviceMetricsOverride", {
      ...VIEWPORT,
      deviceScaleFactor: 1,
      mobile: false,
    });
    await page.addInitScript("globalThis.__name = (f) => f;");
    await page.addInitScript(installLongTaskProbe);
    pages.push(page);
  }
  // Disposing the context closes its pages and ends its SharedWorkers.
  return { pages, close: () => pages[0]!.close() };
}

async function taskSeconds(page: PipePage): Promise<number> {
  const { metrics } = (await page.send("Performance.getMetrics")) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
}

async function waitForPackets(page: PipePage): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await page.evaluate(overviewAccepted)) <= 0) {
    if (Date.now() > deadline) throw new Error("the app showed no accepted packet in 30 s");
    await sleep(250);
  }
}

async function sample(browser: PipeBrowser, appUrl: string, way: Way): Promise<Sample> {
  const { pages, close } = await openWindows(browser, way.windows);
  try {
    const url = `${appUrl}/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=${RATE}${way.query}`;
    for (const page of pages) {
      await page.goto(url);
      await waitForPackets(page);
    }
    await sleep(WARMUP_MS);
    const threads0 = threadTicks();
    const tasks0 = await Promise.all(pages.map(taskSeconds));
    const since = await Promise.all(pages.map((p) => p.evaluate(pageNow)));
    const accepted0 = await pages[0]!.evaluate(overviewAccepted);
    const wall0 = Date.now();
    await sleep(MEASURE_MS);
    const accepted1 = await pages[0]!.evaluate(overviewAccepted);
    const tasks1 = await Promise.all(pages.map(taskSeconds));
    const threads1 = threadTicks();
    const seconds = (Date.now() - wall0) / 1000;
    const longTasks = await Promise.all(pages.map((p, i) => p.evaluate(longTasksSince, since[i]!)));
    const use = threadUse(threads0, threads1, seconds);
    const workers = use.filter(isWorkerThread);
    const core = workers[0]?.msPerSecond ?? NaN;
    const busyWorkers = workers.filter((t) => t.msPerSecond >= 20);
    if (process.env.BENCH_DEBUG)
      console.log(
        use
          .slice(0, 12)
          .map((t) => `    ${t.processType} ${t.comm}: ${fmt(t.msPerSecond)} ms/s`)
          .join("\n"),
      );
    return {
      coreMs: core,
      otherWorkersMs: workers.slice(1).reduce((sum, t) => sum + t.msPerSecond, 0),
      chromiumMs: use.reduce((sum, t) => sum + t.msPerSecond, 0),
      acceptedPps: (accepted1 - accepted0) / seconds,
      mainBusy: Math.max(...tasks1.map((t, i) => (t - tasks0[i]!) / seconds)),
      longTasks: longTasks.reduce((sum, t) => sum + t.count, 0),
      longTaskMaxMs: Math.max(...longTasks.map((t) => t.maxMs)),
      busyWorkers: busyWorkers.length,
      sharedWorkers: busyWorkers.filter(isSharedWorkerThread).length,
    };
  } finally {
    await close().catch(() => undefined);
    await sleep(1_000); // the context's processes and workers end
  }
}

type Summary = { [K in keyof Sample]: number };

function summarise(samples: Sample[]): Summary {
  const keys = Object.keys(samples[0]!) as (keyof Sample)[];
  return Object.fromEntries(keys.map((k) => [k, median(samples.map((s) => s[k]))])) as Summary;
}

async function machineParseRate(browser: PipeBrowser): Promise<number> {
  const page = await browser.newPage(VIEWPORT.width, VIEWPORT.height);
  try {
    const rates: number[] = [];
    for (let i = 0; i < 3; i++) rates.push(await page.evaluate(parseRate, PACKET_TEXT));
    return median(rates);
  } finally {
    await page.close();
  }
}

function table(results: Summary[]): string[] {
  const own = results[0]!;
  const ratio = (value: number, base: number) => fmt(value / base, 2);
  return [
    "| way | core thread ms/s (busy) | × own | other worker threads ms/s | Chromium ms/s | × own | accepted packets/s | main thread busy | long tasks (n / max ms) | busy worker threads (shared) |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...results.map(
      (r, i) =>
        `| ${WAYS[i]!.label} | ${fmt(r.coreMs)} (${fmt(r.coreMs / 10)} %) | ${ratio(r.coreMs, own.coreMs)} | ${fmt(r.otherWorkersMs)} | ${fmt(r.chromiumMs)} | ${ratio(r.chromiumMs, own.chromiumMs)} | ${fmt(r.acceptedPps)} | ${fmt(r.mainBusy * 100, 1)} % | ${fmt(r.longTasks)} / ${fmt(r.longTaskMaxMs)} | ${fmt(r.busyWorkers)} (${fmt(r.sharedWorkers)}) |`,
    ),
  ];
}

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const browser = await PipeBrowser.launch();
  try {
    const machine = `${coresText()}, Chromium ${browser.version()} headless`;
    console.log(`machine: ${machine}`);
    const parsePps = await machineParseRate(browser);
    console.log(`JSON.parse of the real packet: ${fmt(parsePps)}/s`);
    const samples: Sample[][] = WAYS.map(() => []);
    for (let round = 0; round < SAMPLES; round++)
      for (const [i, way] of WAYS.entries()) {
        process.stdout.write(`round ${round + 1}/${SAMPLES}: ${way.label} … `);
        const s = await sample(browser, server.url, way);
        samples[i]!.push(s);
        console.log(
          `core ${fmt(s.coreMs)} ms/s, others ${fmt(s.otherWorkersMs)}, Chromium ${fmt(s.chromiumMs)}, ${fmt(s.acceptedPps)} packets/s, long tasks ${s.longTasks}`,
        );
      }
    const results = samples.map(summarise);
    const [own, shared, inline, two, ownTwo] = results as [
      Summary,
      Summary,
      Summary,
      Summary,
      Summary,
    ];
    const lines = table(results);
    console.log(`\n${lines.join("\n")}\n`);
    const result =
      `RESULT windows_ways=3 shared_vs_own_ratio=${fmt(shared.coreMs / own.coreMs, 2)} ` +
      `inline_storage_ratio=${fmt(inline.coreMs / own.coreMs, 2)} ` +
      `inline_vs_shared_ratio=${fmt(inline.coreMs / shared.coreMs, 2)} ` +
      `two_windows_ratio=${fmt(two.coreMs / own.coreMs, 2)} ` +
      `chromium_shared_vs_own_ratio=${fmt(shared.chromiumMs / own.chromiumMs, 2)} ` +
      `chromium_two_windows_shared_vs_own_ratio=${fmt(two.chromiumMs / ownTwo.chromiumMs, 2)} ` +
      `core_ms_own=${Math.round(own.coreMs)} core_ms_shared=${Math.round(shared.coreMs)} ` +
      `core_ms_inline=${Math.round(inline.coreMs)} long_tasks=${Math.max(...results.map((r) => r.longTasks))} ` +
      `parse_pps=${Math.round(parsePps)}`;
    console.log(result);
    await writeResultsSection(
      "## Several windows (npm run bench:windows)",
      [
        `Measured ${today()} on ${machine}. The built app on the Overview, DEMO at ${fmt(RATE)} packets/s with recording on, ${SAMPLES} samples per way (medians; each a fresh browser context, the ways taken in turn): ${WARMUP_MS / 1000} s after the last window's first packet, then ${MEASURE_MS / 1000} s measured. Core thread: the busiest worker thread's CPU from /proc (its busy share of one core); other worker threads: the rest (storage, poll reader, render); Chromium: every thread of the browser. Main thread: the busiest window's CDP TaskDuration per second; long tasks over all windows. JSON.parse of the real packet on a page's main thread: ${fmt(parsePps)}/s. Ratios against the own core per window, measured in the same run.`,
        "",
        ...lines,
      ],
      result,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
