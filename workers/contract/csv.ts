import type { AppUnits, FieldPath } from "./fields";

/** What to export; the defaults are every field, the whole history, every packet. */
export interface CsvExportRequest {
  /** null: every field (the 316 wire fields, then the derived ones). */
  fields: FieldPath[] | null;
  /** Time range in packet time (epoch seconds); null ends are open. */
  from: number | null;
  to: number | null;
  /** null: every packet; N: resampled to N rows per second (last value per bucket). */
  perSecond: number | null;
  /** "display": in `units`, at display precision, unit in the header; "raw": wire values. */
  values: "display" | "raw";
  units: AppUnits;
  /** Add "Time (ISO 8601 UTC)" and "Time (epoch ms)" as the first two columns. */
  timeColumns: boolean;
  /**
   * The file's format (default "csv"). "parquet": typed, compressed columns of
   * the values as stored (metric, full precision; `values` and `units` do not
   * apply), TimeStamp as a UTC timestamp, gaps as null.
   */
  format?: "csv" | "parquet";
}

export type CsvExportStart =
  { ok: true; fileName: string; rows: number; columns: number } | { ok: false; message: string };

/** One piece of the file; pull the next until `done`. */
export interface CsvChunk {
  /** The chunk's text (UTF-8), made in the worker: a Blob travels by reference. */
  data: Blob;
  rowsDone: number;
  rowsTotal: number;
  done: boolean;
}

/** The running CSV job, for progress bars (poll it); null kind when none runs. */
export interface CsvProgress {
  kind: "export" | "import" | null;
  fileName: string;
  done: number;
  total: number;
  /** What done/total count: rows for an export, bytes for an import. */
  unit: "rows" | "bytes";
}

export interface CsvRowFailure {
  /** Row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  reason: string;
}

export interface CsvImportReport {
  ok: boolean;
  /** One sentence for the user (why it failed, or what was imported). */
  message: string;
  fileName: string;
  rowsRead: number;
  rowsImported: number;
  rowsFailed: number;
  /** The first 20 failing rows. */
  failures: CsvRowFailure[];
  /** Ignored columns, converted units, dropped rows… */
  notes: string[];
}
