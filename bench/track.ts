// At the track (npm run bench:track, issue 63): the built app with its
// service worker, in headless Chromium.
// - offline_first_picture_ms: a race day recorded as bench:raceday builds it
//   (?demoDay=9, source DEMO), the network cut, a reload: navigation → the
//   first plot paint with the restored day on screen (watchRestore). The same
//   reload with the network on is measured in the same run, as the baseline.
// - season_rows_per_s, season_peak_mb: not measured here yet (see below).
// - phone_first_picture_ms, phone_busy_ratio: the pit view is not built yet.
// Options: --hours <h> (default 9), --reloads <n> (default 3, medians).
import { coresText, launchChromium, serveBuiltApp } from "./benchMachine";
import { fmt, VIEWPORT } from "./browserRun";
import { historyStatus, watchRestore } from "./racedayPage";
import { writeResultsSection } from "./resultsFile";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const HOURS = Number(option("--hours") ?? 9) || 9;
const RELOADS = Number(option("--reloads") ?? 3) || 3;
const RATE = 10;
const DAY_PACKETS = Math.round(HOURS * 3600 * RATE);
const DIST = process.env.BENCH_DIST ?? "dist";
const BUILD_LIMIT_MS = 15 * 60_000;
const RESTORE_LIMIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const today = () => new Date().toISOString().slice(0, 10);

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const browser = await launchChromium();
  const machine = `${coresText()}, Chromium ${browser.version()} headless`;
  console.log(`machine: ${machine}`);
  try {
    const context = await browser.newContext({ serviceWorkers: "allow", viewport: VIEWPORT });
    // tsx names functions with a helper the page lacks (as bench:raceday does).
    await context.addInitScript("globalThis.__name = (f) => f;");
    const page = await context.newPage();
    const query = `offline=1&demoRate=${RATE}`;
    await page.goto(`${server.url}/plots?${query}&demoDay=${HOURS}`);
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      let entries = 0;
      for (const key of await caches.keys())
        entries += (await (await caches.open(key)).keys()).length;
      return entries;
    });
    console.log(`service worker active: ${cached} files cached`);
    console.log(`building ${fmt(HOURS, 1)} h at ${RATE} packets/s (${fmt(DAY_PACKETS)} packets) …`);
    const start = Date.now();
    let rows = 0;
    for (;;) {
      const status = await page.evaluate(historyStatus);
      rows = status.length;
      if (!status.building && rows >= DAY_PACKETS * 0.999) break;
      if (Date.now() - start > BUILD_LIMIT_MS) throw new Error(`not built: ${status.text}`);
      await sleep(1000);
    }
    console.log(`built in ${fmt((Date.now() - start) / 1000, 1)} s: ${fmt(rows)} rows`);
    await sleep(5000); // the recorder's last flushes

    // Alternated, so a drift of the machine falls on both.
    const online: number[] = [];
    const offline: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      for (const cut of [false, true]) {
        await context.setOffline(cut);
        await page.goto(`${server.url}/plots?${query}`);
        const restored = await page.evaluate(watchRestore, {
          rows: Math.floor(rows * 0.95),
          limitMs: RESTORE_LIMIT_MS,
        });
        (cut ? offline : online).push(restored.firstMs);
        console.log(`reload ${i + 1}, network ${cut ? "cut" : "on"}: ${fmt(restored.firstMs)} ms`);
        await sleep(3000);
      }
    }
    await context.setOffline(false);
    const offlineMs = median(offline);
    const onlineMs = median(online);
    const figures = [
      "| measure | median | budget |",
      "|---|---|---|",
      `| reload with the network cut → first picture of the day | ${fmt(offlineMs)} ms | ≤ 3,000 ms |`,
      `| the same reload, network on (baseline) | ${fmt(onlineMs)} ms | – |`,
      `| cut ÷ on | ${fmt(offlineMs / onlineMs, 2)} | – |`,
      "| phone first picture, phone busy ratio | not measured: the pit view is not built | ≤ 2,000 ms, ≤ 1.2 |",
      "| season export rows/s, peak MB | not measured in this run | ≥ 30,000, ≤ 100 MB |",
    ].join("\n");
    console.log(`\n${figures}\n`);
    const result = `RESULT offline_first_picture_ms=${Math.round(offlineMs)} phone_first_picture_ms=NaN phone_busy_ratio=NaN season_rows_per_s=NaN season_peak_mb=NaN`;
    await writeResultsSection(
      "## At the track (npm run bench:track)",
      [
        `Measured ${today()} on ${machine}. The built app with its service worker on /plots (${VIEWPORT.width}×${VIEWPORT.height}); ?demoDay=${HOURS} builds ${fmt(HOURS, 1)} h at ${RATE} packets/s (${fmt(rows)} rows, recorded as the DEMO session). Then ${RELOADS} reloads without ?demoDay with the network cut (Playwright's setOffline: the app comes from the service worker's cache) alternated with ${RELOADS} with it on; navigation → the first plot paint with the day on screen, as bench:raceday's restore. Medians.`,
        "",
        figures,
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
