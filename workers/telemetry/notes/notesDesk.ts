// The notes' live part (pipeline/Feature.ts), one per core: the live
// session's notes, made, changed and deleted from any window and seen by
// every window at once (the revision in each snapshot moves). Each version
// is recorded with the session at once (a reload right after keeps it), and
// a reload brings them back. A bad draft changes nothing and says why.
import type { SessionEvent } from "../../contract/events";
import type {
  Note,
  NoteChange,
  NoteDraft,
  NoteResult,
  NotesImported,
  NotesSummary,
} from "../../contract/notes";
import type { NoteFromFile } from "./noteFiles";
import type { LiveContext, LivePart } from "../pipeline/Feature";
import type { TelemetryStore } from "../store/TelemetryStore";
import { NoteBook } from "./noteBook";
import { NOTE_KIND, noteSchema } from "./noteSchema";
import type { ZodError } from "zod";

export class NotesDesk implements LivePart {
  readonly book = new NoteBook();
  private store: TelemetryStore | null = null;
  private revisionValue = 0;
  private made = 0;

  constructor(private readonly context: Pick<LiveContext, "now" | "record">) {}

  /** A new live history (another source): its notes start empty. */
  attach(store: TelemetryStore): void {
    this.store = store;
    this.book.clear();
    this.revisionValue++;
  }

  /** After a reload: the session's recorded notes come back (a newer version made since wins). */
  restore(events: readonly SessionEvent[]): void {
    this.book.takeEvents(events);
    this.revisionValue++;
  }

  summary(): NotesSummary {
    return { revision: this.revisionValue, count: this.book.list().length };
  }

  add(draft: NoteDraft): NoteResult {
    const now = this.context.now();
    const from = draft.from === "now" ? this.newestTime(now) : draft.from;
    const note = {
      id: `${now.toString(36)}-${(++this.made).toString(36)}`,
      from,
      to: draft.to ?? null,
      text: draft.text,
      tags: draft.tags ?? [],
      colour: draft.colour ?? "blue",
      window: draft.window,
      editedAt: now,
    };
    return this.write(note);
  }

  edit(id: string, change: NoteChange): NoteResult {
    const held = this.book.get(id);
    if (!held)
      return { ok: false, message: "That note is no longer there (deleted in another window?)." };
    return this.write({ ...held, ...change, id, editedAt: this.later(held) });
  }

  delete(id: string): NoteResult {
    const held = this.book.get(id);
    if (!held)
      return { ok: false, message: "That note is no longer there (deleted in another window?)." };
    const gone = { ...held, editedAt: this.later(held) };
    this.book.take(gone, true);
    this.context.record(
      { kind: NOTE_KIND, time: gone.from, note: gone, deleted: true } as SessionEvent,
      true,
    );
    this.revisionValue++;
    return { ok: true, note: held };
  }

  /** The undo of a delete: the note as it was, newer than its deletion. */
  restoreNote(note: Note): NoteResult {
    if (!this.book.knows(note.id))
      return { ok: false, message: "That note was never in this session." };
    if (this.book.get(note.id)) return { ok: false, message: "That note is still there." };
    return this.write({ ...note, editedAt: this.context.now() + 1 });
  }

  /**
   * Takes a file's notes (checked whole already: readNotesFile). A note the
   * session holds already (the same moment, end and text) is skipped, so a
   * file imported twice adds nothing; another keeps its window, or is the
   * importing window's.
   */
  importNotes(notes: readonly NoteFromFile[], window: string): NotesImported {
    const same = (n: Pick<Note, "from" | "to" | "text">) => `${n.from}\u0000${n.to}\u0000${n.text}`;
    const held = new Set(this.book.list().map(same));
    let added = 0;
    let skipped = 0;
    for (const from of notes) {
      const key = same({ ...from, text: from.text.trim() });
      const result = held.has(key) ? null : this.add({ ...from, window: from.window ?? window });
      if (result?.ok) {
        added++;
        held.add(key);
      } else skipped++;
    }
    return { ok: true, added, skipped };
  }

  /** Checks a note, keeps it and records it; a bad one changes nothing. */
  private write(candidate: Note): NoteResult {
    const checked = noteSchema.safeParse(candidate);
    if (!checked.success) return { ok: false, message: noteProblem(checked.error) };
    const note = checked.data;
    if (note.to !== null && note.to < note.from)
      return { ok: false, message: "A note's range must end after it starts." };
    this.book.take(note);
    this.context.record({ kind: NOTE_KIND, time: note.from, note } as SessionEvent, true);
    this.revisionValue++;
    return { ok: true, note };
  }

  /** An edit's time: now, and after the version it replaces (clocks of two windows agree, but say so). */
  private later(held: Note): number {
    return Math.max(this.context.now(), held.editedAt + 1);
  }

  private newestTime(nowMs: number): number {
    return this.store?.lastPacketTime ?? nowMs / 1000;
  }
}

/** What each part of a note is called in a sentence. */
const PART_NAMES: Record<string, string> = {
  from: "The note's time",
  to: "The range's end",
  colour: "The colour",
  window: "The window's name",
  id: "The note's id",
  editedAt: "The time it was written",
};

/** The first problem, as a sentence the form can show (text and tags say theirs whole). */
function noteProblem(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "That note could not be kept.";
  const part = PART_NAMES[String(issue.path[0])];
  return part ? `${part} ${issue.message}` : issue.message;
}
