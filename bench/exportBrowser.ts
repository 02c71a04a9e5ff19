// CSV export in the browser (npm run bench:export-browser): the budget
// "no main-thread task over 50 ms while exporting", measured. DEMO fills a
// large history, then the export dialog writes every field of it with the
// defaults while a PerformanceObserver records the main thread's long tasks.
// Baseline in the same run: the same page, dialog open, idle for as long.
import { statSync } from "node:fs";
import { coresText, launchChromium, serveBuiltApp } from "./benchMachine";
import { NO_BACKEND_URL } from "../tests/noBackendUrl";
import { writeResultsSection } from "./resultsFile";

const DIST = process.env.BENCH_DIST ?? "dist";
const rowsArg = process.argv.indexOf("--rows");
const ROWS = rowsArg > 0 ? Math.max(1000, Number(process.argv[rowsArg + 1]) || 0) : 50_000;
const DEMO_RATE = 5000;

// Plain text, not a function: Playwright would serialise a compiled function
// together with the bundler's helpers, which do not exist in the page.
const PROBE = `
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
`;

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const appUrl = server.url;
  const browser = await launchChromium();
  const machine = `${coresText()}, Chromium ${browser.version()} headless`;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: PROBE });
    page.on("pageerror", (error) => console.error("page error:", error.message));
    const backend = encodeURIComponent(NO_BACKEND_URL);
    await page.goto(`${appUrl}/?backend=${backend}&demoRate=${DEMO_RATE}&capacity=${ROWS}`);
    process.stdout.write(`DEMO filling ${ROWS.toLocaleString("en-US")} packets … `);
    await page
      .getByTestId("status-history")
      .filter({ hasText: `${ROWS.toLocaleString("en-US")} / ` })
      .waitFor({ timeout: 300_000 });
    console.log("full");

    await page.keyboard.press("e");
    const dialog = page.getByRole("dialog", { name: "Export CSV" });
    await dialog.waitFor();
    const takeLongTasks = () =>
      page.evaluate(() => {
        const w = window as unknown as { __benchLongTasks: [number, number][] };
        return w.__benchLongTasks.splice(0);
      });
    await page.waitForTimeout(1000);
    await takeLongTasks();
    await page.waitForTimeout(5000);
    const idle = (await takeLongTasks()).map(([, ms]) => ms);

    const downloadPromise = page.waitForEvent("download", { timeout: 600_000 });
    const started = performance.now();
    const pageStarted = await page.evaluate(() => performance.now());
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const download = await downloadPromise;
    await page
      .getByTestId("csv-message")
      .filter({ hasText: "Exported" })
      .waitFor({ timeout: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    const duringAt = await takeLongTasks();
    const during = duringAt.map(([, ms]) => ms);
    // When in the export each long task began (s), to tell steady work from the final Blob.
    console.log(
      "long tasks during export (start s: ms):",
      duringAt
        .map(([at, ms]) => `${((at - pageStarted) / 1000).toFixed(1)}: ${Math.round(ms)}`)
        .join(", "),
    );
    const bytes = statSync((await download.path())!).size;

    const over = (tasks: number[]) => tasks.filter((ms) => ms > 50);
    const describe = (tasks: number[]) =>
      `${over(tasks).length} (longest ${Math.round(Math.max(0, ...tasks))} ms)`;
    const fmt = (n: number) => n.toLocaleString("en-US");
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. DEMO at ${fmt(DEMO_RATE)} packets/s fills a history of ${fmt(ROWS)} packets and keeps running; the export dialog (key e) writes it with the defaults (every field, whole history, every packet) and the file is downloaded. Long tasks are the main thread's, from a PerformanceObserver ("longtask", tasks of 50 ms or more).`,
      "",
      "| run | duration | long tasks > 50 ms (longest) |",
      "|---|---|---|",
      `| baseline: dialog open, idle | 5.0 s | ${describe(idle)} |`,
      `| export of ${fmt(ROWS)} rows (${fmt(Math.round(bytes / 1e6))} MB) | ${seconds.toFixed(1)} s (${fmt(Math.round(ROWS / seconds))} rows/s) | ${describe(during)} |`,
      "",
      "Budget: no main-thread task over 50 ms while exporting.",
    ];
    const result = `RESULT browser_export_long_tasks=${over(during).length} browser_export_longest_task_ms=${Math.round(Math.max(0, ...during))} idle_long_tasks=${over(idle).length} rows=${ROWS} bytes=${bytes} seconds=${seconds.toFixed(1)}`;
    console.log(lines.join("\n"));
    console.log(result);
    await writeResultsSection(
      "## CSV export in the browser (npm run bench:export-browser)",
      lines,
      result,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
