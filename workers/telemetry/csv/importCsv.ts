// CSV → history: reads a file written by our export (or the reference
// product's export helper) in pieces with papaparse and stores each row in the
// given store. A row whose cells all pass the per-column check goes straight
// into the typed columns (FastRowReader); any other row is rebuilt into a
// packet and validated with the packet schema (TelemetryStore.ingest), which
// gives its reason. Bad files get one clear message; bad rows are counted with
// their row numbers; a quote that never closes cuts the file there, and the
// report says where; nothing throws.
import Papa from "papaparse";
import { formatMegabytes } from "../../shared/megabytes";
import type { CsvImportReport, CsvRowFailure } from "../../contract/csv";
import type { TelemetryStore } from "../store/TelemetryStore";
import type { GenerationTable } from "../schema/generationTable";
import { StringPool, parseBooleanCell, parseNumberCell, unneutralise } from "./csvCells";
import { readHeader, type ColumnBinding } from "./csvHeader";
import { FastRowReader } from "./fastRow";
import { PacketBuilder } from "./packetBuilder";
import { completeLinesEnd, textChunks } from "./textChunks";

/**
 * Larger files are refused before reading (about 150,000 rows of every field).
 * The one place the limit is set: the message and docs/using.md say "256 MB".
 */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
const KEEP_FAILURES = 20;

const UNCLOSED_QUOTE =
  "a quote opens a cell here and is never closed, so this row and everything after it read as one cell: not imported";

interface ImportOptions {
  fileName?: string;
  signal?: AbortSignal;
  onProgress?: (bytesDone: number, bytesTotal: number, rows: number) => void;
  maxBytes?: number;
  /** Read piece size in bytes (tests use small ones to cross boundaries). */
  chunkBytes?: number;
  /** The wire generations whose column names are read (default: the real table; tests add entries). */
  generations?: GenerationTable;
}

function detectDelimiter(headerLine: string): string {
  const counts = [",", ";", "\t"].map((d) => [d, headerLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ",";
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

class RowImporter {
  rowsRead = 0;
  rowsImported = 0;
  rowsFailed = 0;
  /** The row whose quote never closes (the file is read up to it), or null. */
  cutAt: number | null = null;
  readonly failures: CsvRowFailure[] = [];
  private readonly builder: PacketBuilder;
  private readonly fast: FastRowReader;
  private readonly pool = new StringPool();

  constructor(
    private readonly store: TelemetryStore,
    private readonly bindings: ColumnBinding[],
    private readonly width: number,
    private readonly decimalComma: boolean,
  ) {
    this.builder = new PacketBuilder(bindings);
    this.fast = new FastRowReader(store.layout, bindings, width, decimalComma, this.pool);
  }

  row(cells: string[]): void {
    const rowNumber = ++this.rowsRead + 1; // the header is row 1
    if (this.fast.tryStore(cells, this.store)) {
      this.rowsImported++;
      return;
    }
    const reason = this.rebuildAndStore(cells);
    if (reason === null) {
      this.rowsImported++;
      return;
    }
    this.rowsFailed++;
    if (this.failures.length < KEEP_FAILURES) this.failures.push({ row: rowNumber, reason });
  }

  /** The row whose quote never closes: counted as read and failed, and nothing after it is read. */
  cut(): void {
    const rowNumber = ++this.rowsRead + 1;
    this.rowsFailed++;
    this.cutAt = rowNumber;
    // Named last in the table even when it is full: it is why the rest is missing.
    if (this.failures.length >= KEEP_FAILURES) this.failures.pop();
    this.failures.push({ row: rowNumber, reason: UNCLOSED_QUOTE });
  }

  /** The slow path (a row the fast check did not accept): null when stored, else why not. */
  private rebuildAndStore(cells: string[]): string | null {
    if (cells.length !== this.width)
      return `${cells.length} cells where the header has ${this.width}`;
    const { root, holders } = this.builder.begin();
    const bindings = this.bindings;
    for (let b = 0; b < bindings.length; b++) {
      const binding = bindings[b]!;
      const cell = cells[binding.column]!;
      let value: number | boolean | string;
      if (binding.kind === "number") {
        const shown = parseNumberCell(cell, this.decimalComma);
        if (shown === null)
          return cell.trim() === ""
            ? `${binding.path}: empty`
            : `${binding.path}: "${cell.slice(0, 40)}" is not a decimal number`;
        value =
          binding.scale === 1 && binding.offset === 0
            ? shown
            : (shown - binding.offset) / binding.scale;
      } else if (binding.kind === "boolean") {
        const bool = parseBooleanCell(cell);
        if (bool === null) return `${binding.path}: "${cell.slice(0, 40)}" is not true/false`;
        value = bool;
      } else {
        value = this.pool.get(unneutralise(cell));
      }
      this.builder.set(holders, b, value);
    }
    if (this.store.ingest(root, "REPLAY")) return null;
    return this.store.counters().recentRejections.at(-1)?.reason ?? "not a valid packet";
  }
}

/**
 * Lines handed to papaparse at a time. Each call's rows stay alive until they
 * are stored, so small calls keep that garbage young and cheap to collect
 * (a whole read piece of ~500 rows at once survived into the old generation).
 */
const PARSE_CHARS = 64 * 1024;

/**
 * Parses whole lines (text ends at a line end outside quotes) and hands each
 * row over, up to a quote that never closes (then `importer.cutAt` is set).
 */
function parseLines(text: string, config: Papa.ParseConfig, importer: RowImporter): void {
  for (let at = 0; at < text.length;) {
    let end = text.length;
    if (end - at > PARSE_CHARS) {
      const upTo = completeLinesEnd(text.slice(at, at + PARSE_CHARS));
      if (upTo > 0) end = at + upTo; // else one row is longer than PARSE_CHARS: take the rest
    }
    const parsed = Papa.parse<string[]>(text.slice(at, end), config);
    const rows = parsed.data;
    // papaparse reads an unclosed quote's cell to the end of its input (MissingQuotes),
    // so that row is the last one: the rows before it are whole, it and the rest are not.
    const cut = parsed.errors.some((error) => error.code === "MissingQuotes");
    const whole = cut ? Math.max(0, rows.length - 1) : rows.length;
    for (let r = 0; r < whole; r++) importer.row(rows[r]!);
    if (cut) return importer.cut();
    at = end;
  }
}

/** An import that read nothing, and why (also the refusals before one starts). */
export function failedImport(fileName: string, message: string): CsvImportReport {
  return {
    ok: false,
    message,
    fileName,
    rowsRead: 0,
    rowsImported: 0,
    rowsFailed: 0,
    failures: [],
    notes: [],
  };
}

export async function importCsv(
  input: Blob | string,
  store: TelemetryStore,
  options: ImportOptions = {},
): Promise<CsvImportReport> {
  const fileName = options.fileName ?? "file";
  const size = typeof input === "string" ? input.length : input.size;
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  if (size > maxBytes)
    return failedImport(
      fileName,
      `${fileName} is ${formatMegabytes(size)}; the largest CSV Helios imports is ${formatMegabytes(maxBytes)}. Export a shorter time range or a lower resolution.`,
    );
  if (size === 0) return failedImport(fileName, `${fileName} is empty.`);
  try {
    return await readAll(input, store, options, fileName, size);
  } catch (error) {
    // A read error (file changed or removed while reading) is a message, not a crash.
    return failedImport(
      fileName,
      `Could not read ${fileName}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function readAll(
  input: Blob | string,
  store: TelemetryStore,
  options: ImportOptions,
  fileName: string,
  size: number,
): Promise<CsvImportReport> {
  let pending = "";
  let importer: RowImporter | null = null;
  let parseConfig: Papa.ParseConfig = {};
  const notes: string[] = [];
  let first = true;
  let bytesDone = 0;
  for await (const chunk of textChunks(input, options.chunkBytes)) {
    if (options.signal?.aborted)
      return {
        ...failedImport(fileName, "Import cancelled."),
        ...(importer ? counts(importer) : {}),
      };
    bytesDone = chunk.bytesDone;
    const last = bytesDone >= size;
    pending += chunk.text;
    if (first) {
      if (pending.charCodeAt(0) === 0xfeff) {
        pending = pending.slice(1);
        notes.push("Skipped the byte order mark (BOM).");
      }
      if (pending.includes("\u0000"))
        return failedImport(fileName, `${fileName} is not a text file, so not CSV.`);
      if (/^\s*[{[]/.test(pending))
        return failedImport(fileName, `${fileName} looks like JSON, not CSV.`);
      first = false;
    }
    if (!importer) {
      const headerEnd = pending.indexOf("\n");
      if (headerEnd === -1 && !last) continue;
      const headerText = headerEnd === -1 ? pending : pending.slice(0, headerEnd);
      const crlf = headerText.endsWith("\r");
      const delimiter = detectDelimiter(headerText);
      parseConfig = { delimiter, newline: crlf ? "\r\n" : "\n", skipEmptyLines: true };
      const names =
        Papa.parse<string[]>(crlf ? headerText.slice(0, -1) : headerText, { delimiter }).data[0] ??
        [];
      const reading = readHeader(names, store.layout, options.generations);
      if (!reading.ok) return failedImport(fileName, reading.message);
      if (delimiter !== ",")
        notes.push(`Cells separated by "${delimiter === "\t" ? "tab" : delimiter}".`);
      notes.push(...reading.notes);
      importer = new RowImporter(store, reading.bindings, names.length, delimiter === ";");
      pending = headerEnd === -1 ? "" : pending.slice(headerEnd + 1);
    }
    const end = last ? pending.length : completeLinesEnd(pending);
    if (end > 0) {
      parseLines(pending.slice(0, end), parseConfig, importer);
      pending = pending.slice(end);
    }
    if (importer.cutAt !== null) break; // the rest of the file is inside the unclosed cell
    options.onProgress?.(bytesDone, size, importer.rowsRead);
    await nextTask(); // let the worker answer snapshots and a Cancel between pieces
  }
  if (options.signal?.aborted)
    return {
      ...failedImport(fileName, "Import cancelled."),
      ...(importer ? counts(importer) : {}),
    };
  if (!importer) return failedImport(fileName, `${fileName} has no header line.`);
  return finish(importer, store, fileName, notes);
}

function counts(importer: RowImporter) {
  const { rowsRead, rowsImported, rowsFailed, failures } = importer;
  return { rowsRead, rowsImported, rowsFailed, failures: [...failures] };
}

function finish(
  importer: RowImporter,
  store: TelemetryStore,
  fileName: string,
  notes: string[],
): CsvImportReport {
  const c = counts(importer);
  if (c.rowsRead === 0)
    return { ...failedImport(fileName, `${fileName} has a header but no data rows.`), notes };
  const kept = store.counters().historyLength;
  if (kept < c.rowsImported)
    notes.push(`History holds ${kept} rows: the oldest ${c.rowsImported - kept} were dropped.`);
  const ok = c.rowsImported > 0;
  const failedText = c.rowsFailed > 0 ? `; ${c.rowsFailed} failed validation` : "";
  const message =
    importer.cutAt !== null
      ? cutMessage(c, importer.cutAt, fileName)
      : ok
        ? `Imported ${c.rowsImported} of ${c.rowsRead} rows from ${fileName}${failedText}.`
        : `None of the ${c.rowsRead} rows of ${fileName} is a valid packet.`;
  return { ok, message, fileName, ...c, notes };
}

/** A file cut by a quote that never closes: where, why, and what was imported before it. */
function cutMessage(c: ReturnType<typeof counts>, row: number, fileName: string): string {
  const why =
    `${fileName} is cut at row ${row}: a quote opens a cell there and is never closed, so ` +
    "that row and everything after it read as one cell and were not imported.";
  const before = c.rowsRead - 1;
  const failed = c.rowsFailed - 1;
  if (c.rowsImported === 0)
    return before > 0
      ? `${why} None of the ${before} rows before it is a valid packet.`
      : `${why} Nothing was imported.`;
  const failedText = failed > 0 ? `; ${failed} failed validation` : "";
  return `${why} Imported ${c.rowsImported} of the ${before} rows before it${failedText}.`;
}
