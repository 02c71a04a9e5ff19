// The notes' fixed facts, for both threads: the colours a note may take and
// the longest text and tags the core keeps (workers/telemetry/notes/noteSchema.ts).
import type { NoteColour } from "../contract/notes";

export const NOTE_COLOURS = [
  "blue",
  "green",
  "orange",
  "red",
  "violet",
  "grey",
] as const satisfies readonly NoteColour[];

/** Longest note text and tag (characters), and most tags. */
export const NOTE_TEXT_MAX = 2000;
export const NOTE_TAG_MAX = 40;
export const NOTE_TAGS_MAX = 12;
