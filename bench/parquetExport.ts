// Parquet vs CSV export of the same rows × every column, in one Node run and
// through the worker's own job (CsvJobs: the exporter, then one Blob per
// chunk, as the UI pulls them). Issue 37's budget: Parquet ≥ 2× the CSV's
// rows/s at ≤ 25 % of its bytes. measureParquetVsCsv is what bench:math calls;
// run alone (`tsx bench/parquetExport.ts [--rows N]`) it prints a table.
import { pathToFileURL } from "node:url";
import type { CsvExportRequest } from "../workers/contract/csv";
import { EVERY_FIELD_REQUEST } from "../workers/telemetry/csv/CsvExporter";
import { CsvJobs } from "../workers/telemetry/service/csvJobs";
import type { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { filledStore, FIXTURE_T0 } from "./exportFixture";
import { LAYOUT } from "../workers/telemetry/features";

interface ParquetVsCsv {
  rows: number;
  columnsCsv: number;
  columnsParquet: number;
  parquetRowsPerS: number;
  csvRowsPerS: number;
  parquetBytes: number;
  csvBytes: number;
}

const CSV: CsvExportRequest = { ...EVERY_FIELD_REQUEST, format: "csv" };
const PARQUET: CsvExportRequest = { ...EVERY_FIELD_REQUEST, format: "parquet" };

/** One export through the job; its time and the file's size (chunks are counted, not kept). */
function exportOnce(
  store: TelemetryStore,
  request: CsvExportRequest,
): { ms: number; bytes: number; columns: number } {
  const jobs = new CsvJobs(LAYOUT);
  const t = performance.now();
  const start = jobs.startExport(store, request, "DEMO");
  if (!start.ok) throw new Error(start.message);
  let bytes = 0;
  for (;;) {
    const chunk = jobs.nextChunk();
    if (!chunk) throw new Error("the export stopped");
    bytes += chunk.data.size;
    if (chunk.done) break;
  }
  return { ms: performance.now() - t, bytes, columns: start.columns };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export function measureParquetVsCsv(rows = 100_000, runs = 3): ParquetVsCsv {
  const store = filledStore(rows);
  // Warm both paths on a slice so the JIT has compiled them before timing.
  exportOnce(store, { ...CSV, to: FIXTURE_T0 + 200 });
  exportOnce(store, { ...PARQUET, to: FIXTURE_T0 + 200 });
  const csv: ReturnType<typeof exportOnce>[] = [];
  const parquet: ReturnType<typeof exportOnce>[] = [];
  // Interleaved, so a slow spell of a shared machine falls on both formats.
  for (let r = 0; r < Math.max(3, runs); r++) {
    csv.push(exportOnce(store, CSV));
    parquet.push(exportOnce(store, PARQUET));
  }
  const rate = (ms: number): number => Math.round((rows * 1000) / ms);
  return {
    rows,
    columnsCsv: csv[0]!.columns,
    columnsParquet: parquet[0]!.columns,
    csvRowsPerS: rate(median(csv.map((e) => e.ms))),
    parquetRowsPerS: rate(median(parquet.map((e) => e.ms))),
    csvBytes: csv[0]!.bytes,
    parquetBytes: parquet[0]!.bytes,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rowsArg = process.argv.indexOf("--rows");
  const rows = rowsArg > 0 ? Math.max(1000, Number(process.argv[rowsArg + 1]) || 0) : 100_000;
  const m = measureParquetVsCsv(rows);
  const fmt = (n: number): string => n.toLocaleString("en-US");
  const speed = m.parquetRowsPerS / m.csvRowsPerS;
  const size = m.parquetBytes / m.csvBytes;
  console.log(
    [
      `| ${fmt(m.rows)} rows | rows/s (median of 3) | bytes | columns |`,
      `|---|---|---|---|`,
      `| CSV (display values, 2 time columns) | ${fmt(m.csvRowsPerS)} | ${fmt(m.csvBytes)} | ${m.columnsCsv} |`,
      `| Parquet (values as stored) | ${fmt(m.parquetRowsPerS)} | ${fmt(m.parquetBytes)} | ${m.columnsParquet} |`,
      `| Parquet / CSV | ${speed.toFixed(2)}× (budget ≥ 2×) | ${(size * 100).toFixed(1)} % (budget ≤ 25 %) | |`,
    ].join("\n"),
  );
}
