// One measured run of the browser benchmark: a fresh page on /plots fed by its
// own feed server at one rate; returns what the page measured plus the
// renderer's busy share and packets stored vs sent.
import type { PlotLayout } from "../src/state/plotLayout/plotLayout";
import { FeedServer } from "../feed-server/FeedServer";
import { pollTurnarounds, type PollTiming } from "../feed-server/pollLog";
import { quantile } from "./strategyMeasures";
import {
  acceptedPackets,
  installProbe,
  parseRate,
  startMeasuring,
  probeFrames,
  summarise,
  type PageSummary,
} from "./browserPage";
import { startProfile, stopProfile, type ProfileRow } from "./browserProfile";
import type { PipeBrowser, PipePage } from "./pipeBrowser";
import { realisticPacket } from "./realisticPacket";

export const PACKET_TEXT = JSON.stringify(realisticPacket(1));

/** The middle value (the upper middle of an even count), NaN for none. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/** The median of timings where a miss is NaN: NaN if any run missed (a miss is not dropped). */
export const medianOfAll = (xs: number[]) => (xs.some(Number.isNaN) ? NaN : median(xs));

export const WARMUP_MS = 5_000; // loading screen gone, first series drawn
/**
 * Then warm up until the page has caught up: a page that connects to a feed
 * already at full rate starts behind (the app's own start-up takes the CPU
 * while packets queue) and drains that backlog at the rate it can spare. On a
 * slow machine the drain outlasts WARMUP_MS, and the measurement would time
 * the start-up instead of the steady state. Caught up: the worker's stored
 * count grows at the feed's rate (±CAUGHT_UP_TOLERANCE, or ±CAUGHT_UP_PACKETS
 * at low rates: the count arrives with the ~100 ms snapshots, so it moves in
 * steps) over CAUGHT_UP_WINDOWS windows of a second in a row. At most
 * CATCH_UP_LIMIT_MS: a page that never catches up is measured as it is, and
 * fails its budgets.
 */
export const CAUGHT_UP_TOLERANCE = 0.05;
export const CAUGHT_UP_PACKETS = 25;
export const CAUGHT_UP_WINDOWS = 2;
export const CATCH_UP_LIMIT_MS = 30_000;
export const COUNT_MS = 6_000;
const STARVED_MS = 90_000;
export const VIEWPORT = { width: 1920, height: 1080 };

interface RunOptions {
  rate: number;
  layout: PlotLayout;
  /** Simulated-time speed-up (the 1-hour window); 1 = live, wall-clock packet times. */
  speedup?: number;
  /** CDP CPU throttling of the renderer (1 = none). */
  cpuThrottle: number;
  measureMs: number;
  /** Count stored vs sent over a further interval (skipped by the rate search). */
  count?: boolean;
  /** Sample a CPU profile of the renderer during the measured interval. */
  profile?: boolean;
  /**
   * The backend link upgraded to a WebSocket (?upgrade=1, against a 2026-06
   * feed, whose upgrade works); default: kept on long-polling (?upgrade=0), as
   * this benchmark has always measured it.
   */
  webSocket?: boolean;
}

export interface RateResult extends PageSummary {
  /** Frames per second under the same load (probeFrames), median and 5th percentile. */
  fpsMedian: number;
  fpsP5: number;
  rate: number;
  label: string;
  busy: number;
  stored: number;
  sent: number;
  parsePps: number;
  /** The worker's stored count kept pace with the feed's sends during the measurement. */
  keptUp: boolean;
  /** Packets a second the feed really sent during the measurement (it may fall short of `rate`). */
  sentPps: number;
  /** From load to caught up (see CAUGHT_UP_WINDOWS), ms; NaN when it never did. */
  caughtUpMs: number;
  /**
   * Over long-polling, the browser's turnaround at the feed server while
   * measured (answer out → next GET in, ms; feed-server/pollLog.ts): median
   * and p95, NaN over a WebSocket.
   */
  pollTurnaroundMs: { median: number; p95: number };
  profile: ProfileRow[] | null;
}

/** Stops a poll log and gives the median and p95 of the turnarounds it holds. */
export function turnaroundOf(log: { timings: PollTiming[]; stop(): void }): {
  median: number;
  p95: number;
} {
  log.stop();
  const turnarounds = pollTurnarounds(log.timings);
  return { median: quantile(turnarounds, 0.5), p95: quantile(turnarounds, 0.95) };
}

const debug = (step: string) => {
  if (process.env.BENCH_DEBUG) console.log(`  [${new Date().toISOString().slice(11, 19)}] ${step}`);
};
/** How long the frame rate is probed after each measurement. */
const FPS_PROBE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runRate(
  browser: PipeBrowser,
  appUrl: string,
  options: RunOptions,
): Promise<RateResult> {
  const { rate, speedup = 1 } = options;
  // Live runs stamp packet time with the send time (latency is packet-to-screen);
  // the 1-hour run keeps simulated time so that an hour of history fits in seconds.
  const feed = await FeedServer.start({
    port: 0,
    ...(options.webSocket ? { generation: "2026-06" as const } : {}),
    rate,
    speedup,
    carDropout: 0,
    wallClockTimestamps: speedup === 1,
    encodeOncePerTick: true,
  });
  const page = await browser.newPage(VIEWPORT.width, VIEWPORT.height);
  // A page starved of CPU may never answer an evaluate: give up after a bound.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const starved = new Promise<"starved">((resolve) => {
    timer = setTimeout(() => resolve("starved"), STARVED_MS + options.measureMs);
  });
  try {
    const result = await Promise.race([measure(browser, appUrl, feed, page, options), starved]);
    if (result !== "starved") return result;
    console.log(
      `  (${rate}/s: the page did not answer within ${STARVED_MS / 1000} s; counted as failing)`,
    );
    return starvedResult(options);
  } finally {
    clearTimeout(timer);
    await page.close().catch(() => undefined);
    await feed.stop();
  }
}

async function measure(
  browser: PipeBrowser,
  appUrl: string,
  feed: FeedServer,
  page: PipePage,
  options: RunOptions,
): Promise<RateResult> {
  const { rate, layout, cpuThrottle, measureMs } = options;
  {
    // tsx keeps function names with a helper the page does not have.
    await page.addInitScript("globalThis.__name = (f) => f;");
    await page.addInitScript(installProbe, JSON.stringify(layout));
    await page.send("Performance.enable");
    if (cpuThrottle > 1) await page.send("Emulation.setCPUThrottlingRate", { rate: cpuThrottle });
    debug("goto");
    const loadedAt = Date.now();
    const upgrade = `&upgrade=${options.webSocket ? 1 : 0}`;
    await page.goto(`${appUrl}/plots?backend=${encodeURIComponent(feed.url)}${upgrade}`);
    const ready = layout.plots.length > 0 ? ".plot-card .uplot" : "[data-testid=plots-panel]";
    await page.waitForSelector(ready, 30_000);
    debug("ready");
    await sleep(WARMUP_MS);
    const caughtUpMs = await catchUp(page, feed, loadedAt);
    debug(`caught up after ${caughtUpMs} ms`);

    const busyAt = async () => {
      const { metrics } = (await page.send("Performance.getMetrics")) as {
        metrics: { name: string; value: number }[];
      };
      return metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
    };
    debug("start profile");
    if (options.profile) await startProfile(browser);
    debug("profiling");
    const acceptedNow = () => page.evaluate(acceptedPackets);
    const accepted0 = await acceptedNow();
    const sent0 = feed.sent;
    const busy0 = await busyAt();
    const wall0 = Date.now();
    const since = await page.evaluate(startMeasuring);
    const polls = feed.watchPolls();
    await sleep(measureMs);
    const pollTurnaroundMs = turnaroundOf(polls);
    debug("summarise");
    const summary = await page.evaluate(summarise, since);
    const busy = (await busyAt()) - busy0;
    const busyShare = busy / ((Date.now() - wall0) / 1000);
    // The counter arrives with the ~100 ms snapshots: allow 250 ms of packets in flight.
    const keptUp = feed.sent - sent0 - ((await acceptedNow()) - accepted0) <= rate * 0.25 + 10;
    // What the feed really sent: it sends at most MAX_RATE, and a starved feed skips its backlog.
    const sentPps = (feed.sent - sent0) / ((Date.now() - wall0) / 1000);
    debug("frame rate");
    const fps = await page.evaluate(probeFrames, FPS_PROBE_MS);
    debug("stop profile");
    const profile = options.profile ? await stopProfile(browser) : null;
    debug("count");

    // Stored vs sent, counted between two quiet points (the feed holds its
    // packets back until the worker's counter settles), over a further interval
    // at the same load, so the holds do not disturb the measurements above.
    let stored = NaN;
    let sent = NaN;
    if (options.count !== false) {
      ({ stored, sent } = await storedVsSent(feed, () => page.evaluate(acceptedPackets)));
    }
    // The JSON.parse rate of a real-shaped packet on this (maybe throttled) main thread.
    debug("parse rate");
    const parsePps = await page.evaluate(parseRate, PACKET_TEXT);
    const label = layout.plots.length > 0 ? fmt(rate) : `${fmt(rate)}, no plots (baseline)`;
    return {
      ...summary,
      ...fps,
      rate,
      label,
      busy: busyShare,
      stored,
      sent,
      parsePps,
      keptUp,
      sentPps,
      caughtUpMs,
      pollTurnaroundMs,
      profile,
    };
  }
}

function starvedResult(options: RunOptions): RateResult {
  const nan = NaN;
  return {
    frames: 0,
    fpsMedian: nan,
    fpsP5: nan,
    latencyMedianMs: nan,
    latencyP95Ms: nan,
    latencyMaxMs: nan,
    stallMaxMs: nan,
    latencySamples: 0,
    setDataPerFrame: nan,
    updateMsMedian: nan,
    updateMsP95: nan,
    updateMsMax: nan,
    staleResults: 0,
    errors: 0,
    longTasks: nan,
    longTaskTotalMs: nan,
    longTaskMaxMs: nan,
    slowdowns: 0,
    cadenceFactor: nan,
    slowReason: "",
    rate: options.rate,
    label: `${fmt(options.rate)}${options.layout.plots.length > 0 ? "" : ", no plots (baseline)"} (page starved)`,
    busy: nan,
    stored: nan,
    sent: nan,
    parsePps: nan,
    keptUp: false,
    sentPps: nan,
    caughtUpMs: NaN,
    pollTurnaroundMs: { median: nan, p95: nan },
    profile: null,
  };
}

/** "9.2 s" from load to caught up, or "never" (caughtUpMs is NaN). */
export function caughtUpText(caughtUpMs: number): string {
  return Number.isFinite(caughtUpMs) ? `${fmt(caughtUpMs / 1000, 1)} s` : "never";
}

/** Waits until the worker stores at the feed's rate (see CAUGHT_UP_WINDOWS); ms since load, or NaN. */
export async function catchUp(page: PipePage, feed: FeedServer, loadedAt: number): Promise<number> {
  let steady = 0;
  let accepted = await page.evaluate(acceptedPackets);
  let sent = feed.sent;
  while (Date.now() - loadedAt < CATCH_UP_LIMIT_MS) {
    await sleep(1000);
    const nowAccepted = await page.evaluate(acceptedPackets);
    const nowSent = feed.sent;
    const sentNow = nowSent - sent;
    const gap = Math.abs(nowAccepted - accepted - sentNow);
    const tolerance = Math.max(CAUGHT_UP_TOLERANCE * sentNow, CAUGHT_UP_PACKETS);
    steady = gap <= tolerance ? steady + 1 : 0;
    if (steady >= CAUGHT_UP_WINDOWS) return Date.now() - loadedAt;
    accepted = nowAccepted;
    sent = nowSent;
  }
  return NaN;
}

/** A counter once it stops moving (the pipeline has drained). */
/**
 * Stored vs sent over COUNT_MS at the feed's rate, counted between two quiet
 * points: the feed holds its packets back until the worker's accepted counter
 * (`accepted`) settles, so packets in flight are not counted as lost.
 */
export async function storedVsSent(
  feed: FeedServer,
  accepted: () => Promise<number>,
): Promise<{ stored: number; sent: number }> {
  const quiet = async () => {
    feed.pause();
    return { accepted: await settled(accepted), sent: feed.sent };
  };
  const before = await quiet();
  feed.resume();
  await sleep(COUNT_MS);
  const after = await quiet();
  return { stored: after.accepted - before.accepted, sent: after.sent - before.sent };
}

export async function settled(read: () => Promise<number>): Promise<number> {
  let last = await read();
  for (let i = 0; i < 40; i++) {
    await sleep(250);
    const now = await read();
    if (now === last && i >= 2) return now;
    last = now;
  }
  return last;
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits }) : "–";
