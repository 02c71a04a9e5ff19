// The core's memory while it writes a Parquet export of a whole day (issue 58
// item 15: the export once took 509 MB above rest for a day). A history of
// `--hours` of the demo car at its 10 packets/s (default 9.6 h, the live
// history's 345,600 rows) is filled in Node, then exported twice through the
// worker's own job (CsvJobs), its chunks kept as the Blobs the page receives
// (Node holds a Blob's bytes outside the V8 heap and its external memory, as
// Chromium holds them outside the worker). Memory is the JS heap plus what V8
// holds outside it (ArrayBuffers), above its level at rest (after a full
// collection): the first export samples it after every chunk, garbage V8 has
// not collected yet included; the second after a full collection every few
// chunks (what the export holds). The first file is read back with DuckDB.
// Prints a table; writes nothing to bench/RESULTS.md.
// Usage: tsx bench/parquetMemory.ts [--hours 9.6]
import { appendFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DuckDBInstance } from "@duckdb/node-api";
import { coresText } from "./benchMachine";
import { EVERY_FIELD_REQUEST } from "../workers/telemetry/csv/CsvExporter";
import { CsvJobs } from "../workers/telemetry/service/csvJobs";
import { CarSimulator } from "../workers/telemetry/sources/demo/CarSimulator";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../workers/telemetry/features";

const hoursArg = process.argv.indexOf("--hours");
const HOURS = hoursArg > 0 ? Number(process.argv[hoursArg + 1]) || 9.6 : 9.6;
const ROWS = Math.round(HOURS * 3600 * 10);
const MB = 1e6;

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const held = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
/** Twice: the buffers a collection frees are swept in the background. */
const heldAfterCollecting = (): number => {
  collect();
  collect();
  return held();
};

console.log(`Filling a history with ${ROWS.toLocaleString("en-US")} demo packets…`);
const store = new TelemetryStore({ layout: LAYOUT, capacity: ROWS });
const car = new CarSimulator({ seed: 3 });
for (let i = 0; i < ROWS; i++) store.ingest(car.next(0.1), "DEMO");

/** One export: its chunks, time and peak above `rest` as `sample` sees it (every `every` chunks). */
function exportOnce(rest: number, sample: () => number, every: number) {
  let peak = rest;
  const jobs = new CsvJobs(LAYOUT);
  const t = performance.now();
  const start = jobs.startExport(store, { ...EVERY_FIELD_REQUEST, format: "parquet" }, "DEMO");
  if (!start.ok) throw new Error(start.message);
  peak = Math.max(peak, sample());
  const chunks: Blob[] = [];
  for (;;) {
    const chunk = jobs.nextChunk();
    if (!chunk) throw new Error("the export stopped");
    chunks.push(chunk.data);
    if (chunks.length % every === 0 || chunk.done) peak = Math.max(peak, sample());
    if (chunk.done) break;
  }
  return { chunks, columns: start.columns, ms: performance.now() - t, above: peak - rest };
}

const dir = mkdtempSync(join(tmpdir(), "helios-parquet-memory-"));
const path = join(dir, "day.parquet");
try {
  const rest = heldAfterCollecting();
  const first = exportOnce(rest, held, 1);
  for (const chunk of first.chunks) appendFileSync(path, new Uint8Array(await chunk.arrayBuffer()));
  first.chunks.length = 0;
  const bytes = statSync(path).size;
  const kept = exportOnce(heldAfterCollecting(), heldAfterCollecting, 6);

  const db = await (await DuckDBInstance.create(":memory:")).connect();
  const read = await db.runAndReadAll(
    `SELECT count(*)::INTEGER AS n, sum("Battery.PackVoltage")::DOUBLE AS volts
       FROM read_parquet('${path.replace(/'/g, "''")}')`,
  );
  const [back] = read.getRowObjectsJS() as { n: number; volts: number }[];
  const voltage = LAYOUT.storedFieldSlot("Battery.PackVoltage")!.index;
  let volts = 0;
  for (let i = 0; i < store.ring.length; i++) volts += Math.fround(store.ring.number(i, voltage));
  const same = back!.n === ROWS && Math.abs(back!.volts - volts) <= 1e-6 * Math.abs(volts);
  db.closeSync();

  const fmt = (n: number, digits = 0) =>
    n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.log(
    [
      `| ${fmt(ROWS)} rows (${HOURS} h of demo at 10/s) × ${first.columns} columns | |`,
      `|---|---|`,
      `| history at rest (JS heap + ArrayBuffers) | ${fmt(rest / MB)} MB |`,
      `| peak above rest while exporting, garbage included (every chunk) | ${fmt(first.above / MB, 1)} MB |`,
      `| peak above rest, collected first (every 6 chunks) | ${fmt(kept.above / MB, 1)} MB |`,
      `| file | ${fmt(bytes / MB, 1)} MB in ${fmt(kept.chunks.length)} chunks |`,
      `| time (first export) | ${fmt(first.ms / 1000, 1)} s (${fmt((ROWS * 1000) / first.ms)} rows/s) |`,
      `| read back by DuckDB | ${same ? "same rows and pack voltage sum" : `DIFFERENT: ${JSON.stringify(back)} vs ${volts}`} |`,
      "",
      `Machine: ${coresText()}, Node ${process.version}`,
    ].join("\n"),
  );
  if (!same) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
