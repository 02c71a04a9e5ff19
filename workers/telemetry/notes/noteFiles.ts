// Notes as files: JSON (every field, for another copy of the app) and CSV
// (for a spreadsheet: times written out, text quoted and made safe from
// formulae). Reading either checks the whole file first: one bad row and
// nothing is taken, and the message says which row and why.
import Papa from "papaparse";
import { z } from "zod";
import type { Note, NotesFile, NotesFormat, NotesSpan } from "../../contract/notes";
import { parquetWriteBuffer } from "hyparquet-writer";
import { PARQUET_MIME } from "../parquet/ParquetExporter";
import { NOTE_COLOURS } from "../../shared/notes";
import { quoteString, unneutralise } from "../csv/csvCells";
import { noteTagsSchema, noteTextSchema } from "./noteSchema";

/** What a file gives of a note: the core makes it again (id, window if absent, editedAt). */
export interface NoteFromFile {
  id?: string;
  from: number;
  to: number | null;
  text: string;
  tags: string[];
  colour: Note["colour"];
  window?: string;
}

export type NotesRead = { ok: true; notes: NoteFromFile[] } | { ok: false; message: string };

/** A file's notes at most, and its size (characters): a race day has dozens. */
export const NOTES_FILE_MAX = 10_000;
const FILE_CHARS_MAX = 8_000_000;

const FORMAT = "helios-notes";
const VERSION = 1;

const time = z.number({ error: "is not a time." }).refine(Number.isFinite, "is not a time.");
const fromFileSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  from: time,
  to: time.nullable().optional(),
  text: noteTextSchema,
  tags: noteTagsSchema.optional(),
  colour: z.enum(NOTE_COLOURS, { error: `is one of ${NOTE_COLOURS.join(", ")}.` }).optional(),
  window: z.string().max(64).optional(),
});
const jsonFileSchema = z.object({
  format: z.literal(FORMAT, { error: `is not "${FORMAT}".` }),
  version: z.literal(VERSION, { error: `is not ${VERSION}: this app reads version ${VERSION}.` }),
  notes: z.array(z.unknown()).max(NOTES_FILE_MAX, `holds more than ${NOTES_FILE_MAX} notes.`),
});

/** The CSV's columns, as a spreadsheet user reads them. */
const CSV_COLUMNS = [
  "Start (UTC)",
  "End (UTC)",
  "Start (epoch s)",
  "End (epoch s)",
  "Text",
  "Tags",
  "Colour",
  "Window",
] as const;

/** The notes that overlap `span` (all without one), as a file of `format`. */
export function notesFile(
  notes: readonly Note[],
  format: NotesFormat,
  span?: NotesSpan,
  baseName?: string,
): NotesFile {
  const from = span?.from ?? -Infinity;
  const to = span?.to ?? Infinity;
  const chosen = span ? notes.filter((n) => n.from <= to && (n.to ?? n.from) >= from) : notes;
  const base =
    typeof baseName === "string" && baseName !== ""
      ? baseName.replace(/\.[^.]*$/, "")
      : `helios-${new Date().toISOString().slice(0, 10)}`;
  const fileName = `${base}-notes.${format}`;
  if (format === "parquet")
    return { fileName, data: notesParquet(chosen), mime: PARQUET_MIME, count: chosen.length };
  if (format === "csv")
    return { fileName, data: notesCsv(chosen), mime: "text/csv", count: chosen.length };
  return { fileName, data: notesJson(chosen), mime: "application/json", count: chosen.length };
}

/**
 * The notes as a Parquet table beside a Parquet export: start and end in
 * epoch seconds (end null for a moment), text, tags (comma-separated),
 * colour and window, the columns snake_case for DuckDB, Polars and Spark.
 */
export function notesParquet(notes: readonly Note[]): Uint8Array {
  const column = (name: string, type: "DOUBLE" | "STRING", data: unknown[], nullable = false) => ({
    name,
    type,
    data,
    nullable,
  });
  const buffer = parquetWriteBuffer({
    columnData: [
      column(
        "start_epoch_s",
        "DOUBLE",
        notes.map((n) => n.from),
      ),
      column(
        "end_epoch_s",
        "DOUBLE",
        notes.map((n) => n.to),
        true,
      ),
      column(
        "text",
        "STRING",
        notes.map((n) => n.text),
      ),
      column(
        "tags",
        "STRING",
        notes.map((n) => n.tags.join(", ")),
      ),
      column(
        "colour",
        "STRING",
        notes.map((n) => n.colour),
      ),
      column(
        "window",
        "STRING",
        notes.map((n) => n.window),
      ),
    ],
  });
  return new Uint8Array(buffer);
}

export function notesJson(notes: readonly Note[]): string {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, notes }, null, 2)}\n`;
}

export function notesCsv(notes: readonly Note[]): string {
  const iso = (t: number | null) => (t === null ? "" : new Date(t * 1000).toISOString());
  const lines = [Papa.unparse([[...CSV_COLUMNS]], { header: false })];
  for (const note of notes)
    lines.push(
      [
        iso(note.from),
        iso(note.to),
        String(note.from),
        note.to === null ? "" : String(note.to),
        quoteString(note.text),
        quoteString(note.tags.join(", ")),
        note.colour,
        quoteString(note.window),
      ].join(","),
    );
  return `${lines.join("\r\n")}\r\n`;
}

/** Reads a notes file (JSON or CSV, by its name or its first character); one bad note refuses it all. */
export function readNotesFile(text: string, fileName: string): NotesRead {
  if (text.length > FILE_CHARS_MAX)
    return { ok: false, message: `${fileName} is too large for a notes file.` };
  const json = /\.json$/i.test(fileName) || /^\s*[{[]/.test(text);
  const rows = json ? jsonRows(text, fileName) : csvRows(text, fileName);
  if (!rows.ok) return rows;
  const notes: NoteFromFile[] = [];
  for (const [i, row] of rows.rows.entries()) {
    const parsed = fromFileSchema.safeParse(row);
    if (!parsed.success)
      return { ok: false, message: `${fileName}, ${rows.what} ${i + 1}: ${problem(parsed.error)}` };
    const note = parsed.data;
    if (note.to != null && note.to < note.from)
      return {
        ok: false,
        message: `${fileName}, ${rows.what} ${i + 1}: the range ends before it starts.`,
      };
    notes.push({
      ...note,
      to: note.to ?? null,
      tags: note.tags ?? [],
      colour: note.colour ?? "blue",
    });
  }
  if (notes.length === 0) return { ok: false, message: `${fileName} holds no notes.` };
  return { ok: true, notes };
}

type Rows = { ok: true; rows: unknown[]; what: string } | { ok: false; message: string };

function jsonRows(text: string, fileName: string): Rows {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: `${fileName} is not JSON.` };
  }
  const file = jsonFileSchema.safeParse(data);
  if (!file.success) {
    const issue = file.error.issues[0];
    const part = issue?.path.length ? `its "${issue.path.join(".")}" ` : "";
    return {
      ok: false,
      message: `${fileName} is not a notes file: ${part}${issue?.message ?? ""}`.trim(),
    };
  }
  return { ok: true, rows: file.data.notes, what: "note" };
}

function csvRows(text: string, fileName: string): Rows {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes("Start (epoch s)") || !fields.includes("Text"))
    return {
      ok: false,
      message: `${fileName} is not a notes CSV: it needs the columns "Start (epoch s)" and "Text".`,
    };
  if (parsed.data.length > NOTES_FILE_MAX)
    return { ok: false, message: `${fileName} holds more than ${NOTES_FILE_MAX} notes.` };
  const cell = (row: Record<string, string>, column: string) =>
    unneutralise((row[column] ?? "").trim());
  const number = (value: string) => (value === "" ? null : Number(value));
  const rows = parsed.data.map((row) => {
    const tags = cell(row, "Tags");
    const colour = cell(row, "Colour");
    const window = cell(row, "Window");
    return {
      from: number(cell(row, "Start (epoch s)")) ?? NaN,
      to: number(cell(row, "End (epoch s)")),
      text: cell(row, "Text"),
      tags:
        tags === ""
          ? []
          : tags
              .split(",")
              .map((t) => t.trim())
              .filter(Boolean),
      ...(colour ? { colour: colour.toLowerCase() } : {}),
      ...(window ? { window } : {}),
    };
  });
  return { ok: true, rows, what: "row" };
}

const PARTS: Record<string, string> = {
  from: "its time",
  to: "its range's end",
  colour: "its colour",
  window: "its window's name",
  id: "its id",
};

function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "not a note.";
  const part = PARTS[String(issue.path[0])];
  return part ? `${part} ${issue.message}` : issue.message;
}
