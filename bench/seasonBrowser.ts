// The season export in the built app, in Chromium (bench:track; issue 63's
// budget: 10 sessions of 1 hour at 10 Hz at ≥ 30,000 rows/s, with the page
// and every worker together ≤ 100 MB above their resting level).
// - The sessions: one hour of real-shaped packets (the export benchmarks'
//   fixture) written as a CSV file by the worker's own exporter, imported
//   `sessions` times through the app's Import (each import is saved as a
//   session of its own), then a reload, so the imports' rows leave memory.
// - The folder: showDirectoryPicker answers with a folder that counts bytes
//   and keeps none, as a disk would (the File System Access API writes
//   outside the page's memory).
// - Rows/s: Export season (every session; the live DEMO session is one more,
//   a few hundred rows) from the click to the outcome the Sessions tab says.
// - Memory: the JS heaps and ArrayBuffer stores of the page and every worker
//   (CDP, racedayMemory.ts). Rest: after a full collection, before the export.
//   Peak: sampled every 250 ms during a second export, garbage not yet
//   collected included (what the machine gives the browser); held: the same
//   during a third, each sample after a full collection (what the export keeps).
import { CsvExporter, EVERY_FIELD_REQUEST } from "../workers/telemetry/csv/CsvExporter";
import { NUMERIC_FIELDS } from "../workers/telemetry/schema/fields";
import { filledStore } from "./exportFixture";
import { PipeBrowser, type PipePage } from "./pipeBrowser";
import { fmt } from "./browserRun";
import { threadTicks, threadUse } from "./threadCpu";
import { profileLines, profileThreads } from "./threadsProfile";
import { followWorkers, measureMemory, measureSharedWorkers, targetName } from "./racedayMemory";

export interface SeasonBrowserFigures {
  sessions: number;
  rows: number;
  rowsPerS: number;
  exportMs: number;
  restMb: number;
  peakMb: number;
  /** The same, sampled after full collections: what the export keeps. */
  heldMb: number;
}

type Log = (line: string) => void;

const HOUR_ROWS = 36_000;
const SAMPLE_MS = 250;
const EXPORT_LIMIT_MS = 10 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** BENCH_SEASON_TRACE=1: every memory sample, by thread (what makes the peak, and when). */
const TRACE = Boolean(process.env.BENCH_SEASON_TRACE);
const parts = (taken: Map<string, number>) =>
  [...taken]
    .filter(([, mb]) => mb >= 1)
    .map(([name, mb]) => `${name} ${fmt(mb, 1)}`)
    .join(", ");

/** One hour of the fixture's packets as the app's own CSV export writes them. */
function hourCsv(): string {
  const store = filledStore(HOUR_ROWS);
  const time = NUMERIC_FIELDS.indexOf("TimeStamp");
  const exporter = new CsvExporter(store.ring, { ...EVERY_FIELD_REQUEST }, "DEMO", time);
  const parts: string[] = [];
  while (!exporter.done) parts.push(exporter.nextChunk(2000));
  return parts.join("");
}

/** A folder that counts what is written and keeps nothing (page init script). */
function countingFolder(): void {
  const state = { bytes: 0 };
  Object.assign(window, { seasonBytes: state });
  const dir = (name: string): unknown => ({
    name,
    getDirectoryHandle: async (child: string) => dir(child),
    getFileHandle: async () => ({
      createWritable: async () => ({
        write: async (data: Uint8Array) => void (state.bytes += data.byteLength),
        close: async () => undefined,
        abort: async () => undefined,
      }),
    }),
    removeEntry: async () => undefined,
  });
  Object.assign(window, { showDirectoryPicker: async () => dir("Season") });
}

type Targets = () => Parameters<typeof measureMemory>[1];

/** Held memory of the page, its workers and the app's shared workers, after full collections. */
async function restingMb(browser: PipeBrowser, targets: Targets, origin: string, log: Log) {
  const rows = [
    ...(await measureMemory(browser, targets())),
    ...(await measureSharedWorkers(browser, origin, true)),
  ];
  for (const t of rows)
    log(
      `  at rest: ${targetName(t)} ${fmt(t.heapMb, 1)} MB heap + ${fmt(t.buffersMb, 1)} MB buffers`,
    );
  return rows.reduce((sum, t) => sum + t.heapMb + (t.buffersMb || 0), 0);
}

/**
 * A sample during work, by target: without a collection first (garbage not
 * collected yet included: what the machine holds), or after one (`collect`:
 * what the export itself keeps).
 */
async function sampleMb(browser: PipeBrowser, targets: Targets, origin: string, collect: boolean) {
  const byTarget = new Map<string, number>();
  const add = (name: string, mb: number) => byTarget.set(name, (byTarget.get(name) ?? 0) + mb);
  for (const t of targets()) {
    if (collect)
      await browser.send("HeapProfiler.collectGarbage", {}, t.sessionId).catch(() => undefined);
    const usage = await browser.send("Runtime.getHeapUsage", {}, t.sessionId).catch(() => null);
    const mb = (Number(usage?.usedSize ?? 0) + Number(usage?.backingStorageSize ?? 0)) / 1e6;
    if (usage) add(targetName(t), mb);
  }
  // A shared worker's heap and ArrayBuffer stores apart: which one the peak is made of.
  for (const t of await measureSharedWorkers(browser, origin, collect)) {
    add(`${targetName(t)} heap`, t.heapMb);
    add(`${targetName(t)} buffers`, t.buffersMb || 0);
  }
  return byTarget;
}

/** Exports again while sampling; the largest sum over targets, and its parts. */
async function peakDuringExport(
  page: PipePage,
  sample: () => Promise<Map<string, number>>,
  log: Log,
): Promise<number> {
  await sleep(2000); // a new folder name (it has the second in it)
  let peakMb = 0;
  let peakTargets = new Map<string, number>();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const taken = await sample();
      const total = [...taken.values()].reduce((a, b) => a + b, 0);
      if (TRACE) log(`  sample: ${fmt(total, 1)} MB, ${parts(taken)}`);
      if (total > peakMb) [peakMb, peakTargets] = [total, taken];
      await sleep(SAMPLE_MS);
    }
  })();
  const sampled = await exportSeason(page);
  sampling = false;
  await sampler;
  log(`  ${sampled.text}`);
  for (const [name, mb] of peakTargets) log(`  at the peak: ${name} ${fmt(mb, 1)} MB`);
  return peakMb;
}

/** Clicks Export season and waits for the outcome: the rows it says, and ms taken. */
async function exportSeason(
  page: PipePage,
): Promise<{ sessions: number; rows: number; ms: number; text: string }> {
  return page.evaluate(async (limitMs: number) => {
    const outcome = () =>
      document.querySelector("[data-testid=season-export-outcome]")?.textContent ?? "";
    const before = outcome();
    const start = performance.now();
    (document.querySelector("[data-testid=season-export-start]") as HTMLButtonElement).click();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const text = outcome();
      if (text !== before && /Exported|failed|cancelled|room/.test(text)) {
        const match = /Exported ([\d,]+) sessions? \(([\d,]+) rows\)/.exec(text);
        const count = (i: number) => (match ? Number(match[i]!.replace(/,/g, "")) : NaN);
        return { sessions: count(1), rows: count(2), ms: performance.now() - start, text };
      }
      if (performance.now() - start > limitMs) return { sessions: NaN, rows: NaN, ms: NaN, text };
    }
  }, EXPORT_LIMIT_MS);
}

export async function measureSeasonInBrowser(
  appUrl: string,
  sessions: number,
  log: Log,
): Promise<SeasonBrowserFigures> {
  const csv = hourCsv();
  const browser = await PipeBrowser.launch();
  try {
    const page = await browser.newPage(1440, 900);
    await page.addInitScript("globalThis.__name = (f) => f;");
    await page.addInitScript(countingFolder);
    const targets = await followWorkers(browser, page);
    const url = `${appUrl}/sessions?offline=1&demoRate=10&e2eHooks=1`;
    await page.goto(url);
    await page.waitForSelector("[data-testid=season-export-start]", 60_000);
    await page.waitForSelector("[data-testid=session-row]", 60_000);
    await page.evaluate((text: string) => void Object.assign(window, { hourCsv: text }), csv);
    for (let i = 1; i <= sessions; i++) {
      const report = await page.evaluate(async (name: string) => {
        const w = window as unknown as {
          hourCsv: string;
          heliosTest: {
            importCsv(t: string, n: string): Promise<{ ok: boolean; message: string }>;
          };
        };
        return w.heliosTest.importCsv(w.hourCsv, name);
      }, `hour-${i}.csv`);
      if (!report.ok) throw new Error(`import ${i} failed: ${report.message}`);
      log(`imported session ${i} of ${sessions}`);
    }
    await page.goto(url);
    await page.waitForSelector("[data-testid=session-row]", 60_000);
    await sleep(5000); // the app's start-up settles
    const restMb = await restingMb(browser, targets, appUrl, log);

    if (process.env.BENCH_SEASON_PROFILE) {
      // An extra export, sampled on every thread (slower: not the timed one).
      const named = targets().map((t) => ({ sessionId: t.sessionId, name: targetName(t) }));
      const stop = await profileThreads(browser, named, appUrl);
      const profiled = await exportSeason(page);
      log(`profiled export (${fmt(profiled.ms, 0)} ms): ${profiled.text}`);
      for (const line of profileLines(await stop())) log(line);
      await sleep(2000); // a new folder name (it has the second in it)
    }
    const ticks = threadTicks();
    const timed = await exportSeason(page);
    if (!Number.isFinite(timed.rows)) throw new Error(`the export did not finish: ${timed.text}`);
    log(`export 1 (timed): ${timed.text}`);
    for (const t of threadUse(ticks, threadTicks(), timed.ms / 1000).slice(0, 6))
      log(`  CPU while timed: ${t.processType} ${t.comm} ${fmt(t.msPerSecond, 0)} ms/s`);

    log("export 2, memory sampled as it is:");
    const peakMb = await peakDuringExport(
      page,
      () => sampleMb(browser, targets, appUrl, false),
      log,
    );
    log("export 3, memory sampled after a full collection:");
    const heldMb = await peakDuringExport(
      page,
      () => sampleMb(browser, targets, appUrl, true),
      log,
    );
    return {
      sessions: timed.sessions,
      rows: timed.rows,
      exportMs: timed.ms,
      rowsPerS: timed.rows / (timed.ms / 1000),
      restMb,
      peakMb: peakMb - restMb,
      heldMb: heldMb - restMb,
    };
  } finally {
    await browser.close();
  }
}
