// Start-up with the service worker on (bench:track; issue 63: "the offline
// app keeps every figure: the bundle budget and the start-up time are
// measured with the service worker on"). DESIGN.md's first-load budget: the
// first packet on screen ≤ 1.5 s after the loading screen; the map and plot
// code split out of the first bundle.
// - First bundle: what index.html loads before any tab is shown (its entry
//   script, module preloads and stylesheets), read from the built files.
// - Start-up: each round is a fresh profile. Its first visit comes from the
//   network (the preview server) and installs the service worker; a reload
//   then comes from the service worker's cache. Both are measured in the same
//   round, against the feed server at 10 packets/s (a real backend's path):
//   navigation → the loading screen's first frame, → its removal, → the first
//   frame whose status bar shows a packet's time.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { FeedServer } from "../feed-server/FeedServer";
import { medianOfAll, VIEWPORT } from "./browserRun";

/** Chunks of the map and the plots (vite names a chunk after its module). */
const SPLIT_OUT = /^(LeafletMap|PlotsPanel|uPlot|leaflet)/i;
const LIMIT_MS = 30_000;

export interface FirstBundle {
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** Map or plot chunks found in the first bundle (none when they are split out). */
  mapOrPlotInside: string[];
}

export interface StartupFigures {
  bundle: FirstBundle;
  /** Medians over the rounds, ms from navigation start. */
  network: LoadTimes;
  serviceWorker: LoadTimes;
  /** Reloads that the service worker did not control (should be 0). */
  uncontrolled: number;
}

export interface LoadTimes {
  shellMs: number;
  loadingGoneMs: number;
  firstPacketMs: number;
  /** The first packet on screen after the loading screen went (0 if it was there already). */
  afterLoadingMs: number;
}

export function firstBundle(dist: string): FirstBundle {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const refs = [
    ...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1]!);
  let bytes = 0;
  let gzipBytes = 0;
  for (const ref of refs) {
    const body = readFileSync(join(dist, ref));
    bytes += body.length;
    gzipBytes += gzipSync(body).length;
  }
  const names = refs.map((ref) => ref.split("/").pop()!);
  return {
    files: names,
    bytes,
    gzipBytes,
    mapOrPlotInside: names.filter((n) => SPLIT_OUT.test(n)),
  };
}

/** Page init script: the frames at which the shell, the loading screen's end and a packet showed. */
function watchStartup(): void {
  const w = window as unknown as { startup?: Record<string, number> };
  const marks: Record<string, number> = {};
  w.startup = marks;
  const step = () => {
    const now = performance.now();
    const screen = document.querySelector("[data-testid=loading-screen]");
    if (screen && marks.shell === undefined) marks.shell = now;
    if (!screen && marks.shell !== undefined && marks.gone === undefined) marks.gone = now;
    const last = document.querySelector("[data-testid=status-last-packet]")?.textContent ?? "";
    if (/\d/.test(last) && marks.packet === undefined) marks.packet = now;
    if (marks.gone === undefined || marks.packet === undefined) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

async function timesOf(page: Page): Promise<LoadTimes> {
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    const marks = await page.evaluate(
      () => (window as unknown as { startup?: Record<string, number> }).startup ?? {},
    );
    if ((marks.gone !== undefined && marks.packet !== undefined) || Date.now() > deadline) {
      const gone = marks.gone ?? NaN;
      const packet = marks.packet ?? NaN;
      return {
        shellMs: marks.shell ?? NaN,
        loadingGoneMs: gone,
        firstPacketMs: packet,
        afterLoadingMs: Math.max(gone, packet) - gone,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const medians = (loads: LoadTimes[]): LoadTimes => ({
  shellMs: medianOfAll(loads.map((l) => l.shellMs)),
  loadingGoneMs: medianOfAll(loads.map((l) => l.loadingGoneMs)),
  firstPacketMs: medianOfAll(loads.map((l) => l.firstPacketMs)),
  afterLoadingMs: medianOfAll(loads.map((l) => l.afterLoadingMs)),
});

export async function measureStartup(
  appUrl: string,
  dist: string,
  browser: Browser,
  rounds: number,
  log: (line: string) => void,
): Promise<StartupFigures> {
  const feed = await FeedServer.start({ port: 0, host: "127.0.0.1", rate: 10, carDropout: 0 });
  const network: LoadTimes[] = [];
  const cached: LoadTimes[] = [];
  let uncontrolled = 0;
  const show = (t: LoadTimes) =>
    `shell ${Math.round(t.shellMs)} ms, loading screen gone ${Math.round(t.loadingGoneMs)} ms, first packet ${Math.round(t.firstPacketMs)} ms (${Math.round(t.afterLoadingMs)} ms after the screen)`;
  try {
    for (let i = 0; i < rounds; i++) {
      const context = await browser.newContext({ serviceWorkers: "allow", viewport: VIEWPORT });
      try {
        await context.addInitScript("globalThis.__name = (f) => f;");
        await context.addInitScript(watchStartup);
        const page = await context.newPage();
        await page.goto(`${appUrl}/?backend=${encodeURIComponent(feed.url)}`);
        network.push(await timesOf(page));
        await page.evaluate(async () => void (await navigator.serviceWorker.ready));
        await page.reload();
        if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
          uncontrolled++;
        cached.push(await timesOf(page));
        log(`round ${i + 1}: first visit: ${show(network.at(-1)!)}`);
        log(`round ${i + 1}: reload from the service worker: ${show(cached.at(-1)!)}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await feed.stop();
  }
  return {
    bundle: firstBundle(dist),
    network: medians(network),
    serviceWorker: medians(cached),
    uncontrolled,
  };
}
