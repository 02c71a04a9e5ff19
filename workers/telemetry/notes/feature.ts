// Notes on the timeline as a registered feature (workers/telemetry/features.ts):
// no stage; a kind of session event (every version of a note), its live part
// (notesDesk.ts), its calls (notesApi.ts), its snapshot part (a revision each
// window watches) and its panel, the Notes tab.
import type { Feature } from "../pipeline/Feature";
import { addNoteSpans, notePins, notesApi, notesSummary } from "./notesApi";
import { NotesDesk } from "./notesDesk";
import { NotesReplay } from "./notesReplay";
import { NOTE_KIND, noteEventSchema } from "./noteSchema";
import { NoteBook } from "./noteBook";
import { notesParquet } from "./noteFiles";

export const notesFeature: Feature<NotesDesk, NotesReplay> = {
  id: "notes",
  stages: [],
  events: { [NOTE_KIND]: noteEventSchema },
  restores: [NOTE_KIND],
  replays: [NOTE_KIND],
  panel: true,
  // The newest version of each note, as a replay of the session shows them.
  seasonTable: {
    name: "notes",
    write: async (sessions, session) => {
      const book = new NoteBook();
      book.takeEvents((await sessions.sessionEvents(session.id, { kinds: [NOTE_KIND] })).events);
      return book.list().length > 0 ? notesParquet(book.list()) : null;
    },
  },
  live: (context) => new NotesDesk(context),
  replayPart: (_desk, context) => new NotesReplay(context, () => Date.now()),
  api: (desk, window) => notesApi(desk, window),
  snapshot: (desk, view, replay) => notesSummary(desk, view, replay),
  series: (desk, view, replay, requests, results) =>
    addNoteSpans(desk, view, replay, requests, results),
  track: (desk, view, replay, { from, to }, track) => {
    const pins = notePins(desk, view, replay, from, to);
    if (pins.length > 0) track.notePins = pins;
  },
};
