// The rows an export writes, shared by the CSV and Parquet writers so both
// formats hold exactly the same rows and name their files alike.
import type { CsvExportRequest } from "../../contract/csv";
import type { ColumnRing } from "../history/ColumnRing";
import { selectRows } from "./rowSelection";

interface ExportSpan {
  /** A copy of the chosen span of the history. */
  ring: ColumnRing;
  /** Logical indices into `ring` of the rows to write, in order. */
  rows: Int32Array;
}

/**
 * The chosen rows, copied. A live history keeps taking packets while the file
 * is written, and a full one moves every row and overwrites its oldest: the
 * file is written from a copy of the chosen span, so it holds exactly the rows
 * chosen.
 */
export function exportSpan(
  history: ColumnRing,
  request: Pick<CsvExportRequest, "from" | "to" | "perSecond">,
): ExportSpan {
  const chosen = selectRows(history, request.from, request.to, request.perSecond);
  const lo = chosen.length > 0 ? chosen[0]! : 0;
  const span = chosen.length > 0 ? chosen[chosen.length - 1]! - lo + 1 : 0;
  return { ring: history.copySpan(lo, span), rows: chosen.map((row) => row - lo) };
}

function stamp(epochSeconds: number | undefined): string {
  if (epochSeconds === undefined || !Number.isFinite(epochSeconds)) return "empty";
  return new Date(epochSeconds * 1000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** `helios-demo-<first>-<last>.<extension>`, from the span's first and last rows' times. */
export function exportFileName(source: string, span: ExportSpan, extension: string): string {
  const { ring, rows } = span;
  const first = rows.length > 0 ? ring.time(rows[0]!) : undefined;
  const last = rows.length > 0 ? ring.time(rows[rows.length - 1]!) : undefined;
  return `helios-${source.toLowerCase()}-${stamp(first)}-${stamp(last)}.${extension}`;
}
