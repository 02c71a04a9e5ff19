// State timelines benchmark (npm run bench:states, issue 60): the built app
// in headless Chromium, the DEMO source first building a 9-hour day at 10
// packets/s (?demoDay=9), then going on live. The page reads times on a clock
// where it is about 21:00 now (a fixed-offset zone, Settings → this
// computer's), so "Today" holds the whole day whenever the bench runs; the
// demo keeps the computer's clock (no ?demoClock), so latency is packet time
// to screen. On the Plots tab: six state timeline plots
// (battery errors, battery warnings, motor 0 error and limit bits, MBMS
// codes, driver inputs, array contactor) above the 12 line plots of
// bench:browser, all at "Today". Into the day, the DEMO source injects six
// states one packet long (?demoInject), one per timeline, spread over it. It
// measures:
// - states_fps, states_latency_p95_ms: as bench:raceday measures them, with
//   every plot on screen;
// - states_redraw_p95_ms: after a drag-zoom on a timeline, the main thread's
//   time to redraw the six timelines, summed per zoom (with the line plots
//   removed, so only theirs count); p95 over the zooms. The table also gives
//   it with all 18 plots;
// - short_states_shown: of the injected one-packet states, how many show as
//   a mark of their colour in their row at "Today", within 10 px of where
//   their time falls (a bucket is about 8 px).
// Options: --hours <h> (default 9), --zooms <n> (default 10), --record, and
// --control: the quiet windows without the one packet, where every state
// must read "not shown" (the check can fail); not recorded.
import { coresText, serveBuiltApp } from "./benchMachine";
import { eveningZone, LOCAL_HOUR_NOW } from "./eveningZone";
import { installProbe, probeFrames, startMeasuring, summarise, benchLayout } from "./browserPage";
import { fmt } from "./browserRun";
import { drag, waitDayBuilt } from "./demoDayBuild";
import { PipeBrowser, type PipePage } from "./pipeBrowser";
import { writeResultsSection } from "./resultsFile";
import {
  followWindow,
  inkColumns,
  removeLinePlots,
  showPlot,
  timelineCards,
  updatesSince,
  type TimelineCard,
} from "./statesPage";
import type { PlotLayout } from "../src/state/plotLayout/plotLayout";
import { todaySpanSeconds } from "../workers/shared/plots/todayWindow";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const HOURS = Number(option("--hours") ?? 9) || 9;
const ZOOMS = Number(option("--zooms") ?? 10) || 10;
/** The check of the check: the quiet windows only, no packet injected; every state must read "no". */
const CONTROL = args.includes("--control");
const RATE = 10;
const DAY_PACKETS = Math.round(HOURS * 3600 * RATE);
const DIST = process.env.BENCH_DIST ?? "dist";
const MEASURE_MS = 10_000;
/** Tall enough for the 18 plots on one screen: a plot off screen does not draw. */
const VIEWPORT = { width: 1920, height: 1500 };
/** The time axis under a plot's rows (plotOptions.ts TIME_AXIS_SIZE), CSS px. */
const TIME_AXIS_CSS = 24;
/** How far from where its time falls a mark may be (px): a bucket is about 8. */
const MARK_TOLERANCE_PX = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const today = () => new Date().toISOString().slice(0, 10);

const paths = (prefix: string, keys: string[]) => keys.map((key) => `${prefix}.${key}`);
const BATTERY_ERRORS = paths("BatteryFaults.Errors", [
  "AlwaysOnSupplyFault",
  "CanbusCommunicationFault",
  "ChargeLimitEnforcementFault",
  "ChargerSafetyRelayFault",
  "CurrentSensorFault",
  "DischargeLimitEnforcementFault",
  "FanMonitorFault",
  "HighVoltageIsolationFault",
  "InternalCommunicationFault",
  "InternalConversionFault",
  "InternalLogicFault",
  "InternalMemoryFault",
  "InternalThermistorFault",
  "LowCellVoltageFault",
  "OpenWiringFault",
  "PackVoltageSensorFault",
  "PowerSupply12VFault",
  "ThermistorFault",
  "VoltageRedundancyFault",
  "WeakCellFault",
  "WeakPackFault",
]);
const BATTERY_WARNINGS = paths("BatteryFaults.Warnings", [
  "CclReducedDueToAlternateCurrentLimit",
  "CclReducedDueToChargerLatch",
  "CclReducedDueToHighCellResistance",
  "CclReducedDueToHighCellVoltage",
  "CclReducedDueToHighPackVoltage",
  "CclReducedDueToHighSoc",
  "CclReducedDueToTemperature",
  "DclAndCclReducedDueToCommunicationFailsafe",
  "DclAndCclReducedDueToVoltageFailsafe",
  "DclReducedDueToHighCellResistance",
  "DclReducedDueToLowCellVoltage",
  "DclReducedDueToLowPackVoltage",
  "DclReducedDueToLowSoc",
  "DclReducedDueToTemperature",
]);

/** The six timelines: 21 + 14 + 16 + 2 + 5 + 2 = 60 rows. */
const TIMELINES: { id: string; fields: string[] }[] = [
  { id: "states-battery-errors", fields: BATTERY_ERRORS },
  { id: "states-battery-warnings", fields: BATTERY_WARNINGS },
  { id: "states-motor0", fields: ["MotorDetails0.ErrorFlags", "MotorDetails0.LimitFlags"] },
  { id: "states-mbms", fields: ["MBMS.StartupState", "MBMS.SystemState"] },
  {
    id: "states-driver",
    fields: paths("B3", [
      "ForwardDigital",
      "NeutralDigital",
      "ReverseDigital",
      "BrakeSwitchDigital",
      "HeadightsSwitchInput",
    ]),
  },
  {
    id: "states-array",
    fields: ["Contactor.ArrayContactorClosed", "Contactor.ArrayContactorError"],
  },
];

/** Light theme: a fill blended over the white card (alpha 0x55 for codes). */
const over = (hex: string, alpha = 1): number[] =>
  [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * alpha + 255 * (1 - alpha)));
const RED = over("#CD4246");
const AMBER = over("#C87619");
const GREY = over("#738091");
const CODE_5 = over("#00A396", 0x55 / 255); // seriesColor(light, 5)

/** One packet long, at `atSeconds` into the day; its mark's row and colour. */
interface ShortState {
  plot: string;
  row: string;
  atSeconds: number;
  /** ?demoInject items: the field held quiet around it, then the one packet. */
  inject: string;
  rgb: number[];
}

/**
 * The simulated car raises its battery flags on its own, at random. So for
 * an hour either side each field is held at its quiet value, and the one
 * packet is injected in the middle: a mark near its time is that packet's,
 * not an episode of the car's. An hour is more than MARK_TOLERANCE_PX plus a
 * bucket (where in its bucket an episode is drawn) on a plot 240 px wide at
 * "Today" (150 s a pixel). `--control` checks it.
 */
const QUIET_S = 3600;

const SHORT_STATES: ShortState[] = (
  [
    [
      "states-battery-errors",
      "Weak Cell Fault",
      0.3,
      "BatteryFaults.Errors.WeakCellFault",
      "true",
      "false",
      RED,
    ],
    [
      "states-battery-warnings",
      "Charge Limit Reduced: High State of Charge",
      2.1,
      "BatteryFaults.Warnings.CclReducedDueToHighSoc",
      "true",
      "false",
      AMBER,
    ],
    [
      "states-motor0",
      "Motor 0 Error Flags: desaturation fault",
      3.7,
      "MotorDetails0.ErrorFlags",
      "128",
      "0",
      RED,
    ],
    ["states-mbms", "MBMS System State (code)", 5.2, "MBMS.SystemState", "5", "3", CODE_5],
    ["states-driver", "Reverse Selected", 6.9, "B3.ReverseDigital", "true", "false", GREY],
    [
      "states-array",
      "Array Contactor Error",
      8.6,
      "Contactor.ArrayContactorError",
      "true",
      "false",
      RED,
    ],
  ] as const
).map(([plot, row, hours, field, value, quiet, rgb]) => {
  // Spread over the day, its first and last hour included.
  const atSeconds = Math.round(hours * (HOURS / 9) * 3600);
  const from = Math.max(0, atSeconds - QUIET_S);
  return {
    plot,
    row,
    atSeconds,
    inject:
      `${from}+${atSeconds + QUIET_S - from}:${field}=${quiet}` +
      (CONTROL ? "" : `,${atSeconds}+0.1:${field}=${value}`),
    rgb: [...rgb],
  };
});

function layout(): PlotLayout {
  const lines = benchLayout("today").plots;
  return {
    version: 1,
    window: "today",
    plots: [...TIMELINES.map((t) => ({ ...t, timeline: true })), ...lines],
  };
}

/** A PNG of `card`'s picture, as on the screen. */
async function shoot(page: PipePage, card: TimelineCard): Promise<string> {
  const { data } = (await page.send("Page.captureScreenshot", {
    format: "png",
    clip: { x: card.left, y: card.top, width: card.width, height: card.height, scale: 1 },
  })) as { data: string };
  return data;
}

/** Each injected state: shown as a mark in its row near its time, and the marks of that colour in the row. */
async function findShortStates(
  page: PipePage,
  liveSeconds: number,
): Promise<{ state: ShortState; shown: boolean; marks: number; expectedPx: number }[]> {
  const cards = await page.evaluate(timelineCards);
  const span = todaySpanSeconds(HOURS * 3600 + liveSeconds);
  const found = [];
  for (const state of SHORT_STATES) {
    const card = cards.find((c) => c.id === state.plot);
    const row = card ? card.rows.indexOf(state.row) : -1;
    if (!card || row < 0) throw new Error(`no row "${state.row}" in ${state.plot}`);
    const png = await shoot(page, card);
    const columns = await page.evaluate(inkColumns, {
      png,
      rows: card.rows.length,
      row,
      rgb: state.rgb,
      axisCss: TIME_AXIS_CSS,
    });
    const expectedPx = (state.atSeconds / span) * card.width;
    const shown = columns.some((x) => Math.abs(x - expectedPx) <= MARK_TOLERANCE_PX);
    found.push({ state, shown, marks: columns.length, expectedPx });
  }
  return found;
}

/** Drag-zooms on the first timeline `ZOOMS` times; per zoom, the main thread's redraw ms of every plot, summed. */
async function zoomRedraws(page: PipePage): Promise<{ sums: number[]; counts: number[] }> {
  const sums: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < ZOOMS; i++) {
    const [card] = await page.evaluate(timelineCards);
    const y = card!.top + card!.height / 3;
    const x0 = card!.left + card!.width * (0.1 + (0.7 * i) / ZOOMS);
    const { next } = await page.evaluate(updatesSince, 1e12);
    await drag(page, x0, x0 + 40, y);
    await sleep(1500);
    const { ms } = await page.evaluate(updatesSince, next);
    sums.push(ms.reduce((a, b) => a + b, 0));
    counts.push(ms.length);
    await page.evaluate(followWindow, "today");
    await sleep(2000);
  }
  return { sums, counts };
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * (xs.length - 1))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const browser = await PipeBrowser.launch();
  const machine = `${coresText()}, Chromium ${browser.version()} headless (software rendering)`;
  console.log(`machine: ${machine}`);
  try {
    const page = await browser.newPage(VIEWPORT.width, VIEWPORT.height);
    await page.addInitScript("globalThis.__name = (f) => f;");
    await page.addInitScript(installProbe, JSON.stringify(layout()));
    // Times (and "Today") on this computer's clock, which the page is told is in `zone`.
    await page.addInitScript(() =>
      localStorage.setItem("settings", JSON.stringify({ timesIn: "computer" })),
    );
    const zone = eveningZone();
    await page.send("Emulation.setTimezoneOverride", { timezoneId: zone });
    const inject = SHORT_STATES.map((s) => s.inject).join(",");
    const query = new URLSearchParams({
      offline: "1",
      demoRate: String(RATE),
      demoDay: String(HOURS),
      demoInject: inject,
    });
    await page.goto(`${server.url}/plots?${query}`);
    await page.waitForSelector(".plot-card .uplot", 60_000);
    console.log(`building ${fmt(HOURS, 1)} h at ${RATE} packets/s (${fmt(DAY_PACKETS)} packets) …`);
    const built = await waitDayBuilt(page, DAY_PACKETS);
    const liveFrom = Date.now();
    console.log(`\rbuilt in ${fmt(built.ms / 1000, 1)} s: ${fmt(built.rows)} rows in the history`);
    await sleep(5000); // the recorder's last flushes, the plots' first pictures

    const cards = await page.evaluate(timelineCards);
    const rows = cards.reduce((n, c) => n + c.rows.length, 0);
    const offScreen = cards.filter((c) => c.top + c.height > VIEWPORT.height).length;
    if (offScreen > 0) console.log(`warning: ${offScreen} timelines below the screen's edge`);

    const since = await page.evaluate(startMeasuring);
    await sleep(MEASURE_MS);
    const summary = await page.evaluate(summarise, { since, packetIntervalMs: 1000 / RATE });
    const fps = await page.evaluate(probeFrames, 3000);

    const shorts = await findShortStates(page, (Date.now() - liveFrom) / 1000);
    const shown = shorts.filter((s) => s.shown).length;

    for (const card of cards) await page.evaluate(showPlot, card.id);
    const zoomsAll = await zoomRedraws(page);
    // The budget's redraw is the six timelines': measured again with the line plots removed.
    const removed = await page.evaluate(removeLinePlots);
    await sleep(3000);
    const zooms = await zoomRedraws(page);

    const shortRows = shorts.map(
      ({ state, shown, marks, expectedPx }) =>
        `| ${state.row} | ${fmt(state.atSeconds / 3600, 2)} h | ${fmt(expectedPx)} px | ${shown ? "yes" : "no"} | ${marks} |`,
    );
    const figures = [
      "| measure | value | budget |",
      "|---|---|---|",
      `| timelines / rows | ${cards.length} / ${rows} | 6 / 60 |`,
      `| day built (${fmt(built.rows)} packets) | ${fmt(built.ms / 1000, 1)} s | – |`,
      `| fps median / p5, 18 plots at Today | ${fmt(fps.fpsMedian, 1)} / ${fmt(fps.fpsP5, 1)} | ≥ 55 |`,
      `| latency p95 (per packet) | ${fmt(summary.latencyP95Ms)} ms | ≤ 100 ms |`,
      `| long tasks (n / max ms) | ${summary.longTasks} / ${fmt(summary.longTaskMaxMs)} | 0 |`,
      `| redraw of the six timelines after a zoom, main thread, p95 / median (${ZOOMS} zooms, ${median(zooms.counts)} plot updates each) | ${fmt(p95(zooms.sums), 1)} / ${fmt(median(zooms.sums), 1)} ms | ≤ 16 ms |`,
      `| the same with the 12 line plots too (${median(zoomsAll.counts)} updates each) | ${fmt(p95(zoomsAll.sums), 1)} / ${fmt(median(zoomsAll.sums), 1)} ms | – |`,
      `| one-packet states shown at Today | ${shown} / ${shorts.length} | all |`,
    ].join("\n");
    const shortTable = [
      "| state (one packet) | into the day | where (px) | shown | columns of its colour in its row |",
      "|---|---|---|---|---|",
      ...shortRows,
    ].join("\n");
    console.log(`\n${figures}\n\n${shortTable}\n`);
    const result = `RESULT state_rows=${rows} states_fps=${Math.round(fps.fpsMedian)} states_latency_p95_ms=${Math.round(summary.latencyP95Ms)} states_redraw_p95_ms=${fmt(p95(zooms.sums), 1)} short_states_shown=${shown}/${shorts.length}`;
    if (CONTROL) {
      console.log(`control (no packet injected): ${shown} / ${shorts.length} shown; 0 expected`);
      return;
    }
    await writeResultsSection(
      "## State timelines (npm run bench:states)",
      [
        `Measured ${today()} on ${machine}. The built app on /plots (${VIEWPORT.width}×${VIEWPORT.height}, every plot on screen) with ?demoDay=${HOURS}: the DEMO source builds ${fmt(HOURS, 1)} h at ${RATE} packets/s ending now, then goes on live at ${RATE} packets/s. Times are read in ${zone} (about ${LOCAL_HOUR_NOW}:00 there), so "Today" holds the whole day. Six state timelines (${rows} rows) above the 12 line plots of bench:browser, all at "Today". ?demoInject puts six states one packet long into the day, each field held at its quiet value for an hour either side (the simulated car raises battery flags on its own), so a mark near its time is the injected packet's; \`--control\` runs the same without the packet, and every state must then read "no". Fps and latency as bench:raceday measures them, over ${MEASURE_MS / 1000} s. Redraw: ${ZOOMS} drag-zooms on the first timeline; per zoom, the main thread's update time of every plot summed over 1.5 s (a zoom redraws each plot more than once: at once with what it holds, then with the zoomed answers); then back to Today. First with all 18 plots, then with the ${removed} line plots removed: the six timelines alone. A state is shown when its row holds its colour within ${MARK_TOLERANCE_PX} px of where its time falls.`,
        "",
        figures,
        "",
        shortTable,
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
