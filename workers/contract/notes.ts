// Notes on the timeline: what a strategist writes at a moment or over a range
// ("driver swap", "BMS trip, reset at 14:02"). The notes feature
// (workers/telemetry/notes/) keeps them in the core, so every window sees a
// note at once, and records each with the live session, so a reload or a
// replay brings them back. Types only, like the rest of the contract.

/** The colours a note may take (workers/shared/notes.ts lists them; the UI maps each to its palette). */
export type NoteColour = "blue" | "green" | "orange" | "red" | "violet" | "grey";

export interface Note {
  /** Unique within the session, made by the core. */
  id: string;
  /** The moment, or the range's start (packet time, epoch seconds). */
  from: number;
  /** The range's end; null for a moment. */
  to: number | null;
  text: string;
  tags: string[];
  colour: NoteColour;
  /** The window that wrote it ("Window 2"). */
  window: string;
  /** When it was last written (wall clock, epoch ms): the newest version of a note wins. */
  editedAt: number;
}

/** What a window sends to make a note; the core fills in the rest. */
export interface NoteDraft {
  /** "now": the newest packet's time (the "Note now" button and key while live). */
  from: number | "now";
  to?: number | null;
  text: string;
  tags?: string[];
  colour?: NoteColour;
  window: string;
}

/** What an edit may change. */
export type NoteChange = Partial<Pick<Note, "from" | "to" | "text" | "tags" | "colour">>;

/** A note made, changed or deleted (the deleted one, for an undo), or why not: nothing changed. */
export type NoteResult = { ok: true; note: Note } | { ok: false; message: string };

/** The window's view's notes, oldest moment first. */
export interface NoteList {
  notes: Note[];
  /** Notes can be made and changed in this view (live; a replay's are read only for now). */
  writable: boolean;
}

/** The notes' part of a window's snapshot: a window reads the list again when it moves. */
export interface NotesSummary {
  revision: number;
  count: number;
}

/** A notes file taken (notes already there are skipped), or why not: nothing changed. */
export type NotesImported =
  { ok: true; added: number; skipped: number } | { ok: false; message: string };

/** A notes file to save: text (JSON, CSV) or bytes (Parquet). */
export interface NotesFile {
  fileName: string;
  data: string | Uint8Array;
  mime: string;
  count: number;
}

/** The notes files: JSON (every field), CSV (a spreadsheet), Parquet (beside a Parquet export). */
export type NotesFormat = "json" | "csv" | "parquet";

/** Packet-time bounds (epoch s), both included; null: open. */
export interface NotesSpan {
  from: number | null;
  to: number | null;
}

export interface NotesApi {
  /** Makes a note in the live session, shown in every window at once. */
  addNote(draft: NoteDraft): NoteResult;
  editNote(id: string, change: NoteChange): NoteResult;
  deleteNote(id: string): NoteResult;
  /** Puts a deleted note back as it was (the undo of deleteNote). */
  restoreNote(note: Note): NoteResult;
  notes(): NoteList;
  /**
   * The view's notes as a file; with `span`, those that overlap it (beside a
   * range's export), named after `baseName` when given ("<base>-notes.csv").
   */
  exportNotes(format: NotesFormat, span?: NotesSpan, baseName?: string): NotesFile;
  /** Takes a notes file (JSON or CSV) into the live session, made by `window`; one bad note refuses it all. */
  importNotes(text: string, fileName: string, window: string): NotesImported;
}
