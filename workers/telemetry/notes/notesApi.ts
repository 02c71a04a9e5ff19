// The notes' calls of one window (NotesApi). Live, the core's notes, which
// every window shares; in a replay, the notes recorded with what it shows,
// read only for now (a note made during a replay would belong to that
// session, which the recorder does not write to).
import type { NoteList, NotesApi, NotesSummary } from "../../contract/notes";
import type { FeatureView, WindowAccess } from "../pipeline/Feature";
import { NoteBook } from "./noteBook";
import { notesCsv, notesJson, readNotesFile } from "./noteFiles";
import type { NoteSpan, SeriesRequest, SeriesResult } from "../../contract/series";
import { windowStart } from "../../shared/plots/seriesWindow";
import type { NotePin } from "../../contract/track";
import { placeAt } from "../geo/placeAt";
import type { NotesDesk } from "./notesDesk";

const READ_ONLY = {
  ok: false as const,
  message: "Notes are made and changed while live; a replay shows its session's notes.",
};

/** The notes a view shows: the live ones, or those recorded with a replay's session. */
export function shownNotes(desk: NotesDesk, view: FeatureView): NoteList {
  if (view.live || view.recorded === null) return { notes: desk.book.list(), writable: view.live };
  const book = new NoteBook();
  book.takeEvents(view.recorded);
  return { notes: book.list(), writable: false };
}

export function notesSummary(desk: NotesDesk, view: FeatureView): NotesSummary {
  if (view.live) return desk.summary();
  // A replay's notes change only with what it shows: its recorded events' count stands in.
  return {
    revision: -(view.recorded?.length ?? 0) - 1,
    count: shownNotes(desk, view).notes.length,
  };
}

export function notesApi(desk: NotesDesk, window: WindowAccess): NotesApi {
  const live = () => window.view().live;
  return {
    addNote: (draft) => (live() ? desk.add(draft) : READ_ONLY),
    editNote: (id, change) => (live() ? desk.edit(id, change) : READ_ONLY),
    deleteNote: (id) => (live() ? desk.delete(id) : READ_ONLY),
    restoreNote: (note) => (live() ? desk.restoreNote(note) : READ_ONLY),
    notes: () => shownNotes(desk, window.view()),
    exportNotes: (format) => {
      const notes = shownNotes(desk, window.view()).notes;
      const day = new Date().toISOString().slice(0, 10);
      return {
        fileName: `helios-notes-${day}.${format}`,
        text: format === "csv" ? notesCsv(notes) : notesJson(notes),
        count: notes.length,
      };
    },
    importNotes: (text, fileName, windowName) => {
      if (!live()) return READ_ONLY;
      const read = readNotesFile(String(text), String(fileName));
      return read.ok ? desk.importNotes(read.notes, String(windowName)) : read;
    },
  };
}

/** Pins on the map at most (the newest): more would hide the track. */
const MAX_NOTE_PINS = 300;

/** The view's notes made in [from, to], pinned where the car was then (those with a fix). */
export function notePins(
  desk: NotesDesk,
  view: FeatureView,
  from: number | null,
  to: number | null,
): NotePin[] {
  const pins: NotePin[] = [];
  const notes = shownNotes(desk, view).notes;
  for (let i = notes.length - 1; i >= 0 && pins.length < MAX_NOTE_PINS; i--) {
    const note = notes[i]!;
    if (note.from < (from ?? -Infinity) || note.from > (to ?? Infinity)) continue;
    const place = placeAt(view.store.ring, note.from);
    if (place)
      pins.push({ id: note.id, time: note.from, colour: note.colour, text: note.text, ...place });
  }
  return pins;
}

/**
 * Adds to each answer the view's notes over the plot's whole window (a live
 * tail's answer covers the window, as its alert spans do).
 */
export function addNoteSpans(
  desk: NotesDesk,
  view: FeatureView,
  requests: readonly SeriesRequest[],
  results: SeriesResult[],
): void {
  const notes = shownNotes(desk, view).notes;
  if (notes.length === 0) return;
  results.forEach((result, i) => {
    const request = requests[i];
    const from = request ? windowStart(request, result) : null;
    if (!request || from === null) return;
    const to = request.to ?? Infinity;
    const spans: NoteSpan[] = [];
    for (const note of notes)
      if (note.from <= to && (note.to ?? note.from) >= from)
        spans.push({ from: note.from, to: note.to, colour: note.colour });
    if (spans.length > 0) result.noteSpans = spans;
  });
}
