// The browser benchmark's case of two windows (issue 38): two tabs of one
// profile on the shared telemetry core, each showing 6 of the 12 live plots,
// fed at one rate. Each window is measured as the one-window case measures its
// page (frames, long tasks, latency, main-thread busy), at the same time; the
// core's stored count is one for both.
import type { PlotLayout } from "../src/state/plotLayout/plotLayout";
import { FeedServer } from "../feed-server/FeedServer";
import {
  acceptedPackets,
  installProbe,
  parseRate,
  probeFrames,
  shownWindowName,
  startMeasuring,
  storeLayoutAs,
  summarise,
} from "./browserPage";
import {
  catchUp,
  fmt,
  PACKET_TEXT,
  storedVsSent,
  VIEWPORT,
  WARMUP_MS,
  turnaroundOf,
  type RateResult,
} from "./browserRun";
import type { PipeBrowser, PipePage } from "./pipeBrowser";
import { threadTicks, threadUse, type ThreadUse } from "./threadCpu";
import { profileSharedWorker, selfTimes } from "./coreProfile";
import { writeFileSync } from "node:fs";

/** The longest wait between new pictures a run may show (issue 57: a worker that stops is a miss). */
export const STALL_BUDGET_MS = 250;
/** The second window's layout key (src/state/plotLayout/plotLayoutStore.ts: "plotLayout:<name>"). */
const SECOND_WINDOW_LAYOUT_KEY = "plotLayout:Window 2";
const FPS_PROBE_MS = 3000;
const debug = (step: string) => {
  if (process.env.BENCH_DEBUG) console.log(`  [${new Date().toISOString().slice(11, 19)}] ${step}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Half of the bench layout: 6 plots of 4 series. */
export function halfLayout(layout: PlotLayout): PlotLayout {
  return { ...layout, plots: layout.plots.slice(0, 6) };
}

export interface TwoWindowsResult {
  /** One row per window, as the one-window case reports its page. */
  windows: [RateResult, RateResult];
  /** Both windows showed "Window 1" / "Window 2": they shared one core. */
  names: [string | null, string | null];
  /** Each Chromium thread's CPU over the measured interval (/proc: bench/threadCpu.ts). */
  threads: ThreadUse[];
}

export async function runTwoWindows(
  browser: PipeBrowser,
  appUrl: string,
  options: { rate: number; layout: PlotLayout; measureMs: number; webSocket?: boolean },
): Promise<TwoWindowsResult> {
  const { rate, measureMs } = options;
  const layout = halfLayout(options.layout);
  const feed = await FeedServer.start({
    port: 0,
    // 2026-01's upgrade fails (as the real one's): a WebSocket needs 2026-06 (bench/browserRun.ts).
    ...(options.webSocket ? { generation: "2026-06" as const } : {}),
    rate,
    carDropout: 0,
    wallClockTimestamps: true,
    encodeOncePerTick: true,
  });
  const first = await browser.newPage(VIEWPORT.width, VIEWPORT.height);
  const second = await browser.newPage(VIEWPORT.width, VIEWPORT.height, first);
  const pages = [first, second] as const;
  try {
    const layoutJson = JSON.stringify(layout);
    for (const page of pages) {
      await page.addInitScript("globalThis.__name = (f) => f;");
      await page.addInitScript(installProbe, layoutJson);
      await page.addInitScript(storeLayoutAs, { key: SECOND_WINDOW_LAYOUT_KEY, layoutJson });
      await page.send("Performance.enable");
    }
    const upgrade = `&upgrade=${options.webSocket ? 1 : 0}`;
    const url = `${appUrl}/plots?backend=${encodeURIComponent(feed.url)}${upgrade}`;
    const loadedAt = Date.now();
    // One after the other, as a person opens a second window: the first starts the core.
    for (const page of pages) {
      debug("goto");
      await page.goto(url);
      await page.waitForSelector(".plot-card .uplot", 30_000);
    }
    debug("ready");
    await sleep(WARMUP_MS);
    const caughtUpMs = await catchUp(first, feed, loadedAt);
    debug(`caught up after ${caughtUpMs} ms`);
    const names: [string | null, string | null] = [
      await first.evaluate(shownWindowName),
      await second.evaluate(shownWindowName),
    ];

    const busyAt = async (page: PipePage) => {
      const { metrics } = (await page.send("Performance.getMetrics")) as {
        metrics: { name: string; value: number }[];
      };
      return metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
    };
    const accepted0 = await first.evaluate(acceptedPackets);
    const sent0 = feed.sent;
    const busy0 = await Promise.all(pages.map(busyAt));
    const wall0 = Date.now();
    const since = await Promise.all(pages.map((page) => page.evaluate(startMeasuring)));
    const threads0 = threadTicks();
    const profilePath = process.env.BENCH_CORE_PROFILE;
    const stopProfile = profilePath ? await profileSharedWorker(browser) : null;
    const polls = feed.watchPolls();
    await sleep(measureMs);
    const pollTurnaroundMs = turnaroundOf(polls);
    const threads1 = threadTicks();
    if (stopProfile && profilePath) {
      const profile = await stopProfile();
      writeFileSync(profilePath, JSON.stringify(profile));
      for (const { where, ms } of selfTimes(profile))
        console.log(`  core self ${fmt(ms)} ms  ${where}`);
    }
    debug("summarise");
    const summaries = await Promise.all(
      pages.map((page, i) => page.evaluate(summarise, since[i]!)),
    );
    const busy = await Promise.all(pages.map(busyAt));
    const seconds = (Date.now() - wall0) / 1000;
    const threads = threadUse(threads0, threads1, seconds);
    const accepted1 = await first.evaluate(acceptedPackets);
    const keptUp = feed.sent - sent0 - (accepted1 - accepted0) <= rate * 0.25 + 10;
    const sentPps = (feed.sent - sent0) / seconds;
    // Both windows on screen at once, as on a pit wall.
    debug("frame rate");
    const fps = await Promise.all(pages.map((page) => page.evaluate(probeFrames, FPS_PROBE_MS)));

    debug("count");
    // Stored vs sent: the core's one counter, between two quiet points of the feed.
    const { stored, sent } = await storedVsSent(feed, () => first.evaluate(acceptedPackets));
    const parsePps = await first.evaluate(parseRate, PACKET_TEXT);

    const row = (i: 0 | 1): RateResult => ({
      ...summaries[i]!,
      ...fps[i]!,
      rate,
      label: `${fmt(rate)}, two windows × 6 plots: ${names[i] ?? `window ${i + 1} (unnamed)`}`,
      busy: (busy[i]! - busy0[i]!) / seconds,
      stored,
      sent,
      parsePps,
      keptUp,
      sentPps,
      caughtUpMs,
      pollTurnaroundMs,
      profile: null,
    });
    return { windows: [row(0), row(1)], names, threads };
  } finally {
    // The second tab first: the core then sees its windows leave one by one.
    for (const page of [second, first]) await page.close().catch(() => undefined);
    await feed.stop();
  }
}

/**
 * The worse of two windows' figures, by `worse`; NaN when either has none (a
 * page's NaN reaches here as null through CDP, and Math.max(null, null) is 0).
 */
export function worseOf(
  values: readonly (number | null)[],
  worse: (a: number, b: number) => number,
): number {
  if (values.some((v) => v === null || !Number.isFinite(v))) return NaN;
  return (values as number[]).reduce((a, b) => worse(a, b));
}

/**
 * The two windows held the one-window budgets at their rate: in each window
 * fps median ≥ 55, no long task, latency p95 ≤ 100 ms, no stall over 250 ms
 * (STALL_BUDGET_MS: issue 57) and the main thread at
 * most twice the no-plots baseline; the core stored what was sent; and they
 * really shared one core (named Window 1 and Window 2).
 */
export function twoWindowsHold(result: TwoWindowsResult, baselineBusy: number): boolean {
  const shared = result.names[0] === "Window 1" && result.names[1] === "Window 2";
  return (
    shared &&
    result.windows.every(
      (w) =>
        Number.isFinite(w.latencyP95Ms) &&
        w.fpsMedian >= 55 &&
        w.longTasks === 0 &&
        w.latencyP95Ms <= 100 &&
        w.stallMaxMs <= STALL_BUDGET_MS &&
        w.busy <= 2 * baselineBusy &&
        w.stored === w.sent,
    )
  );
}
