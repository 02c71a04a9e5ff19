// Map benchmark (npm run bench:map): the Map tab following the car with one
// hour of 10 Hz track (36,000 points) in history. The feed server fills the
// hour quickly (2,000 packets/s, each 0.1 s of simulated driving), then drives
// at 10 Hz in real time while we measure frames, long tasks and the main
// thread's cost of each track update. Baseline in the same run: the same map
// following the same car with a short track (the first few hundred points).
//
// A track update's main-thread cost is measured in two parts and added up per
// update: the worker message's handler (the answer's columns are deserialised
// there, before any app code runs), timed by wrapping the Worker's message
// listeners; and TrackLayer.update (taking the columns, projecting and drawing
// the new points, the legend's text). Both run on the main thread; the canvas
// is drawn synchronously inside update, not in a later frame.
//
// Options: --cpu-throttle <rate> also measures the hour with the page's main
// thread slowed by CDP (Emulation.setCPUThrottlingRate), e.g. 2.5 for a slower
// laptop: what this bench measures runs there (CDP leaves the workers alone).
import { loadavg } from "node:os";
import type { Page } from "@playwright/test";
import { coresText, launchChromium, serveBuiltApp } from "./benchMachine";
import { FeedServer } from "../feed-server/FeedServer";
import { writeResultsSection } from "./resultsFile";

const DIST = process.env.BENCH_DIST ?? "dist";
const HOUR_POINTS = 36_000;
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 10_000);
const FILL_RATE = Number(process.env.BENCH_FILL_RATE ?? 1000);
const args = process.argv.slice(2);
const throttleAt = args.indexOf("--cpu-throttle");
const CPU_THROTTLE = throttleAt >= 0 ? Math.max(1, Number(args[throttleAt + 1]) || 1) : 1;

interface Measured {
  label: string;
  points: number;
  fpsMedian: number;
  fpsP5: number;
  longTasks: number;
  longTaskMaxMs: number;
  updates: number;
  /** Message handler + TrackLayer.update, per update. */
  updateP50: number;
  updateP95: number;
  /** The two parts' p95 on their own. */
  messageP95: number;
  layerP95: number;
  /** Whole trails among the updates (the rest were tails). */
  wholeTrails: number;
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

// Plain text, not a function: Playwright would serialise a compiled function
// together with the bundler's helpers, which do not exist in the page.
const PROBE = `
  window.__benchLongTasks = [];
  window.__heliosMapUpdates = [];
  window.__benchTrackMessages = [];
  window.__benchWholeTrails = [];
  window.__benchFrames = [];
  // Time every message handler that delivers a track answer: the answer's
  // structured clone is read (deserialised) there. The core answers through
  // a Worker, or a SharedWorker's MessagePort where the windows share one
  // core (every browser here): both are hooked.
  for (const Target of [Worker, MessagePort]) {
    const addListener = Target.prototype.addEventListener;
    Target.prototype.addEventListener = function (type, listener, options) {
      if (type !== "message" || typeof listener !== "function")
        return addListener.call(this, type, listener, options);
      const timed = function (event) {
        const started = performance.now();
        const result = listener.call(this, event);
        const value = event.data && event.data.value;
        if (value && value.lapMarks && value.details) {
          window.__benchTrackMessages.push(performance.now() - started);
          window.__benchWholeTrails.push(value.tail ? 0 : 1);
        }
        return result;
      };
      return addListener.call(this, type, timed, options);
    };
  }
  localStorage.setItem("theme", "light");
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push(e.duration);
  }).observe({ type: "longtask", buffered: true });
  const frame = (t) => { window.__benchFrames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
`;

async function historyLength(page: Page): Promise<number> {
  const text =
    (await page
      .getByTestId("map-points")
      .textContent({ timeout: 5000 })
      .catch(() => "")) ?? "";
  const match = /of ([\d,]+) points/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, "")) : 0;
}

async function measure(page: Page, label: string): Promise<Measured> {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, number[]>;
    w.__benchLongTasks!.length = 0;
    w.__heliosMapUpdates!.length = 0;
    w.__benchTrackMessages!.length = 0;
    w.__benchWholeTrails!.length = 0;
    w.__benchFrames!.length = 0;
  });
  await page.waitForTimeout(MEASURE_MS);
  const raw = await page.evaluate(() => {
    const w = window as unknown as Record<string, number[]>;
    return {
      longTasks: [...w.__benchLongTasks!],
      updates: [...w.__heliosMapUpdates!],
      messages: [...w.__benchTrackMessages!],
      whole: [...w.__benchWholeTrails!],
      frames: [...w.__benchFrames!],
    };
  });
  // Pair the k-th answer's message with the k-th update (one request in flight).
  const pairs = Math.min(raw.updates.length, raw.messages.length);
  const total = raw.updates.slice(0, pairs).map((ms, k) => ms + raw.messages[k]!);
  const fps = raw.frames.slice(1).map((t, i) => 1000 / (t - raw.frames[i]!));
  return {
    label,
    points: await historyLength(page),
    fpsMedian: quantile(fps, 0.5),
    fpsP5: quantile(fps, 0.05),
    longTasks: raw.longTasks.filter((d) => d > 50).length,
    longTaskMaxMs: Math.max(0, ...raw.longTasks),
    updates: pairs,
    updateP50: quantile(total, 0.5),
    updateP95: quantile(total, 0.95),
    messageP95: quantile(raw.messages, 0.95),
    layerP95: quantile(raw.updates, 0.95),
    wholeTrails: raw.whole.reduce((a, b) => a + b, 0),
  };
}

/**
 * The cost of a whole trail: zoom out one step (the map asks for the whole
 * trail at the new pixel size) and read the updates that brought whole trails.
 */
async function measureWholeTrail(page: Page): Promise<{ ms: number; points: number }> {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, number[]>;
    w.__heliosMapUpdates!.length = 0;
    w.__benchTrackMessages!.length = 0;
    w.__benchWholeTrails!.length = 0;
  });
  await page.locator(".leaflet-control-zoom-out").click();
  await page.waitForTimeout(3000);
  const raw = await page.evaluate(() => {
    const w = window as unknown as Record<string, number[]>;
    return {
      updates: [...w.__heliosMapUpdates!],
      messages: [...w.__benchTrackMessages!],
      whole: [...w.__benchWholeTrails!],
    };
  });
  const costs = raw.whole.flatMap((isWhole, k) =>
    isWhole && k < raw.updates.length ? [raw.updates[k]! + raw.messages[k]!] : [],
  );
  const text = (await page.getByTestId("map-points").textContent()) ?? "";
  const drawn = Number(/^([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, "") ?? NaN);
  return { ms: costs.length > 0 ? Math.max(...costs) : NaN, points: drawn };
}

function table(rows: Measured[], machine: string): string[] {
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, over ${MEASURE_MS / 1000} s each, the map following the car at 10 Hz.`,
    "",
    "| run | track points | fps median | fps p5 | long tasks > 50 ms (max ms) | track updates (whole trails) | update p50 | update p95 | p95 message / layer |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.points.toLocaleString("en-US")} | ${f(r.fpsMedian)} | ${f(r.fpsP5)} | ${r.longTasks} (${f(r.longTaskMaxMs, 0)}) | ${r.updates} (${r.wholeTrails}) | ${f(r.updateP50, 2)} ms | ${f(r.updateP95, 2)} ms | ${f(r.messageP95, 2)} / ${f(r.layerP95, 2)} ms |`,
    ),
  ];
}

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const appUrl = server.url;
  const feed = await FeedServer.start({ port: 0, rate: FILL_RATE, speedup: 1, startPaused: true });
  const browser = await launchChromium();
  const machine = `${coresText()}, Chromium ${browser.version()} headless (software rendering), load average ${loadavg()[0]!.toFixed(1)} at the start (other work on the machine shows as long tasks and slow updates)`;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: PROBE });
    page.on("pageerror", (error) => console.error("page error:", error.message));
    page.on("crash", () => console.error("page crashed"));
    await page.goto(`${appUrl}/map?backend=${encodeURIComponent(feed.url)}`);
    await page.getByTestId("map-points").waitFor({ timeout: 30_000 });
    await page.getByTestId("loading-screen").waitFor({ state: "detached", timeout: 30_000 });

    // Baseline: a short track, driven at 10 Hz in real time.
    feed.setPace(10, 1);
    feed.resume();
    await page.waitForTimeout(3000);
    const baseline = await measure(page, "baseline: short track");

    // Fill one hour of 10 Hz track (each packet 0.1 s of driving), then drive at 10 Hz.
    process.stdout.write(`filling ${HOUR_POINTS} points … `);
    feed.setPace(FILL_RATE, FILL_RATE / 10);
    const started = Date.now();
    // Count on the server side: a busy page may be slow to answer.
    const sentBefore = feed.sent;
    while (feed.sent - sentBefore < HOUR_POINTS && Date.now() - started < 240_000)
      await page.waitForTimeout(250);
    feed.setPace(10, 1);
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Measure following the car, not the page catching up with the fill: wait
    // until the map's trail stands for (nearly) every packet sent.
    const caughtUp = Date.now();
    while ((await historyLength(page)) < 0.99 * feed.sent && Date.now() - caughtUp < 120_000)
      await page.waitForTimeout(500);
    await page.waitForTimeout(1500);
    const hour = await measure(page, "1 hour of 10 Hz track");
    const rows = [baseline, hour];
    if (CPU_THROTTLE > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
      await page.waitForTimeout(1500);
      rows.push(await measure(page, `1 hour, renderer CPU throttled ${CPU_THROTTLE}×`));
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    }

    const whole = await measureWholeTrail(page);
    const lines = [
      ...table(rows, machine),
      "",
      `A whole trail (after zooming out one step, ${whole.points.toLocaleString("en-US")} points drawn): ${whole.ms.toFixed(2)} ms on the main thread (message + update), once per zoom, colour range or full point budget.`,
    ];
    const result = `RESULT map_fps_median=${Math.round(hour.fpsMedian)} map_long_tasks=${hour.longTasks} track_update_p95_ms=${hour.updateP95.toFixed(2)} points=${hour.points}`;
    console.log(lines.join("\n"));
    console.log(result);
    await writeResultsSection(
      "## Map (bench/map.ts)",
      [
        ...lines,
        "",
        "Budget: ≥ 55 fps median, no long task over 50 ms, track update ≤ 2 ms main thread.",
        "A track update's cost is the worker message's handler (deserialising the answer) plus",
        "TrackLayer.update (taking the points, projecting and drawing the new ones on the trail's",
        "canvas, the legend text), paired per update. After the first whole trail the worker",
        "answers with the new tail only; whole trails come again on a zoom, a new colour range or",
        "a full point budget.",
      ],
      result,
    );
  } finally {
    await browser.close();
    await feed.stop();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
