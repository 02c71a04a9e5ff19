// The notes' part in one window's replay (pipeline/Feature.ts ReplayPart).
// A replayed recorded session keeps its own notes: they are read from the
// session when it loads, and a note made, changed or deleted during the
// replay is recorded with that session (not the live one), so the next
// replay of it shows it. A backend range or an imported file is no session:
// its notes stay read only (those the view's recorded events hold: none).
import type { ReplayContext, ReplayLoad, ReplayPart } from "../pipeline/Feature";
import { NotesDesk } from "./notesDesk";
import { NOTE_KIND } from "./noteSchema";

export class NotesReplay implements ReplayPart {
  /** The replayed session's notes once read; null: none to write to (yet). */
  desk: NotesDesk | null = null;
  /** Bumped by each load: a read for an older one lands nowhere, and the revision moves. */
  loads = 0;

  constructor(
    private readonly context: ReplayContext,
    private readonly now: () => number,
  ) {}

  load(what: ReplayLoad): void {
    const load = ++this.loads;
    this.desk = null;
    const sessions = this.context.sessions();
    if (what.kind !== "session" || !sessions) return;
    const desk = new NotesDesk({
      now: this.now,
      record: (event) => void sessions.appendSessionEvents(what.id, [event]),
    });
    void sessions.sessionEvents(what.id, { kinds: [NOTE_KIND] }).then(
      ({ events }) => {
        if (load !== this.loads) return;
        desk.restore(events);
        this.desk = desk;
      },
      () => undefined, // unreadable: the replay's notes stay read only
    );
  }

  clear(): void {
    this.loads++;
    this.desk = null;
  }

  dispose(): void {
    this.clear();
  }
}
