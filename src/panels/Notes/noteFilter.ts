// The Notes list's search and tag filter: what a strategist types finds a
// note by its text, a tag or the window that wrote it, whatever the case.
import type { Note } from "../../../workers/contract/notes";

/** Every tag among the notes, sorted, each once. */
export function allTags(notes: readonly Note[]): string[] {
  return [...new Set(notes.flatMap((note) => note.tags))].sort((a, b) => a.localeCompare(b));
}

/** The notes whose text, tags or window hold every word of `query`, and that carry `tag` (null: any). */
export function filterNotes(notes: readonly Note[], query: string, tag: string | null): Note[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return notes.filter((note) => {
    if (tag !== null && !note.tags.includes(tag)) return false;
    if (words.length === 0) return true;
    const haystack = `${note.text}\n${note.tags.join("\n")}\n${note.window}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
