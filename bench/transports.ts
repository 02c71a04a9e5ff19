// Transport benchmark (npm run bench:transports): what each transport of the
// backend link costs and gains. The built app in headless Chromium on /plots
// with 12 live plots (as bench:browser), fed by the feed server speaking
// 2026-06, whose WebSocket upgrade works as the team's current server's does:
// once upgraded to a WebSocket (?upgrade=1, the app's default) and once kept
// on HTTP long-polling (?upgrade=0, what a failed upgrade falls back to), at
// 10 and 2,000 packets/s. Per cell, over the measured interval:
// - user latency: the app's own ping round trip, the status bar's figure,
//   pinged every PING_MS (?pingMs) rather than every 10 s for enough readings,
//   each read from the page (?e2eHooks=1); median and p95;
// - main-thread busy: renderer main-thread task time (CDP TaskDuration) per
//   wall second;
// - the telemetry worker's CPU (the shared core's thread) and the poll
//   reader's, from /proc (bench/workerThreads.ts finds their threads);
// - stored vs sent, to see that the page kept up.
// Each cell has a feed and a browser context of its own. Prints a table and a
// RESULT line; writes bench/latest/transports.md (--record: bench/RESULTS.md).
//
// Options: --seconds <n> measured per cell (default 20); --runs <n> (default
// 1: cells alternate between transports, and each figure is the median over
// runs); --rates 10,2000.
import { FeedServer } from "../feed-server/FeedServer";
import { coresText, serveBuiltApp } from "./benchMachine";
import { acceptedPackets, benchLayout, installProbe, parseRate } from "./browserPage";
import { catchUp, caughtUpText, fmt, median, PACKET_TEXT, VIEWPORT, WARMUP_MS } from "./browserRun";
import { PipeBrowser, type PipePage } from "./pipeBrowser";
import { writeResultsSection } from "./resultsFile";
import { threadTicks, threadUse } from "./threadCpu";
import { sharedWorkerThread } from "./workerThreads";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const MEASURE_MS = (Number(option("--seconds") ?? 20) || 20) * 1000;
const RUNS = Math.max(1, Math.floor(Number(option("--runs") ?? 1) || 1));
const RATES = (option("--rates") ?? "10,2000").split(",").map(Number);
const DIST = process.env.BENCH_DIST ?? "dist";
/** The app's ping interval during the runs (its own is 10 s). */
const PING_MS = 500;
const TRANSPORTS = ["websocket", "polling"] as const;
type Transport = (typeof TRANSPORTS)[number];

interface Cell {
  transport: Transport;
  rate: number;
  latencyMedianMs: number;
  latencyP95Ms: number;
  latencySamples: number;
  /** Readings taken over another transport than asked for (an upgrade that failed). */
  offTransport: number;
  /** Main-thread busy share (0..1). */
  busy: number;
  /** CPU ms per wall second of the shared core's thread, and of the poll reader's. */
  coreMsPerS: number;
  readerMsPerS: number;
  stored: number;
  sent: number;
  caughtUpMs: number;
  parsePps: number;
}

interface Reading {
  at: number;
  ms: number;
  transport: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** In the page: every user latency reading so far (src/shell/testHooks.ts). */
function userLatencies(): Reading[] {
  const hooks = (window as { heliosTest?: { userLatencies(): Reading[] } }).heliosTest;
  return hooks?.userLatencies() ?? [];
}

async function busySeconds(page: PipePage): Promise<number> {
  const { metrics } = (await page.send("Performance.getMetrics")) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
}

/** The value at quantile q (as the browser benchmark takes it), NaN for none. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

async function runCell(
  browser: PipeBrowser,
  appUrl: string,
  transport: Transport,
  rate: number,
): Promise<Cell> {
  const feed = await FeedServer.start({
    port: 0,
    generation: "2026-06",
    rate,
    carDropout: 0,
    wallClockTimestamps: true,
    encodeOncePerTick: true,
    startPaused: true, // until the workers' threads are found (bench/workerThreads.ts)
  });
  const page = await browser.newPage(VIEWPORT.width, VIEWPORT.height);
  try {
    await page.addInitScript("globalThis.__name = (f) => f;");
    await page.addInitScript(installProbe, JSON.stringify(benchLayout("2m")));
    await page.send("Performance.enable");
    const query = new URLSearchParams({
      backend: feed.url,
      upgrade: transport === "websocket" ? "1" : "0",
      pingMs: String(PING_MS),
      e2eHooks: "1",
    });
    await page.goto(`${appUrl}/plots?${query}`);
    await page.waitForSelector(".plot-card .uplot", 30_000);
    const readerThread = await sharedWorkerThread(browser, "pollReader.worker");
    const coreThread = await sharedWorkerThread(browser, "sharedCore.worker");
    const resumedAt = Date.now();
    feed.resume();
    await sleep(WARMUP_MS);
    const caughtUpMs = await catchUp(page, feed, resumedAt);

    const busy0 = await busySeconds(page);
    const accepted0 = await page.evaluate(acceptedPackets);
    const sent0 = feed.sent;
    const ticks0 = threadTicks();
    const wall0 = Date.now();
    await sleep(MEASURE_MS);
    const ticks1 = threadTicks();
    const wall1 = Date.now();
    const busy1 = await busySeconds(page);
    const sent = feed.sent - sent0;
    const stored = (await page.evaluate(acceptedPackets)) - accepted0;
    const seconds = (wall1 - wall0) / 1000;
    const threads = threadUse(ticks0, ticks1, seconds);
    const cpu = (key: string | null) =>
      key === null ? NaN : (threads.find((t) => t.key === key)?.msPerSecond ?? 0);
    const readings = (await page.evaluate(userLatencies)).filter(
      (r) => r.at >= wall0 && r.at <= wall1,
    );
    const latencies = readings.map((r) => r.ms);
    return {
      transport,
      rate,
      latencyMedianMs: quantile(latencies, 0.5),
      latencyP95Ms: quantile(latencies, 0.95),
      latencySamples: latencies.length,
      offTransport: readings.filter((r) => r.transport !== transport).length,
      busy: (busy1 - busy0) / seconds,
      coreMsPerS: cpu(coreThread),
      readerMsPerS: cpu(readerThread),
      stored,
      sent,
      caughtUpMs,
      parsePps: await page.evaluate(parseRate, PACKET_TEXT),
    };
  } finally {
    await page.close().catch(() => undefined);
    await feed.stop();
  }
}

/** One cell's figures over its runs: each the median of the runs' (counts summed). */
function medianCell(runs: Cell[]): Cell {
  const m = (pick: (c: Cell) => number) => median(runs.map(pick));
  const sum = (pick: (c: Cell) => number) => runs.reduce((total, c) => total + pick(c), 0);
  return {
    transport: runs[0]!.transport,
    rate: runs[0]!.rate,
    latencyMedianMs: m((c) => c.latencyMedianMs),
    latencyP95Ms: m((c) => c.latencyP95Ms),
    latencySamples: sum((c) => c.latencySamples),
    offTransport: sum((c) => c.offTransport),
    busy: m((c) => c.busy),
    coreMsPerS: m((c) => c.coreMsPerS),
    readerMsPerS: m((c) => c.readerMsPerS),
    stored: sum((c) => c.stored),
    sent: sum((c) => c.sent),
    caughtUpMs: m((c) => c.caughtUpMs),
    parsePps: m((c) => c.parsePps),
  };
}

const LABEL: Record<Transport, string> = {
  websocket: "WebSocket",
  polling: "HTTP long-polling",
};

function table(cells: Cell[]): string {
  const head =
    "| transport | packets/s | user latency median | user latency p95 (readings) | main thread busy | telemetry worker CPU | poll reader CPU | stored / sent | caught up after the feed started |";
  const rule = "|" + "---|".repeat(9);
  const rows = cells.map((c) => {
    const off = c.offTransport > 0 ? ` (${c.offTransport} NOT over ${LABEL[c.transport]})` : "";
    return `| ${LABEL[c.transport]}${off} | ${fmt(c.rate)} | ${fmt(c.latencyMedianMs)} ms | ${fmt(c.latencyP95Ms)} ms (${c.latencySamples}) | ${fmt(c.busy * 100)} % | ${fmt(c.coreMsPerS)} ms/s | ${fmt(c.readerMsPerS)} ms/s | ${fmt(c.stored)} / ${fmt(c.sent)} | ${caughtUpText(c.caughtUpMs)} |`;
  });
  return [head, rule, ...rows].join("\n");
}

function resultLine(cells: Cell[], parsePps: number): string {
  const keys = cells.flatMap((c) => {
    const p = `${c.transport === "websocket" ? "ws" : "polling"}_${c.rate}`;
    return [
      `${p}_latency_median_ms=${Math.round(c.latencyMedianMs)}`,
      `${p}_latency_p95_ms=${Math.round(c.latencyP95Ms)}`,
      `${p}_busy_pct=${Math.round(c.busy * 100)}`,
      `${p}_core_ms_per_s=${Math.round(c.coreMsPerS)}`,
      `${p}_reader_ms_per_s=${Math.round(c.readerMsPerS)}`,
      `${p}_stored=${c.stored} ${p}_sent=${c.sent}`,
    ];
  });
  return `RESULT ${keys.join(" ")} parse_pps=${Math.round(parsePps)}`;
}

const server = await serveBuiltApp(DIST);
const browser = await PipeBrowser.launch();
try {
  const machine = `${coresText()}, Chromium ${browser.version()} headless (software rendering)`;
  console.log(`machine: ${machine}, build ${DIST}`);
  const runs: Cell[] = [];
  for (let run = 1; run <= RUNS; run++)
    for (const rate of RATES)
      // Alternated, and the other way round each run, so a machine growing busier weighs on both.
      for (const transport of run % 2 ? TRANSPORTS : [...TRANSPORTS].reverse()) {
        process.stdout.write(`run ${run}: ${LABEL[transport]}, ${fmt(rate)} packets/s … `);
        const cell = await runCell(browser, server.url, transport, rate);
        runs.push(cell);
        console.log(
          `latency ${fmt(cell.latencyMedianMs)} / p95 ${fmt(cell.latencyP95Ms)} ms (${cell.latencySamples}), busy ${fmt(cell.busy * 100)} %, core ${fmt(cell.coreMsPerS)} ms/s, poll reader ${fmt(cell.readerMsPerS)} ms/s, stored ${cell.stored} / sent ${cell.sent}`,
        );
      }
  const cells = RATES.flatMap((rate) =>
    TRANSPORTS.map((t) => medianCell(runs.filter((c) => c.rate === rate && c.transport === t))),
  );
  const parsePps = median(runs.map((c) => c.parsePps));
  const text = table(cells);
  const parseLine = `JSON.parse of the real-shaped packet on the renderer's main thread during the runs: ${fmt(parsePps)} packets/s (the issue's slow machine: 18,600/s).`;
  const result = resultLine(cells, parsePps);
  console.log(`\n${text}\n\n${parseLine}\n\n${result}`);
  await writeResultsSection(
    "## Transports (npm run bench:transports)",
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, build ${DIST}; ${RUNS} run(s) of ${MEASURE_MS / 1000} s per cell, cells alternated, each figure the median over runs. The built app on /plots with 12 live plots of 4 series (${VIEWPORT.width}×${VIEWPORT.height}), fed by the feed server speaking 2026-06 (its WebSocket upgrade works), its link upgraded to a WebSocket (?upgrade=1, the default) or kept on HTTP long-polling (?upgrade=0). Each cell is measured once the page has caught up with the feed, at most 30 s after the feed started (bench:browser's rule; "never": measured as it was then). User latency: the app's ping round trip, as the status bar shows it, every ${PING_MS} ms (?pingMs) instead of every 10 s. Main thread busy: CDP TaskDuration per wall second. Telemetry worker and poll reader CPU: their threads' CPU time per wall second (/proc; bench/workerThreads.ts). Stored / sent: over the measured interval (packets in flight at its end count as not stored; a page still behind drains its backlog meanwhile, so it may store more than was sent).`,
      "",
      text,
      "",
      parseLine,
    ],
    result,
  );
} finally {
  await browser.close();
  await server.close();
}
