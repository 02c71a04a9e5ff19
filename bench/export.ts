// CSV export/import benchmark: ROWS stored packets × every field, exported and
// re-imported with the worker's own code (CsvExporter → UTF-8 chunks → Blob;
// importCsv from that Blob into a fresh store), against papaparse alone in the
// same run on the same rows prebuilt as arrays (Papa.unparse, then Papa.parse
// of its output), a chunk at a time so memory stays bounded by a chunk.
// Usage: npm run bench:export [-- --rows 20000]
import { cpus, loadavg } from "node:os";
import Papa from "papaparse";
import type { CsvExportRequest } from "../workers/contract";
import { CsvExporter, EVERY_FIELD_REQUEST } from "../workers/csv/CsvExporter";
import { importCsv } from "../workers/csv/importCsv";
import { TelemetryStore } from "../workers/store/TelemetryStore";
import { NUMERIC_FIELDS } from "../workers/telemetry/fields";
import { STORE_CATALOG, storedFieldSlot } from "../workers/telemetry/derivedFields";
import { realisticPacket } from "./realisticPacket";
import { writeResultsSection } from "./resultsFile";

const rowsArg = process.argv.indexOf("--rows");
const ROWS = rowsArg > 0 ? Math.max(1000, Number(process.argv[rowsArg + 1]) || 0) : 100_000;
const CHUNK = 1000;
const TIME_FIELD = NUMERIC_FIELDS.indexOf("TimeStamp");
const REQUEST: CsvExportRequest = { ...EVERY_FIELD_REQUEST };

console.log(`Filling a store with ${ROWS.toLocaleString("en-US")} real-shaped packets…`);
const store = new TelemetryStore({ capacity: ROWS });
const VARIANTS = 256;
const packets = Array.from({ length: VARIANTS }, (_, i) => realisticPacket(i + 1));
for (let i = 0; i < ROWS; i++) {
  const p = packets[i % VARIANTS]!;
  p.TimeStamp = 1_795_000_000 + i * 0.1;
  store.ingest(p, "DEMO");
}

// The same rows as plain arrays of full-precision values (what papaparse alone gets).
function prebuiltRows(lo: number, hi: number): (number | boolean | string)[][] {
  const ring = store.ring;
  const rows: (number | boolean | string)[][] = [];
  for (let i = lo; i < hi; i++) {
    const slot = ring.physical(i);
    const ms = Math.round(ring.numberAtSlot(slot, TIME_FIELD) * 1000);
    const row: (number | boolean | string)[] = [new Date(ms).toISOString(), ms];
    for (const info of STORE_CATALOG) {
      const s = storedFieldSlot(info.path)!;
      row.push(
        s.kind === "number"
          ? ring.numberAtSlot(slot, s.index)
          : s.kind === "boolean"
            ? ring.booleanAtSlot(slot, s.index)
            : ring.stringAtSlot(slot, s.index),
      );
    }
    rows.push(row);
  }
  return rows;
}

function papaAlone(): { unparseMs: number; parseMs: number; bytes: number } {
  let unparseMs = 0;
  let parseMs = 0;
  let bytes = 0;
  let sink = 0;
  for (let lo = 0; lo < ROWS; lo += CHUNK) {
    const rows = prebuiltRows(lo, Math.min(ROWS, lo + CHUNK));
    let t = performance.now();
    const text = Papa.unparse(rows, { header: false });
    unparseMs += performance.now() - t;
    bytes += text.length;
    t = performance.now();
    sink += Papa.parse<string[]>(text).data.length;
    parseMs += performance.now() - t;
  }
  if (sink !== ROWS) throw new Error(`papaparse read ${sink} rows`);
  return { unparseMs, parseMs, bytes };
}

function exportWithWorkerCode(): { ms: number; blob: Blob; maxChunk: number } {
  const encoder = new TextEncoder();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let maxChunk = 0;
  const t = performance.now();
  const exporter = new CsvExporter(store.ring, REQUEST, "DEMO", TIME_FIELD);
  while (!exporter.done) {
    const bytes = encoder.encode(exporter.nextChunk(CHUNK));
    maxChunk = Math.max(maxChunk, bytes.byteLength);
    parts.push(bytes);
  }
  const ms = performance.now() - t;
  return { ms, blob: new Blob(parts, { type: "text/csv" }), maxChunk };
}

async function importWithWorkerCode(blob: Blob): Promise<number> {
  const target = new TelemetryStore({ capacity: ROWS });
  const t = performance.now();
  const report = await importCsv(blob, target, { fileName: "bench.csv" });
  const ms = performance.now() - t;
  if (!report.ok || report.rowsImported !== ROWS) throw new Error(report.message);
  return ms;
}

const rate = (ms: number): number => Math.round((ROWS * 1000) / ms);

// Warm up every path on a slice so the JIT has compiled them before timing.
Papa.parse(Papa.unparse(prebuiltRows(0, 500)));
{
  const warm = new CsvExporter(
    store.ring,
    { ...REQUEST, to: 1_795_000_000 + 300 },
    "DEMO",
    TIME_FIELD,
  );
  let text = "";
  while (!warm.done) text += warm.nextChunk();
  await importCsv(text, new TelemetryStore({ capacity: 4000 }));
}

console.log("papaparse alone…");
const papa = papaAlone();
console.log("export with the worker's code…");
const exported = exportWithWorkerCode();
console.log("import with the worker's code…");
const importMs = await importWithWorkerCode(exported.blob);

const exportRate = rate(exported.ms);
const importRate = rate(importMs);
const unparseRate = rate(papa.unparseMs);
const parseRate = rate(papa.parseMs);
const cols = STORE_CATALOG.length + 2;
const bytes = exported.blob.size;
const heapMb = Math.round(process.memoryUsage().heapUsed / 1e6);
const machine = `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const fmt = (n: number): string => n.toLocaleString("en-US");
const table = [
  `| measure | rows/s | ratio to papaparse alone | target |`,
  `|---|---|---|---|`,
  `| papaparse alone: Papa.unparse (baseline) | ${fmt(unparseRate)} | 1.00 | |`,
  `| papaparse alone: Papa.parse (baseline) | ${fmt(parseRate)} | 1.00 | |`,
  `| export (worker code, display precision) | ${fmt(exportRate)} | ${(exportRate / unparseRate).toFixed(2)} | ≥ 0.70 and ≥ 5,000 rows/s |`,
  `| import (worker code: parse + rebuild + validate + store) | ${fmt(importRate)} | ${(importRate / parseRate).toFixed(2)} | ≥ 0.70 and ≥ 5,000 rows/s |`,
].join("\n");
const facts = [
  `| fact | value |`,
  `|---|---|`,
  `| rows × columns | ${fmt(ROWS)} × ${cols} (316 wire + ${STORE_CATALOG.length - 316} derived + 2 time) |`,
  `| exported file | ${fmt(bytes)} B (${Math.round(bytes / ROWS)} B/row); papaparse alone wrote ${fmt(papa.bytes)} B |`,
  `| largest export chunk | ${fmt(exported.maxChunk)} B (${CHUNK} rows) |`,
  `| machine | ${machine}; load average ${loadavg()[0]!.toFixed(1)} at the end |`,
  `| date | ${date} |`,
].join("\n");
console.log(`\n${table}\n\n${facts}\n\nheap used at the end: ${heapMb} MB`);

await writeResultsSection("## CSV export and import (npm run bench:export)", [
  `Measured ${date} on ${machine}. ${fmt(ROWS)} stored real-shaped packets, every field, exported as the worker does (CsvExporter: cells at display precision, papaparse for the header and string cells, UTF-8 chunks of ${CHUNK} rows) and imported back from that file (importCsv: Papa.parse per ~1 MB piece, rows rebuilt into packets, validated with the packet schema, stored). Baseline in the same run: papaparse alone, Papa.unparse of the same rows prebuilt as arrays of full-precision values, then Papa.parse of its output, ${CHUNK} rows at a time.`,
  "",
  table,
  "",
  facts,
]);

console.log(
  `RESULT export_rows_per_s=${exportRate} import_rows_per_s=${importRate} papaparse_unparse_rows_per_s=${unparseRate} papaparse_parse_rows_per_s=${parseRate} rows=${ROWS} cols=${cols} bytes=${bytes}`,
);
