// Race-day benchmark (npm run bench:raceday, issue 33): the built app in
// headless Chromium with ?demoDay=9, so the DEMO source first builds 9 hours
// of driving at 10 packets/s (324,000 packets) in the telemetry worker, then
// goes on live at 10 packets/s. With the whole day in the history it measures:
// - memory_mb: JS heaps plus ArrayBuffer backing stores of the page and every
//   worker, as Chromium reports them over CDP (bench/racedayMemory.ts);
// - today_fps, today_latency_p95_ms: 12 plots × 4 series over the whole day,
//   fps and packet-to-screen latency as bench:browser measures them;
// - zoom_minute_ms: a drag-zoom to 10:00–10:01 of the built day, from mouseup
//   to the zoomed picture of every plot;
// - restore_day_ms: a reload, and the time from navigation to the first
//   picture with the day back in the history.
// Chromium is driven over its DevTools pipe (bench/pipeBrowser.ts), as
// bench:browser does, and for the same reason. Options: --hours <h> (default 9).
import { coresText, serveBuiltApp } from "./benchMachine";
import { benchLayout, installProbe, probeFrames, startMeasuring, summarise } from "./browserPage";
import { fmt, VIEWPORT } from "./browserRun";
import { PipeBrowser, type PipePage } from "./pipeBrowser";
import { followWorkers, measureMemory, targetName } from "./racedayMemory";
import { plotBox, watchRestore, watchZoom } from "./racedayPage";
import { drag, waitDayBuilt } from "./demoDayBuild";
import { writeResultsSection } from "./resultsFile";
import type { PlotLayout } from "../src/state/plotLayout/plotLayout";
import { rawLimit } from "../workers/telemetry/history/downsample";
import { todaySpanSeconds } from "../workers/shared/plots/todayWindow";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const HOURS = Number(option("--hours") ?? 9) || 9;
const RATE = 10;
const DAY_PACKETS = Math.round(HOURS * 3600 * RATE);
const DIST = process.env.BENCH_DIST ?? "dist";
const MEASURE_MS = 10_000;
const RESTORE_LIMIT_MS = 120_000;
const PLOTS = 12;
/** The window the issue budgets: "Today", the built day from its first packet. */
const WINDOW = (option("--window") ?? "today") as PlotLayout["window"];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitBuilt = (page: PipePage) => waitDayBuilt(page, DAY_PACKETS);
const today = () => new Date().toISOString().slice(0, 10);

/** 10:00 local of the built day, or 4 h into it (its middle if shorter) when 10:00 is not in it. */
function targetMinute(fromS: number, toS: number): number {
  const ten = new Date(toS * 1000);
  ten.setHours(10, 0, 0, 0);
  const t = ten.getTime() / 1000;
  if (t >= fromS + 60 && t <= toS - 120) return t;
  return Math.floor((fromS + Math.min(4 * 3600, (toS - fromS) / 2)) / 60) * 60;
}

/**
 * Zooms to one minute in two drags (a minute of 9 h is a fraction of a pixel):
 * first to about 11 minutes around it, then to the minute. Returns the second
 * drag's mouseup → zoomed picture, ms.
 */
async function zoomToMinute(
  page: PipePage,
  dayFrom: number,
): Promise<{ ms: number; at: number; points: number }> {
  const box = await page.evaluate(plotBox);
  const y = box.top + box.height / 2;
  // "Today" spans its first packet to that plus the stepped span (the same
  // rule the plots use); pixels map linearly.
  const span = { min: dayFrom, max: dayFrom + todaySpanSeconds(box.newest - dayFrom) };
  const at = targetMinute(span.min, span.max);
  const px = (t: number, r: { min: number; max: number }) =>
    box.left + ((t - r.min) / (r.max - r.min)) * box.width;
  const wide = { min: at - 300, max: at + 360 };
  await drag(page, px(wide.min, span), px(wide.max, span), y);
  await sleep(3000);
  // The first drag's range is what its pixels meant (±1 px of 9 h ≈ ±17 s).
  const watching = page.evaluate(watchZoom, { plots: PLOTS, to: at + 60 + 20 });
  await drag(page, px(at, wide), px(at + 60, wide), y);
  // The plots ask for one point per PIXELS_PER_POINT (2) CSS pixels; a
  // window of at most rawLimit(points) rows comes back with every row.
  return { ms: await watching, at, points: Math.round(box.width / 2) };
}

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const browser = await PipeBrowser.launch();
  const machine = `${coresText()}, Chromium ${browser.version()} headless (software rendering)`;
  console.log(`machine: ${machine}`);
  try {
    const page = await browser.newPage(VIEWPORT.width, VIEWPORT.height);
    await page.addInitScript("globalThis.__name = (f) => f;");
    await page.addInitScript(installProbe, JSON.stringify(benchLayout(WINDOW)));
    const targets = await followWorkers(browser, page);
    const query = `offline=1&demoRate=${RATE}`;
    const dayFrom = Date.now() / 1000 - HOURS * 3600;
    await page.goto(`${server.url}/plots?${query}&demoDay=${HOURS}`);
    await page.waitForSelector(".plot-card .uplot", 60_000);
    console.log(`building ${fmt(HOURS, 1)} h at ${RATE} packets/s (${fmt(DAY_PACKETS)} packets) …`);
    const built = await waitBuilt(page);
    console.log(`\rbuilt in ${fmt(built.ms / 1000, 1)} s: ${fmt(built.rows)} rows in the history`);
    await sleep(5000); // the recorder's last flushes, the plots' first pictures

    const memory = await measureMemory(browser, targets());
    const memoryMb = memory.reduce((sum, t) => sum + t.heapMb + (t.buffersMb || 0), 0);
    const buffersKnown = memory.every((t) => Number.isFinite(t.buffersMb));

    const since = await page.evaluate(startMeasuring);
    await sleep(MEASURE_MS);
    // At 10 packets/s each latency sample is one packet (its time → the first
    // picture showing it), not a millisecond of the 100 ms between two.
    const summary = await page.evaluate(summarise, { since, packetIntervalMs: 1000 / RATE });
    const fps = await page.evaluate(probeFrames, 3000);

    const zoom = await zoomToMinute(page, dayFrom);

    // Reload without ?demoDay: the day comes back from the recording.
    const restoring = `${server.url}/plots?${query}`;
    await page.goto(restoring);
    await page.waitForSelector("#root", 30_000);
    const restored = await page.evaluate(watchRestore, {
      rows: Math.floor(built.rows * 0.95),
      limitMs: RESTORE_LIMIT_MS,
      wholeDay: WINDOW === "today",
    });
    const restoreMs = restored.firstMs;

    const memoryRows = memory.map(
      (t) =>
        `| ${targetName(t)} | ${fmt(t.heapMb, 1)} | ${fmt(t.buffersMb, 1)} | ${fmt(t.heapMb + (t.buffersMb || 0), 1)} |`,
    );
    const memoryTable = [
      "| target | JS heap MB | array buffers MB | MB |",
      "|---|---|---|---|",
      ...memoryRows,
      `| all | | | ${fmt(memoryMb, 1)} |`,
    ].join("\n");
    const figures = [
      "| measure | value | budget |",
      "|---|---|---|",
      `| day built (${fmt(built.rows)} packets) | ${fmt(built.ms / 1000, 1)} s | – |`,
      `| memory, page + workers | ${fmt(memoryMb)} MB | ≤ 400 MB |`,
      `| whole-day window, fps median / p5 | ${fmt(fps.fpsMedian, 1)} / ${fmt(fps.fpsP5, 1)} | ≥ 55 |`,
      `| whole-day window, long tasks (n / max ms) | ${summary.longTasks} / ${fmt(summary.longTaskMaxMs)} | 0 |`,
      `| whole-day window, latency p95 | ${fmt(summary.latencyP95Ms)} ms | ≤ 100 ms |`,
      `| zoom to ${new Date(zoom.at * 1000).toTimeString().slice(0, 5)}–+1 min (${fmt(zoom.points)} points asked for ${RATE * 60} rows: ${rawLimit(zoom.points) >= RATE * 60 ? "every row" : "min/max buckets"}) | ${fmt(zoom.ms)} ms | ≤ 200 ms |`,
      `| reload → first picture of the day | ${fmt(restoreMs)} ms | ≤ 5,000 ms |`,
      `| reload → every row back | ${fmt(restored.fullMs)} ms | – |`,
    ].join("\n");
    console.log(`\n${figures}\n\n${memoryTable}\n`);
    const result = `RESULT raceday_packets=${built.rows} memory_mb=${Math.round(memoryMb)} today_fps=${Math.round(fps.fpsMedian)} today_latency_p95_ms=${Math.round(summary.latencyP95Ms)} zoom_minute_ms=${Math.round(zoom.ms)} restore_day_ms=${Math.round(restoreMs)}`;
    await writeResultsSection(
      "## Race day (npm run bench:raceday)",
      [
        `Measured ${today()} on ${machine}. The built app on /plots (${VIEWPORT.width}×${VIEWPORT.height}) with ?demoDay=${HOURS}: the DEMO source builds ${fmt(HOURS, 1)} h at ${RATE} packets/s in the telemetry worker, then goes on live at ${RATE} packets/s. 12 plots × 4 series with the "${WINDOW}" window (the whole built day). Memory: Runtime.getHeapUsage of the page and every worker (usedSize = JS heap, backingStorageSize = ArrayBuffers and external strings${buffersKnown ? "" : "; not reported by this Chromium for some targets"}), after a garbage collection. Fps as bench:browser measures it; latency per packet (its TimeStamp → the first picture showing it; bench:browser samples every millisecond of packet time instead, which at 10 packets/s would add the 100 ms between packets), over ${MEASURE_MS / 1000} s. Zoom: two drags on the first plot, the second to one minute; mouseup → a frame with every plot updated to it. Restore: a reload without ?demoDay; navigation → the first plot paint with the day on screen (the restore's 1-second preview, or 95 % of the rows), and → every row back (the restore tag gone, the history counting 95 % of the day).`,
        "",
        figures,
        "",
        memoryTable,
      ],
      result,
    );
    console.log(result);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
