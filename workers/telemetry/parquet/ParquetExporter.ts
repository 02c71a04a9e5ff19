// Writes the chosen rows of one history as a Parquet file, a piece at a time
// like the CSV export, so the worker answers snapshots in between, and row
// group by row group from the history (ExportRows: each group's rows copied
// when it begins), so memory stays bounded by one row group: a day's export
// once copied the whole span first, 509 MB above rest (issue 58).
//
// Library: hyparquet-writer 0.17 (pure JS). Measured against parquet-wasm 0.8
// (+ apache-arrow 21 to build its input) on 20,000 history rows × every column,
// snappy, medians of 3–5 runs on a shared 2-core machine (so ranges): hyparquet-
// writer as configured here 27,000–39,000 rows/s and 619 KB (its defaults:
// 13,000–21,000 rows/s, 629 KB); parquet-wasm 19,000–45,000 rows/s and 776 KB.
// Neither is clearly faster. parquet-wasm ships 4.9 MB of WebAssembly (1.6 MB
// gzipped) and needs 'wasm-unsafe-eval' in the Content-Security-Policy;
// hyparquet-writer is 54 KB minified (17 KB gzipped) of plain JS. Chosen:
// hyparquet-writer.
//
// The settings that matter for speed: columns without gaps are REQUIRED (no
// definition levels to encode), and min/max statistics are written for the
// time column only (they cost as much as the rest of the encoding together and
// only time is a useful filter); number columns are written PLAIN rather than
// dictionary-encoded, and snappy then shrinks their repeats. The writer's
// dictionary first samples each column, then builds a Map of its values:
// measured on 30,000 rows × every column, interleaved, PLAIN numbers wrote
// 47,500 rows/s against 38,400–39,600 with dictionaries (2.2× the CSV export
// against 1.7–1.8×), for 2.34 MB against 1.66 MB (4 % of the CSV's bytes
// against 2.8 %). BYTE_STREAM_SPLIT gave 42,400–43,300 rows/s and 2.15 MB.
// Booleans and strings keep the writer's defaults (bits; dictionaries). And
// one page per column chunk: the writer's paging estimates each value's size
// in a call per value. On 100,000 rows × every column, the two took Parquet
// from 1.6× to 2.7× the CSV export's rate (bench:math).
import { ByteWriter, ParquetWriter } from "hyparquet-writer";
import type { CsvExportRequest } from "../../contract/csv";
import type { ColumnRing } from "../history/ColumnRing";
import { ExportRows, exportFileName } from "../csv/exportRows";
import { columnData } from "./columnData";
import { releaseBuffer } from "../../shared/releaseBuffer";
import { parquetColumns, parquetSchema, withGaps, type ParquetColumn } from "./parquetColumns";

export const PARQUET_MIME = "application/vnd.apache.parquet";
/** Rows per row group: big enough for dictionaries and compression to pay, small enough for memory. */
const ROW_GROUP_ROWS = 16_384;
/** Cells written per piece: about what one CSV chunk costs (1,000 rows × ~320 columns). */
const CELLS_PER_PIECE = 320_000;

export class ParquetExporter {
  readonly header: string[];
  readonly fileName: string;
  /** The chosen rows, read from the history a row group at a time. */
  private readonly rows: ExportRows;
  /** The row group being written, copied from the history when it began (one ring, refilled). */
  private group: ColumnRing | null = null;
  /** Slots 0..groupRows-1: a group's logical row i is its slot i. */
  private readonly groupSlots: Int32Array;
  /** Every chosen row's slot in a history held still (heldStill); null for a live history. */
  private readonly stillSlots: Int32Array | null;
  private readonly columns: ParquetColumn[];
  private readonly out = new ByteWriter(1 << 20);
  private readonly writer: ParquetWriter;
  private readonly columnsPerPiece: number;
  private readonly groupRows: number;
  /** The row group being written: its first row, and how many of its columns are done. */
  private groupStart = 0;
  private columnsDone = 0;
  private finished = false;

  constructor(
    private readonly history: ColumnRing,
    request: CsvExportRequest,
    source: string,
    sizes: { groupRows?: number; cellsPerPiece?: number } = {},
    /**
     * The caller changes no row of `history` until the file is written (a
     * season's part): row groups are read where they are, not copied first.
     */
    heldStill = false,
  ) {
    this.groupRows = Math.max(1, sizes.groupRows ?? ROW_GROUP_ROWS);
    this.rows = new ExportRows(history, request);
    const slots = this.rows.slotsNow();
    this.stillSlots = heldStill ? slots : null;
    this.groupSlots = Int32Array.from({ length: this.groupRows }, (_, i) => i);
    this.columns = withGaps(parquetColumns(history.names, request), history, slots);
    this.header = this.columns.map((c) => c.name);
    this.fileName = exportFileName(source, this.rows, "parquet");
    this.columnsPerPiece = Math.max(
      1,
      Math.floor((sizes.cellsPerPiece ?? CELLS_PER_PIECE) / this.groupRows),
    );
    const units = Object.fromEntries(this.columns.map((c) => [c.name, c.unit]));
    this.writer = new ParquetWriter({
      writer: this.out,
      schema: parquetSchema(this.columns),
      statistics: false,
      kvMetadata: [{ key: "helios.units", value: JSON.stringify(units) }],
      createdBy: "Helios telemetry dashboard (hyparquet-writer)",
    });
  }

  get rowCount(): number {
    return this.rows.count;
  }

  get rowsDone(): number {
    const groupRows = Math.min(this.groupRows, this.rows.count - this.groupStart);
    if (this.finished || groupRows <= 0) return this.finished ? this.rows.count : this.groupStart;
    return this.groupStart + Math.floor((groupRows * this.columnsDone) / this.columns.length);
  }

  get done(): boolean {
    return this.finished;
  }

  /** Given up before the end: the history no longer keeps rows for it. */
  close(): void {
    this.rows.close();
    this.group = null;
  }

  /** The next bytes of the file; the last piece carries the footer. Empty once done. */
  nextChunk(): Uint8Array<ArrayBuffer> {
    if (this.finished) return new Uint8Array(0);
    if (this.groupStart < this.rows.count) this.writePiece();
    if (this.groupStart >= this.rows.count) {
      void this.writer.finish();
      this.finished = true;
      this.close();
    }
    return this.takeBytes();
  }

  /**
   * Writes the next few columns of the current row group. The writer makes a
   * row group per call; a group written in pieces is joined back into one
   * (its column chunks in schema order, sizes summed) before the next starts.
   */
  private writePiece(): void {
    const lo = this.groupStart;
    const hi = Math.min(this.rows.count, lo + this.groupRows);
    const first = this.columnsDone;
    const last = Math.min(this.columns.length, first + this.columnsPerPiece);
    if (first === 0 && !this.stillSlots) this.group = this.rows.take(hi - lo, this.group);
    const [ring, slots, at] = this.stillSlots
      ? [this.history, this.stillSlots, lo]
      : [this.group!, this.groupSlots, 0];
    const pieceColumns = this.columns.slice(first, last);
    const columnData_ = pieceColumns.map((column) => ({
      name: column.name,
      data: columnData(column, ring, slots, at, at + hi - lo),
      statistics: column.kind === "timestamp",
      ...encodingOf(column),
    }));
    // pageSize 0: one page per column chunk (at most 16,384 values, 128 KB).
    // The writer otherwise sizes pages value by value, a tenth of its time.
    void this.writer.write({ columnData: columnData_, rowGroupSize: hi - lo, pageSize: 0 });
    // A boolean column's bytes are this piece's own copy (never the ring's): freed now.
    pieceColumns.forEach((column, i) => {
      if (column.kind === "boolean") releaseBuffer((columnData_[i]!.data as Uint8Array).buffer);
    });
    if (first > 0) this.joinLastRowGroups();
    this.columnsDone = last;
    if (last >= this.columns.length) {
      this.groupStart = hi;
      this.columnsDone = 0;
    }
  }

  private joinLastRowGroups(): void {
    const groups = this.writer.row_groups;
    const piece = groups.pop()!;
    const group = groups[groups.length - 1]!;
    group.columns.push(...piece.columns);
    group.total_byte_size += piece.total_byte_size;
    group.total_compressed_size =
      (group.total_compressed_size ?? 0n) + (piece.total_compressed_size ?? 0n);
    this.writer.num_rows -= piece.num_rows;
  }

  /** The bytes written since the last piece, copied; the buffer is then reused. */
  private takeBytes(): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(this.out.buffer, 0, this.out.index).slice();
    this.out.index = 0;
    return bytes;
  }
}

/**
 * Numbers PLAIN, not dictionary-encoded (see the file's header). Booleans RLE,
 * the writer's own choice for more than 16 values, asked for so their 1/0
 * bytes are taken as they are at any length (PLAIN wants JS booleans): a
 * JS array per boolean column (157 of 327) and the writer's two copies of it
 * were most of the garbage that lifted a day's export to 112–143 MB above
 * rest before V8 collected it; as bytes, 63–80 MB (345,600 rows, Node, a
 * loaded 2-core machine).
 */
function encodingOf(column: ParquetColumn): { encoding?: "PLAIN" | "RLE" } {
  if (column.kind === "float" || column.kind === "double") return { encoding: "PLAIN" };
  if (column.kind === "boolean") return { encoding: "RLE" };
  return {};
}
