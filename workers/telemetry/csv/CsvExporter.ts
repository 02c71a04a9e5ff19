// Writes the selected rows of one history as CSV, a chunk at a time, so the
// worker answers snapshots in between and memory stays bounded by one chunk.
// Cells are built directly (numbers never need quoting); papaparse writes the
// header and every string cell (quoting, formula neutralisation).
import type { CsvExportRequest } from "../../contract/csv";
import type { ColumnRing } from "../history/ColumnRing";
import {
  formatBoolean,
  formatFloat32,
  formatFloat64,
  formatRounded,
  headerLine,
  quoteString,
} from "./csvCells";
import {
  TIME_ISO_COLUMN,
  TIME_MS_COLUMN,
  exportColumns,
  exportFields,
  type ColumnWriter,
} from "./csvColumns";
import { ExportRows, exportFileName } from "./exportRows";

const DEFAULT_CHUNK_ROWS = 1000;

/** The export's defaults: every field, the whole history, every packet, as displayed (metric). */
export const EVERY_FIELD_REQUEST: Readonly<CsvExportRequest> = {
  fields: null,
  from: null,
  to: null,
  perSecond: null,
  values: "display",
  units: "metric",
  timeColumns: true,
};

export class CsvExporter {
  /** The chosen rows, read from the history a chunk at a time. */
  private readonly rows: ExportRows;
  /** The last chunk's rows, refilled with the next chunk's. */
  private piece: ColumnRing | null = null;
  readonly header: string[];
  readonly fileName: string;
  private readonly writers: ColumnWriter[];
  private readonly timeColumns: boolean;
  private readonly timeField: number;
  private next = 0;
  private headerWritten = false;

  constructor(history: ColumnRing, request: CsvExportRequest, source: string, timeField: number) {
    const layout = history.names;
    const fields = exportFields(layout, request.fields);
    const columns = exportColumns(layout, fields, request.values, request.units);
    this.writers = columns.map((c) => c.writer);
    this.timeColumns = request.timeColumns;
    this.timeField = timeField;
    this.header = [
      ...(request.timeColumns ? [TIME_ISO_COLUMN, TIME_MS_COLUMN] : []),
      ...columns.map((c) => c.header),
    ];
    this.rows = new ExportRows(history, request);
    this.fileName = exportFileName(source, this.rows, "csv");
  }

  get rowCount(): number {
    return this.rows.count;
  }

  get rowsDone(): number {
    return this.next;
  }

  get done(): boolean {
    return this.headerWritten && this.next >= this.rows.count;
  }

  /** Given up before the end: the history no longer keeps rows for it. */
  close(): void {
    this.rows.close();
    this.piece = null;
  }

  /** The next piece of the file (the header comes with the first); "" once done. */
  nextChunk(maxRows = DEFAULT_CHUNK_ROWS): string {
    const lines: string[] = [];
    if (!this.headerWritten) {
      lines.push(headerLine(this.header));
      this.headerWritten = true;
    }
    const piece = (this.piece = this.rows.take(maxRows, this.piece));
    const cells: string[] = new Array<string>(this.header.length);
    // A piece's logical row i is its slot i.
    for (let slot = 0; slot < piece.length; slot++) lines.push(this.row(piece, slot, cells));
    this.next += piece.length;
    return lines.length === 0 ? "" : lines.join("\n") + "\n";
  }

  private row(ring: ColumnRing, slot: number, cells: string[]): string {
    let c = 0;
    if (this.timeColumns) {
      const ms = Math.round(ring.numberAtSlot(slot, this.timeField) * 1000);
      cells[c++] = Number.isFinite(ms) ? new Date(ms).toISOString() : "";
      cells[c++] = Number.isFinite(ms) ? String(ms) : "";
    }
    const writers = this.writers;
    for (let w = 0; w < writers.length; w++) {
      const writer = writers[w]!;
      if (writer.kind === "number") {
        const v = ring.numberAtSlot(slot, writer.index);
        cells[c++] =
          writer.decimals !== null
            ? formatRounded(v * writer.scale + writer.offset, writer.decimals)
            : writer.f32
              ? formatFloat32(v)
              : formatFloat64(v);
      } else if (writer.kind === "boolean") {
        cells[c++] = formatBoolean(ring.booleanAtSlot(slot, writer.index));
      } else {
        cells[c++] = quoteString(ring.stringAtSlot(slot, writer.index));
      }
    }
    return cells.join(",");
  }
}
