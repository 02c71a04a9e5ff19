// The notes' calls of one window (NotesApi). Live, the core's notes, which
// every window shares; in a replay, the notes recorded with what it shows,
// read only for now (a note made during a replay would belong to that
// session, which the recorder does not write to).
import type { Note, NoteList, NotesApi, NotesSummary } from "../../contract/notes";
import type { SessionEvent } from "../../contract/events";
import type { FeatureView, WindowAccess } from "../pipeline/Feature";
import { NoteBook } from "./noteBook";
import { notesFile, readNotesFile } from "./noteFiles";
import type { SeriesRequest, SeriesResult } from "../../contract/series";
import { windowStart } from "../../shared/plots/seriesWindow";
import { noteSpansOf } from "../../shared/plots/noteBands";
import type { NotePin } from "../../contract/track";
import { placeAt } from "../geo/placeAt";
import type { NotesDesk } from "./notesDesk";
import type { NotesReplay } from "./notesReplay";

const READ_ONLY = {
  ok: false as const,
  message:
    "Notes are kept with recorded sessions: this replay (a backend range or a file) has none to keep them in.",
};

/** Where a view's notes are written: the live desk, a replayed session's, or nowhere (read only). */
function writer(desk: NotesDesk, view: FeatureView, replay: NotesReplay | null): NotesDesk | null {
  if (view.live) return desk;
  return replay?.desk ?? null;
}

/** The notes a view shows: the live ones, a replayed session's, or those recorded with what it shows. */
export function shownNotes(
  desk: NotesDesk,
  view: FeatureView,
  replay: NotesReplay | null = null,
): NoteList {
  const own = writer(desk, view, replay);
  if (own) return { notes: [...own.book.list()], writable: true };
  return { notes: [...recordedNotes(view.recorded ?? [])], writable: false };
}

/** A replay's recorded notes, read (and checked) once per list of events it holds. */
const readNotes = new WeakMap<readonly SessionEvent[], readonly Note[]>();
function recordedNotes(events: readonly SessionEvent[]): readonly Note[] {
  let notes = readNotes.get(events);
  if (!notes) {
    const book = new NoteBook();
    book.takeEvents(events);
    notes = book.list();
    readNotes.set(events, notes);
  }
  return notes;
}

export function notesSummary(
  desk: NotesDesk,
  view: FeatureView,
  replay: NotesReplay | null,
): NotesSummary {
  if (view.live) return desk.summary();
  // A replay's revision moves with each load and each change, apart from the live one's.
  const own = replay?.desk?.summary().revision ?? 0;
  const loads = replay?.loads ?? 0;
  return {
    revision: -(loads * 1_000_000 + own + (view.recorded?.length ?? 0)) - 1,
    count: shownNotes(desk, view, replay).notes.length,
  };
}

export function notesApi(desk: NotesDesk, window: WindowAccess<NotesReplay>): NotesApi {
  const target = () => writer(desk, window.view(), window.replayPart());
  const shown = () => shownNotes(desk, window.view(), window.replayPart());
  return {
    addNote: (draft) => target()?.add(draft) ?? READ_ONLY,
    editNote: (id, change) => target()?.edit(id, change) ?? READ_ONLY,
    deleteNote: (id) => target()?.delete(id) ?? READ_ONLY,
    restoreNote: (note) => target()?.restoreNote(note) ?? READ_ONLY,
    notes: shown,
    exportNotes: (format, span, baseName) => notesFile(shown().notes, format, span, baseName),
    importNotes: (text, fileName, windowName) => {
      const into = target();
      if (!into) return READ_ONLY;
      const read = readNotesFile(String(text), String(fileName));
      return read.ok ? into.importNotes(read.notes, String(windowName)) : read;
    },
  };
}

/** Pins on the map at most (the newest): more would hide the track. */
const MAX_NOTE_PINS = 300;

/** The view's notes made in [from, to], pinned where the car was then (those with a fix). */
export function notePins(
  desk: NotesDesk,
  view: FeatureView,
  replay: NotesReplay | null,
  from: number | null,
  to: number | null,
): NotePin[] {
  const pins: NotePin[] = [];
  const notes = shownNotes(desk, view, replay).notes;
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
  replay: NotesReplay | null,
  requests: readonly SeriesRequest[],
  results: SeriesResult[],
): void {
  const notes = shownNotes(desk, view, replay).notes;
  if (notes.length === 0) return;
  results.forEach((result, i) => {
    const request = requests[i];
    const from = request ? windowStart(request, result) : null;
    if (!request || from === null) return;
    const to = request.to ?? Infinity;
    const inWindow = notes.filter((note) => note.from <= to && (note.to ?? note.from) >= from);
    if (inWindow.length > 0) result.noteSpans = noteSpansOf(inWindow);
  });
}
