// The one CSV job the worker runs at a time (an export, CSV or Parquet, pulled chunk by chunk
// by the UI, or an import reading a file) and its progress, which the UI polls.
import type {
  CsvChunk,
  CsvExportRequest,
  CsvExportStart,
  CsvImportReport,
  CsvProgress,
} from "../../contract/csv";
import { CsvExporter } from "../csv/CsvExporter";
import { PARQUET_MIME, ParquetExporter } from "../parquet/ParquetExporter";
import { failedImport, importCsv, MAX_IMPORT_BYTES } from "../csv/importCsv";
import { TelemetryStore } from "../store/TelemetryStore";
import { NUMERIC_FIELDS } from "../schema/fields";
import type { ColumnLayout } from "../pipeline/columnLayout";

const TIME_FIELD = NUMERIC_FIELDS.indexOf("TimeStamp");
/** Smallest bytes per row of an import (316 one-character cells and separators). */
const MIN_ROW_BYTES = 2 * NUMERIC_FIELDS.length;
const MAX_IMPORT_ROWS = 200_000;

const IDLE: CsvProgress = { kind: null, fileName: "", done: 0, total: 0, unit: "rows" };

function validRequest(r: CsvExportRequest): CsvExportRequest | null {
  if (!r || typeof r !== "object") return null;
  const num = (v: unknown): number | null =>
    typeof v === "number" && Number.isFinite(v) ? v : null;
  return {
    fields: Array.isArray(r.fields) ? r.fields.filter((f) => typeof f === "string") : null,
    from: num(r.from),
    to: num(r.to),
    perSecond: num(r.perSecond) !== null && (r.perSecond as number) > 0 ? r.perSecond : null,
    values: r.values === "raw" ? "raw" : "display",
    units: r.units === "imperial" ? "imperial" : "metric",
    timeColumns: r.timeColumns !== false,
    format: r.format === "parquet" ? "parquet" : "csv",
  };
}

export class CsvJobs {
  /** `layout`: an imported history's columns, whose stages it runs (the core's). */
  constructor(private readonly layout: ColumnLayout) {}

  private exporter: CsvExporter | ParquetExporter | null = null;
  private importAbort: AbortController | null = null;
  private progressState: CsvProgress = IDLE;

  get progress(): CsvProgress {
    return { ...this.progressState };
  }

  startExport(store: TelemetryStore, request: CsvExportRequest, source: string): CsvExportStart {
    const valid = validRequest(request);
    if (!valid) return { ok: false, message: "Not a valid export request." };
    if (this.importAbort) return { ok: false, message: "An import is running; wait or cancel it." };
    const exporter =
      valid.format === "parquet"
        ? new ParquetExporter(store.ring, valid, source)
        : new CsvExporter(store.ring, valid, source, TIME_FIELD);
    if (exporter.header.length === 0) {
      exporter.close();
      return { ok: false, message: "No fields to export." };
    }
    // One export at a time: a new one replaces the last (given up by its page).
    this.exporter?.close();
    this.exporter = exporter;
    this.progressState = {
      kind: "export",
      fileName: exporter.fileName,
      done: 0,
      total: exporter.rowCount,
      unit: "rows",
    };
    return {
      ok: true,
      fileName: exporter.fileName,
      rows: exporter.rowCount,
      columns: exporter.header.length,
    };
  }

  nextChunk(): CsvChunk | null {
    const exporter = this.exporter;
    if (!exporter) return null;
    // A Blob made here: the UI joins chunks by reference, and never copies
    // their bytes on the main thread (an ArrayBuffer joined into the download
    // Blob there cost ~18 ms a chunk of 1,000 rows, a long task with a render).
    const data =
      exporter instanceof ParquetExporter
        ? new Blob([exporter.nextChunk()], { type: PARQUET_MIME })
        : new Blob([exporter.nextChunk()], { type: "text/csv" });
    const done = exporter.done;
    this.progressState = { ...this.progressState, done: exporter.rowsDone };
    if (done) this.finish();
    return {
      data,
      rowsDone: exporter.rowsDone,
      rowsTotal: exporter.rowCount,
      done,
    };
  }

  async importFile(
    file: Blob,
    fileName: string,
  ): Promise<{ report: CsvImportReport; store: TelemetryStore | null }> {
    const name = typeof fileName === "string" && fileName ? fileName : "file";
    if (this.exporter || this.importAbort) {
      return { report: busy(name), store: null };
    }
    if (!(file instanceof Blob)) {
      return { report: { ...busy(name), message: "That is not a file." }, store: null };
    }
    // The imported history holds every row the file can have, within reason.
    const rowsFit = Math.ceil(Math.min(file.size, MAX_IMPORT_BYTES) / MIN_ROW_BYTES);
    const capacity = Math.min(MAX_IMPORT_ROWS, rowsFit + 16);
    const store = new TelemetryStore({ capacity, layout: this.layout });
    const abort = new AbortController();
    this.importAbort = abort;
    this.progressState = {
      kind: "import",
      fileName: name,
      done: 0,
      total: file.size,
      unit: "bytes",
    };
    try {
      const report = await importCsv(file, store, {
        fileName: name,
        signal: abort.signal,
        onProgress: (done) => (this.progressState = { ...this.progressState, done }),
      });
      return { report, store: report.ok ? store : null };
    } finally {
      this.importAbort = null;
      this.finish();
    }
  }

  cancel(): void {
    this.importAbort?.abort();
    this.finish();
  }

  private finish(): void {
    this.exporter?.close();
    this.exporter = null;
    if (!this.importAbort) this.progressState = IDLE;
  }
}

function busy(fileName: string): CsvImportReport {
  return failedImport(fileName, "Another CSV export or import is running; wait or cancel it.");
}
