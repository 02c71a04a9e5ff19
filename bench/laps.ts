// Lap analysis benchmark (npm run bench:laps). Each figure is one function in
// FIGURES.
// - compare_ms_p95: 6 laps of 4.4 km at 10 Hz, 8 fields, compared in the
//   worker's code (runCompare: rows found, the 5 m grid, fields, deltas), in
//   Node on a synthetic circuit stored through the real TelemetryStore.
// - redraw_ms_p95: the compare view's plots (uPlot, main thread) redrawn in
//   Chromium with the built app: 6 DEMO laps of a built demo stretch
//   (?demoDay) and 8 fields, through a test hook (?e2eHooks=1) that redraws
//   every compare plot (paths and axes rebuilt) and times it.
// - delta_error_s: |final delta − lap-time difference| of lap B (lap A slowed
//   10 % in the middle third) against lap A.
// - lap_table_100_ms: the lap table's sector and energy columns for 100 laps
//   of 4.4 km at 10 Hz with 8 sector lines (bench/lapTable.ts), the median.
// Budgets (issue 36): compare ≤ 50 ms, redraw ≤ 16 ms, lap table ≤ 100 ms.
// Prints a table and the RESULT line; `--record` writes bench/RESULTS.md.
import type { LapCompareRequest, LapKey } from "../workers/contract/lapAnalysis";
import type { FieldPath } from "../workers/contract/fields";
import { LapSources } from "../workers/telemetry/laps/analysis/lapSources";
import { runCompare } from "../workers/telemetry/laps/analysis/runCompare";
import { driveCircuit, type Circuit } from "../tests/unit/lapCircuit";
import { coresText, launchChromium, serveBuiltApp } from "./benchMachine";
import { measurePps, perSecond, wireTexts } from "./ingestFeed";
import { measureLapTable } from "./lapTable";
import { writeResultsSection } from "./resultsFile";

const DIST = process.env.BENCH_DIST ?? "dist";
const RUNS = 40;
const FIELDS: FieldPath[] = [
  "MotorDetails0.VehicleVelocity",
  "MotorDetails0.BusCurrent",
  "MotorDetails0.BusVoltage",
  "Battery.PackVoltage",
  "Battery.PackCurrent",
  "Battery.AverageTemperature",
  "Battery.HighTemperature",
  "KeyMotor.BusCurrentOut",
];

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

function sourcesOf(circuit: Circuit) {
  return new LapSources({
    shown: () => ({ ring: circuit.store.ring, laps: circuit.events, simulated: false }),
    sessions: () => null,
    drivers: () => ({}),
    finishLine: () => circuit.line,
  });
}

const keyOf = (start: number): LapKey => ({ origin: { kind: "shown" }, start });
const request = (starts: number[]): LapCompareRequest => ({
  laps: starts.map(keyOf),
  reference: null,
  fields: FIELDS,
  units: "metric",
});

async function compareMs(): Promise<number> {
  // A speed that varies round the lap, like corners, a little different each lap.
  const speed = (lap: number, f: number) => 18 + 4 * Math.sin(2 * Math.PI * 3 * f) + lap * 0.1;
  const circuit = driveCircuit({ lengthM: 4400, laps: 6, speed });
  const sources = sourcesOf(circuit);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const result = await runCompare(sources, request(circuit.starts));
    times.push(performance.now() - t0);
    if (!result.ok) throw new Error(result.message);
  }
  return quantile(times.slice(5), 0.95); // the first runs warm the JIT up
}

async function deltaErrorS(): Promise<number> {
  const speed = (lap: number, f: number) => (lap === 1 && f >= 1 / 3 && f < 2 / 3 ? 20 / 1.1 : 20);
  const circuit = driveCircuit({ lengthM: 4400, laps: 2, speed });
  const result = await runCompare(sourcesOf(circuit), request(circuit.starts));
  if (!result.ok) throw new Error(result.message);
  const lapTimes = circuit.ends.map((end, i) => end - circuit.starts[i]!);
  const finalDelta = result.laps[1]!.deltaS.at(-1)!;
  return Math.abs(finalDelta - (lapTimes[1]! - lapTimes[0]!));
}

async function redrawMs(): Promise<number> {
  const app = await serveBuiltApp(DIST);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const query = "backend=http%3A%2F%2F127.0.0.1%3A9&demoRate=10&record=0&demoDay=0.45&e2eHooks=1";
    await page.goto(`${app.url}/laps?${query}`);
    await page.getByTestId("lap-row").nth(5).waitFor({ timeout: 120_000 });
    const picked = await page.evaluate(
      (fields) =>
        (
          window as never as {
            heliosTest: { pickLapsToCompare: (n: number, f: string[]) => number };
          }
        ).heliosTest.pickLapsToCompare(6, fields),
      FIELDS,
    );
    if (picked !== 6) throw new Error(`picked ${picked} laps, not 6`);
    await page.getByTestId("laps-compare").click();
    await page.getByTestId("compare-lap").nth(5).waitFor({ timeout: 60_000 });
    await page.getByTestId("compare-delta-plot").waitFor();
    const times = await page.evaluate((runs) => {
      const hooks = (window as never as { heliosTest: { redrawComparePlots: () => number | null } })
        .heliosTest;
      const out: number[] = [];
      for (let i = 0; i < runs; i++) out.push(hooks.redrawComparePlots() ?? NaN);
      return out;
    }, RUNS);
    return quantile(times.slice(5), 0.95);
  } finally {
    await browser.close();
    await app.close();
  }
}

/** Each figure of the RESULT line, measured in turn. */
const FIGURES: { name: string; budget: string; measure: () => Promise<number> }[] = [
  { name: "compare_ms_p95", budget: "≤ 50", measure: compareMs },
  { name: "redraw_ms_p95", budget: "≤ 16", measure: redrawMs },
  { name: "lap_table_100_ms", budget: "≤ 100", measure: async () => measureLapTable() },
  { name: "delta_error_s", budget: "≤ 0.1", measure: deltaErrorS },
];

const values: Record<string, number> = {};
console.log(`bench:laps on ${coresText()}`);
const parseRate = measurePps(wireTexts(), (text) => void JSON.parse(text), 1000);
for (const figure of FIGURES) {
  values[figure.name] = await figure.measure();
  console.log(
    `${figure.name.padEnd(18)} ${values[figure.name]!.toFixed(3).padStart(10)}   budget ${figure.budget}`,
  );
}
const n = (name: string) => (Number.isFinite(values[name]) ? values[name]!.toFixed(3) : "NaN");
const holds = (name: string, budget: number) =>
  Number.isFinite(values[name]) && values[name]! <= budget ? "holds" : "MISSED";
const machine = `${coresText()}, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const table = [
  "| measure | value | budget | |",
  "|---|---|---|---|",
  `| compare 6 laps × 8 fields in the worker's code, p95 of ${RUNS} | ${n("compare_ms_p95")} ms | ≤ 50 ms | ${holds("compare_ms_p95", 50)} |`,
  `| redraw of the compare plots in Chromium (main thread), p95 | ${n("redraw_ms_p95")} ms | ≤ 16 ms | ${holds("redraw_ms_p95", 16)} |`,
  `| lap table with 8 sector lines and energy for 100 laps, median | ${n("lap_table_100_ms")} ms | ≤ 100 ms | ${holds("lap_table_100_ms", 100)} |`,
  `| final delta − lap-time difference (lap slowed 10 % in one sector) | ${n("delta_error_s")} s | ≤ 0.1 s | ${holds("delta_error_s", 0.1)} |`,
  `| JSON.parse of the real packet (this machine's rate) | ${perSecond(parseRate)} | | |`,
  `| machine | ${machine} | | |`,
  `| date | ${date} | | |`,
].join("\n");
const heading = "## Lap analysis (npm run bench:laps)";
console.log(`\n${heading}\n\n${table}\n`);
const result = `RESULT laps_compared=6 fields=${FIELDS.length} compare_ms_p95=${n("compare_ms_p95")} redraw_ms_p95=${n("redraw_ms_p95")} lap_table_100_ms=${n("lap_table_100_ms")} delta_error_s=${n("delta_error_s")}`;
await writeResultsSection(
  heading,
  [
    `Measured ${date} on ${machine}. Compare: 6 synthetic laps of 4.4 km at 10 Hz stored through the real TelemetryStore, 8 fields, on the 5 m grid (runCompare). Redraw: the built app in Chromium with 6 DEMO laps of a built demo stretch, every compare plot redrawn through a test hook. Lap table: 100 laps, 8 sector lines, energy and sector columns (bench/lapTable.ts).`,
    "",
    table,
  ],
  result,
);
console.log(result);
