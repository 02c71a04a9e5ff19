// Notes benchmark (npm run bench:notes, issue 61): the built app in headless
// Chromium, the DEMO source first building a 9-hour day at 10 packets/s
// (?demoDay=9), then going on live; times read on a clock where it is about
// 21:00, so "Today" holds the day. 1,000 notes spread over the day (a fifth
// of them ranges) are imported through the app's own import (a test hook,
// ?e2eHooks=1). It measures:
// - notes_fps, notes_latency_p95_ms: the 12 line plots of bench:browser at
//   "Today", each drawing the notes in its window, as bench:raceday measures;
// - note_to_other_window_p95_ms: a second window of the same profile (one
//   core) shows its Notes tab; a note made in the first (wall clock just
//   before it is asked) until the second's list holds it (p95 of 50);
// - notes_filter_ms: a query typed into the second window's Notes search,
//   over the 1,000 notes, to the list's change painted (p95 of 20);
// - layout_switch_ms: two saved layouts of 12 line plots each at "Today"
//   (the plots of bench:browser, and 12 others of other fields), switched
//   between from the layout menu in the first window: from the click on the
//   layout's name until each of its 12 plots has painted its first picture
//   with data and a frame has gone by (p95 of 20 switches).
// Options: --hours <h> (default 9), --notes <n> (default 1000), --record (writeResultsSection).
import { coresText, serveBuiltApp } from "./benchMachine";
import { benchLayout, installProbe, probeFrames, startMeasuring, summarise } from "./browserPage";
import { fmt } from "./browserRun";
import { waitDayBuilt } from "./demoDayBuild";
import { eveningZone, LOCAL_HOUR_NOW } from "./eveningZone";
import {
  filterTimes,
  importNotesFile,
  notesSeenAt,
  layoutSwitchMs,
  notesShown,
  noteNowAt,
  seedLayouts,
  watchNotes,
} from "./notesPage";
import { PipeBrowser, type PipePage } from "./pipeBrowser";
import { writeResultsSection } from "./resultsFile";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const HOURS = Number(option("--hours") ?? 9) || 9;
const NOTES = Number(option("--notes") ?? 1000) || 1000;
const RATE = 10;
const DAY_PACKETS = Math.round(HOURS * 3600 * RATE);
const DIST = process.env.BENCH_DIST ?? "dist";
const MEASURE_MS = 10_000;
const VIEWPORT = { width: 1920, height: 1200 };
const CROSS_WINDOW_RUNS = 50;
const FILTER_RUNS = 20;
const LAYOUT_SWITCHES = 20;

/** The two saved layouts switched between: bench:browser's 12 plots, and 12 of other fields. */
function switchLayouts(): string {
  const first = benchLayout("today");
  const others = [
    ["Battery.HighCellVoltage", "Battery.LowCellVoltage", "Battery.AverageCellVoltage"],
    ["Battery.HighTemperature", "Battery.LowTemperature", "Battery.AverageTemperature"],
    ["MotorDetails0.BusCurrent", "MotorDetails1.BusCurrent", "MotorDetails0.HeatsinkTemperature"],
    ["MPPT.Mppt2Ch0ArrayVoltage", "MPPT.Mppt2Ch0ArrayCurrent", "MPPT.Mppt3Ch0ArrayCurrent"],
  ];
  const second = {
    ...first,
    plots: first.plots.map((_, i) => ({ id: `alt-${i}`, fields: others[i % others.length]! })),
  };
  const workspace = (plots: typeof first) => ({
    tab: "plots",
    plots,
    map: {
      colorField: "MotorDetails0.VehicleVelocity",
      follow: true,
      alertPins: true,
      pinSeverities: ["critical", "warning", "info"],
    },
    hiddenTiles: [],
  });
  const saved = [
    { id: "bench-a", name: "Bench A", workspace: workspace(first), savedAt: 0 },
    { id: "bench-b", name: "Bench B", workspace: workspace(second), savedAt: 0 },
  ];
  return JSON.stringify({ version: 2, layouts: saved });
}

async function layoutSwitches(page: PipePage): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LAYOUT_SWITCHES; i++) {
    const [name, idPrefix] = i % 2 === 0 ? ["Bench B", "alt-"] : ["Bench A", "bench-"];
    times.push(await page.evaluate(layoutSwitchMs, { name, idPrefix, plots: 12 }));
    await sleep(1000); // the plots settle into live refresh before the next switch
  }
  return times;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const today = () => new Date().toISOString().slice(0, 10);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * (xs.length - 1))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** `n` notes spread evenly over the day that ends now; every fifth a range of a minute. */
function notesFile(n: number, dayEndS: number): string {
  const start = dayEndS - HOURS * 3600;
  const tags = ["driver", "weather", "battery", "strategy", "pit"];
  const notes = Array.from({ length: n }, (_, i) => {
    const from = start + ((i + 0.5) * HOURS * 3600) / n;
    return {
      from,
      to: i % 5 === 0 ? from + 60 : null,
      text: `Bench note ${i + 1}: ${i % 2 ? "rain from the west" : "driver swap"}`,
      tags: [tags[i % tags.length]!],
      colour: (["blue", "green", "orange", "red", "violet", "grey"] as const)[i % 6],
      window: "Window 1",
    };
  });
  return JSON.stringify({ format: "helios-notes", version: 1, notes });
}

async function crossWindow(a: PipePage, b: PipePage): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < CROSS_WINDOW_RUNS; i++) {
    const items = await b.evaluate(notesShown);
    const at = await a.evaluate(noteNowAt, `Cross-window note ${i + 1}`);
    let seen: number | null = null;
    for (let waited = 0; seen === null && waited < 5000; waited += 20) {
      await sleep(20);
      seen = await b.evaluate(notesSeenAt, items + 1);
    }
    if (seen !== null) latencies.push(seen - at);
    await sleep(150);
  }
  return latencies;
}

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const browser = await PipeBrowser.launch();
  const machine = `${coresText()}, Chromium ${browser.version()} headless (software rendering)`;
  console.log(`machine: ${machine}`);
  try {
    const zone = eveningZone();
    const a = await browser.newPage(VIEWPORT.width, VIEWPORT.height);
    await a.addInitScript("globalThis.__name = (f) => f;");
    await a.addInitScript(installProbe, JSON.stringify(benchLayout("today")));
    await a.addInitScript(seedLayouts, switchLayouts());
    await a.addInitScript(() =>
      localStorage.setItem("settings", JSON.stringify({ timesIn: "computer" })),
    );
    await a.send("Emulation.setTimezoneOverride", { timezoneId: zone });
    const query = new URLSearchParams({
      offline: "1",
      demoRate: String(RATE),
      demoDay: String(HOURS),
      e2eHooks: "1",
    });
    await a.goto(`${server.url}/plots?${query}`);
    await a.waitForSelector(".plot-card .uplot", 60_000);
    console.log(`building ${fmt(HOURS, 1)} h at ${RATE} packets/s (${fmt(DAY_PACKETS)} packets) …`);
    const built = await waitDayBuilt(a, DAY_PACKETS);
    console.log(`\rbuilt in ${fmt(built.ms / 1000, 1)} s: ${fmt(built.rows)} rows in the history`);
    const imported = await a.evaluate(importNotesFile, {
      text: notesFile(NOTES, Date.now() / 1000),
      name: "bench-notes.json",
    });
    console.log(`notes: ${imported}`);
    if (!imported.startsWith("added")) throw new Error(`the notes were not imported: ${imported}`);
    await sleep(5000); // the plots' pictures with the notes

    const since = await a.evaluate(startMeasuring);
    await sleep(MEASURE_MS);
    const summary = await a.evaluate(summarise, { since, packetIntervalMs: 1000 / RATE });
    const fps = await a.evaluate(probeFrames, 3000);

    // A second window of the profile, on its Notes tab.
    const b = await browser.newPage(1280, 900, a);
    await b.addInitScript("globalThis.__name = (f) => f;");
    await b.send("Emulation.setTimezoneOverride", { timezoneId: zone });
    await b.goto(`${server.url}/notes?${query}`);
    await b.waitForSelector('[aria-label="Notes, oldest first"] .helios-note', 60_000);
    await sleep(2000);
    const shownInB = await b.evaluate(notesShown);
    await b.evaluate(watchNotes);
    const cross = await crossWindow(a, b);
    const queries = Array.from(
      { length: FILTER_RUNS },
      (_, i) => ["weather", "", "rain west", "", "note 99", ""][i % 6]!,
    );
    const filters = await b.evaluate(filterTimes, queries);
    const switches = await layoutSwitches(a);

    const figures = [
      "| measure | value | budget |",
      "|---|---|---|",
      `| notes in the day / in the second window's list | ${fmt(NOTES)} / ${fmt(shownInB)} | 1,000 |`,
      `| day built (${fmt(built.rows)} packets) | ${fmt(built.ms / 1000, 1)} s | – |`,
      `| fps median / p5, 12 plots at Today with the notes | ${fmt(fps.fpsMedian, 1)} / ${fmt(fps.fpsP5, 1)} | ≥ 55 |`,
      `| latency p95 (per packet) | ${fmt(summary.latencyP95Ms)} ms | ≤ 100 ms |`,
      `| long tasks (n / max ms) | ${summary.longTasks} / ${fmt(summary.longTaskMaxMs)} | 0 |`,
      `| a note to the other window, p95 / median (${cross.length} of ${CROSS_WINDOW_RUNS} seen) | ${fmt(p95(cross))} / ${fmt(median(cross))} ms | ≤ 200 ms |`,
      `| Notes search over ${fmt(NOTES)} notes, p95 / median (${filters.length} queries) | ${fmt(p95(filters), 1)} / ${fmt(median(filters), 1)} ms | ≤ 50 ms |`,
      `| layout switch to 12 plots painted, p95 / median (${switches.length} switches) | ${fmt(p95(switches))} / ${fmt(median(switches))} ms | ≤ 300 ms |`,
    ].join("\n");
    console.log(`\n${figures}\n`);
    const result = `RESULT notes=${NOTES} notes_fps=${Math.round(fps.fpsMedian)} notes_latency_p95_ms=${Math.round(summary.latencyP95Ms)} note_to_other_window_p95_ms=${Math.round(p95(cross))} layout_switch_ms=${Math.round(p95(switches))} notes_filter_ms=${fmt(p95(filters), 1)}`;
    await writeResultsSection(
      "## Notes (npm run bench:notes)",
      [
        `Measured ${today()} on ${machine}. The built app with ?demoDay=${HOURS}: the DEMO source builds ${fmt(HOURS, 1)} h at ${RATE} packets/s ending now, then goes on live at ${RATE} packets/s; times are read in ${zone} (about ${LOCAL_HOUR_NOW}:00 there), so "Today" holds the day. ${fmt(NOTES)} notes spread over the day (every fifth a range of a minute) are imported through the app's import. Fps and latency as bench:raceday measures them, over ${MEASURE_MS / 1000} s, with the 12 line plots of bench:browser at "Today" (${VIEWPORT.width}×${VIEWPORT.height}), each drawing the notes in its window. A second window of the same profile shows the Notes tab: a note made in the first, from the wall clock just before it is asked until the second's list holds it (${CROSS_WINDOW_RUNS} notes, 150 ms apart); then ${FILTER_RUNS} queries typed into its search, each to the list's change painted. Then ${LAYOUT_SWITCHES} layout switches in the first window, alternating between two saved layouts of 12 line plots at "Today" (bench:browser's, and 12 of other fields): from the click on the layout's name in the layout menu until each of the 12 plots has painted its first picture with data, and a frame has gone by.`,
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
