// Browser benchmark (npm run bench:browser): the built app in headless Chromium,
// fed by the feed server at several rates, with 12 live plots of 4 series each
// on /plots. Measured in the page: frame rate, long tasks, main-thread busy
// share, packet-to-screen latency, and packets stored vs sent; then the
// main-thread time of one plot update with a full 1-hour window.
import { cpus } from "node:os";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "@playwright/test";
import { preview } from "vite";
import type { PlotLayout } from "../src/panels/Plots/layout";
import { FeedServer } from "../feed-server/FeedServer";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium";
import {
  acceptedPackets,
  benchLayout,
  installProbe,
  startMeasuring,
  summarise,
  type PageSummary,
} from "./browserPage";
import { writeResultsSection } from "./resultsFile";

// BENCH_RATES=100,2000 for a quick look (RESULTS.md is then left alone).
const QUICK = process.env.BENCH_RATES;
const RATES = QUICK ? QUICK.split(",").map(Number) : [100, 1_000, 2_000, 5_000];
const WARMUP_MS = 5_000; // loading screen gone, first series drawn
const MEASURE_MS = 10_000;
const COUNT_MS = 6_000;
const VIEWPORT = { width: 1920, height: 1080 };
const DIST = process.env.BENCH_DIST ?? "dist";

interface RateResult extends PageSummary {
  rate: number;
  label: string;
  busy: number;
  stored: number;
  sent: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runRate(
  browser: Browser,
  appUrl: string,
  rate: number,
  layout: PlotLayout,
  speedup = 1,
): Promise<RateResult> {
  // Live runs stamp packet time with the send time (latency is packet-to-screen);
  // the 1-hour run keeps simulated time so that an hour of history fits in seconds.
  const feed = await FeedServer.start({
    port: 0,
    rate,
    speedup,
    carDropout: 0,
    wallClockTimestamps: speedup === 1,
  });
  const context = await browser.newContext({ viewport: VIEWPORT });
  // tsx keeps function names with a helper the page does not have.
  await context.addInitScript("globalThis.__name = (f) => f;");
  await context.addInitScript(installProbe, JSON.stringify(layout));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(`${appUrl}/plots?backend=${encodeURIComponent(feed.url)}`);
  const ready = layout.plots.length > 0 ? ".plot-card .uplot" : "[data-testid=plots-panel]";
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await sleep(WARMUP_MS);

  const busyAt = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
  };
  const busy0 = await busyAt();
  const wall0 = Date.now();
  const since = await page.evaluate(startMeasuring);
  await sleep(MEASURE_MS);
  const summary = await page.evaluate(summarise, since);
  const busy = (await busyAt()) - busy0;
  const busyShare = busy / ((Date.now() - wall0) / 1000);

  // Stored vs sent, counted between two quiet points (the feed holds its
  // packets back until the worker's counter settles), over a further interval
  // at the same load, so the holds do not disturb the measurements above.
  const accepted = () => page.evaluate(acceptedPackets);
  const quiet = async () => {
    feed.pause();
    return { accepted: await settled(accepted), sent: feed.sent };
  };
  const before = await quiet();
  feed.resume();
  await sleep(COUNT_MS);
  const after = await quiet();
  await feed.stop();
  await context.close();
  const stored = after.accepted - before.accepted;
  const label = layout.plots.length > 0 ? fmt(rate) : `${fmt(rate)}, no plots (baseline)`;
  return { ...summary, rate, label, busy: busyShare, stored, sent: after.sent - before.sent };
}

/** A counter once it stops moving (the pipeline has drained). */
async function settled(read: () => Promise<number>): Promise<number> {
  let last = await read();
  for (let i = 0; i < 40; i++) {
    await sleep(250);
    const now = await read();
    if (now === last && i >= 2) return now;
    last = now;
  }
  return last;
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits }) : "–";

function table(results: RateResult[]): string {
  const head =
    "| packets/s | fps median | fps p5 | long tasks (n / total ms / max ms) | main thread busy | latency p95 | setData per frame | plot update p95 | stored | sent |";
  const rule = "|" + "---|".repeat(10);
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${fmt(r.fpsMedian, 1)} | ${fmt(r.fpsP5, 1)} | ${r.longTasks} / ${fmt(r.longTaskTotalMs)} / ${fmt(r.longTaskMaxMs)} | ${fmt(r.busy * 100)} % | ${fmt(r.latencyP95Ms)} ms | ${fmt(r.setDataPerFrame, 1)} | ${fmt(r.updateMsP95, 2)} ms | ${fmt(r.stored)} | ${fmt(r.sent)} |`,
  );
  return [head, rule, ...rows].join("\n");
}

async function main(): Promise<void> {
  const server = await preview({
    logLevel: "silent",
    build: { outDir: DIST },
    preview: { host: "127.0.0.1", port: 0 },
  });
  const port = (server.httpServer.address() as AddressInfo).port;
  const appUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const machine = `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? "unknown CPU"}, Chromium ${browser.version()} headless (software rendering)`;
  try {
    const results: RateResult[] = [];
    for (const rate of RATES) {
      process.stdout.write(`rate ${rate} packets/s … `);
      const result = await runRate(browser, appUrl, rate, benchLayout("2m"));
      results.push(result);
      console.log(
        `fps ${fmt(result.fpsMedian, 1)}, latency median ${fmt(result.latencyMedianMs)} ms, stored ${result.stored} / sent ${result.sent}`,
      );
    }
    // Baseline in the same run: the same page and feed at 2,000/s without plots.
    process.stdout.write("baseline (no plots, 2000 packets/s) … ");
    const baseline = await runRate(browser, appUrl, 2_000, { ...benchLayout("2m"), plots: [] });
    console.log(`main thread busy ${fmt(baseline.busy * 100)} %`);
    // A full hour of data in the window: 1,000 packets/s at 360× simulated speed.
    process.stdout.write("1-hour window … ");
    const hour = await runRate(browser, appUrl, 1_000, benchLayout("1h"), 360);
    console.log(`plot update median ${fmt(hour.updateMsMedian, 2)} ms`);

    const hourLine =
      `Plot update with a 1-hour window (12 plots × 4 series, 1,000 packets/s at 360× simulated time): ` +
      `median ${fmt(hour.updateMsMedian, 2)} ms, p95 ${fmt(hour.updateMsP95, 2)} ms, max ${fmt(hour.updateMsMax, 2)} ms ` +
      `main-thread time per plot per update (worker series → NaN/null conversion → setData → draw); budget ≤ 1 ms.`;
    const text = table([...results, baseline]);
    const at2000 = results.find((r) => r.rate === 2_000);
    const ratioLine = at2000
      ? `Against the baseline at 2,000 packets/s, the 12 live plots take the main thread from ${fmt(baseline.busy * 100)} % to ${fmt(at2000.busy * 100)} % busy (${fmt(at2000.busy / baseline.busy, 1)}×).`
      : "";
    console.log(`\n${text}\n\n${ratioLine}\n\n${hourLine}\n`);
    if (!QUICK)
      await writeResultsSection("## Browser (npm run bench:browser)", [
        `Measured 2026-11-22 on ${machine}. The built app on /plots with 12 live plots of 4 series (2-minute window, ${VIEWPORT.width}×${VIEWPORT.height}), fed over Socket.IO by the feed server; ${MEASURE_MS / 1000} s measured per rate after ${WARMUP_MS / 1000} s of warm-up. Latency: packet TimeStamp (stamped with the wall clock as the feed emits it) → the animation frame whose setData first draws it, over every packet (time-weighted, so the wait for the next refresh counts). Busy: renderer main-thread task time (CDP TaskDuration) per wall second. Stored: the worker's accepted counter; sent: packets the feed emitted; both over a further ${COUNT_MS / 1000} s at the same rate between two points where the feed is held quiet.`,
        "",
        text,
        "",
        ratioLine,
        "",
        hourLine,
        "",
        "Budgets at 2,000 packets/s: fps median ≥ 55, no long task over 50 ms, latency p95 ≤ 100 ms, stored = sent.",
      ]);
    if (at2000)
      console.log(
        `RESULT rate=2000 fps_median=${Math.round(at2000.fpsMedian)} long_tasks=${at2000.longTasks} latency_p95_ms=${Math.round(at2000.latencyP95Ms)} stored=${at2000.stored} sent=${at2000.sent}`,
      );
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

await main();
