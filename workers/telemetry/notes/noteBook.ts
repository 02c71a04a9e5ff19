// The notes of one history as its note events say: every version of a note
// is an event, and the newest version (editedAt) of each wins, a deletion
// included. The live desk keeps one; a replay rebuilds one from what was
// recorded with its session.
import type { SessionEvent } from "../../contract/events";
import type { Note } from "../../contract/notes";
import { NOTE_KIND, noteEventSchema } from "./noteSchema";

export class NoteBook {
  private readonly byId = new Map<string, { note: Note; deleted: boolean }>();
  /** list()'s answer until the next change: every snapshot and series answer reads it. */
  private sorted: Note[] | null = null;

  /** Takes one version of a note; an older one than held changes nothing. Returns whether it did. */
  take(note: Note, deleted = false): boolean {
    const held = this.byId.get(note.id);
    if (held && held.note.editedAt > note.editedAt) return false;
    this.byId.set(note.id, { note, deleted });
    this.sorted = null;
    return true;
  }

  /** Takes the note events among `events` (each checked: a bad one is skipped). */
  takeEvents(events: readonly SessionEvent[]): void {
    for (const event of events) {
      if (event.kind !== NOTE_KIND) continue;
      const parsed = noteEventSchema.safeParse(event);
      if (parsed.success) this.take(parsed.data.note, parsed.data.deleted === true);
    }
  }

  get(id: string): Note | undefined {
    const held = this.byId.get(id);
    return held && !held.deleted ? held.note : undefined;
  }

  /** Whether a note of this id was ever held (a deleted one too). */
  knows(id: string): boolean {
    return this.byId.has(id);
  }

  /** The notes not deleted, by their moment, then as made (the same array until a change: do not modify it). */
  list(): readonly Note[] {
    if (this.sorted) return this.sorted;
    const notes: Note[] = [];
    for (const { note, deleted } of this.byId.values()) if (!deleted) notes.push(note);
    this.sorted = notes.sort((a, b) => a.from - b.from || a.id.localeCompare(b.id));
    return this.sorted;
  }

  clear(): void {
    this.byId.clear();
    this.sorted = null;
  }
}
