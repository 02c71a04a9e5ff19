// A season's export in Node: SESSIONS recorded sessions of one hour at 10 Hz
// (real-shaped packets, stored as the recorder stores them: a chunk a second,
// without the stages' columns) written as the dataset into a sink that counts
// bytes, against one Parquet export of a session's rows in the same run (the
// baseline: the writer the season reuses). Issue 63's budget: ≥ 30,000 rows/s.
// `tsx bench/season.ts [--sessions N] [--rows N]`; prints a table and a RESULT line.
import type { SeasonSink } from "../workers/contract/season";
import type { SessionInfo } from "../workers/contract/sessions";
import type { RowSlices } from "../workers/contract/storageProtocol";
import type { SeasonSessions } from "../workers/telemetry/pipeline/Feature";
import { EVERY_FIELD_REQUEST } from "../workers/telemetry/csv/CsvExporter";
import { FEATURES, LAYOUT } from "../workers/telemetry/features";
import { ParquetExporter } from "../workers/telemetry/parquet/ParquetExporter";
import { SeasonExport } from "../workers/telemetry/season/SeasonExport";
import { writeSeason } from "../workers/telemetry/season/writeSeason";
import { filledStore, FIXTURE_T0 } from "./exportFixture";
import { writeResultsSection } from "./resultsFile";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SESSIONS = arg("sessions", 10);
const ROWS = arg("rows", 36_000); // one hour at 10 Hz

const store = filledStore(ROWS);
// Every session holds the same stored chunks (memory for one hour, not ten).
const chunks: { t0: number; t1: number; rows: RowSlices }[] = [];
for (let lo = 0; lo < ROWS; lo += 10) {
  const n = Math.min(10, ROWS - lo);
  const rows = store.ring.exportRows(lo, n);
  chunks.push({ t0: store.ring.time(lo), t1: store.ring.time(lo + n - 1), rows });
}
const sessions: SessionInfo[] = Array.from({ length: SESSIONS }, (_, i) => ({
  id: `s${i}`,
  name: `Session ${i + 1}`,
  source: "DEMO",
  backendUrl: "",
  startedAt: 0,
  endedAt: 0,
  firstPacketTime: FIXTURE_T0,
  lastPacketTime: store.ring.time(ROWS - 1),
  packets: ROWS,
  bytes: 0,
  chunks: chunks.length,
}));
const reader: SeasonSessions = {
  session: async (id) => sessions.find((s) => s.id === id) ?? null,
  sessionLaps: async () => [],
  sessionEvents: async () => ({ events: [], dropped: 0 }),
  sessionRows: async (_id, from, to) =>
    chunks.filter((c) => c.t1 >= from && c.t0 <= to).map((c) => c.rows),
};

let bytes = 0;
let peakRss = 0;
const sink: SeasonSink = {
  write: async (_path, data) => {
    bytes += data.byteLength;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  },
  close: async () => undefined,
  abort: async () => undefined,
};

// Baseline: one session's rows through the Parquet export alone.
let t = performance.now();
const exporter = new ParquetExporter(
  store.ring,
  { ...EVERY_FIELD_REQUEST, format: "parquet" },
  "DEMO",
);
while (!exporter.done) exporter.nextChunk();
const baselineRowsPerS = ROWS / ((performance.now() - t) / 1000);

global.gc?.();
const restRss = process.memoryUsage().rss;
const tables = FEATURES.flatMap((f) => (f.seasonTable ? [f.seasonTable] : []));
const season = new SeasonExport(reader, sessions, { layout: LAYOUT, tables, zone: "UTC" });
t = performance.now();
await writeSeason(season, sink);
const seconds = (performance.now() - t) / 1000;
const rowsPerS = season.rowsDone / seconds;

const mb = (n: number) => (n / 2 ** 20).toFixed(1);
const lines = [
  `Budget (issue 63): ≥ 30,000 rows/s. Node ${process.version}, real-shaped packets, every column; the sink counts bytes.`,
  "",
  "| what | rows | s | rows/s | MB written |",
  "| --- | --- | --- | --- | --- |",
  `| Parquet export of one session (baseline) | ${ROWS} | ${(ROWS / baselineRowsPerS).toFixed(2)} | ${Math.round(baselineRowsPerS)} | |`,
  `| season, ${SESSIONS} sessions | ${season.rowsDone} | ${seconds.toFixed(2)} | ${Math.round(rowsPerS)} | ${mb(bytes)} |`,
  "",
  `Node process RSS: ${mb(restRss)} MB at rest, ${mb(peakRss)} MB at its peak while writing.`,
];
const result = `RESULT season_rows_per_s=${Math.round(rowsPerS)} season_node_peak_rss_above_rest_mb=${mb(peakRss - restRss)}`;
console.log([...lines, result].join("\n"));
await writeResultsSection("## A season's dataset in Node (npm run bench:season)", lines, result);
