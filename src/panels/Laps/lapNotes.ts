// How many notes each lap holds: a note whose moment (or range's start) falls
// within the lap's time, from its start (end − lap time) to its end.
import type { Lap } from "../../../workers/contract/laps";
import type { Note } from "../../../workers/contract/notes";

/** Counts the notes in `lap`; notes are sorted by moment (NoteList), so two binary searches. */
export function notesInLap(notes: readonly Note[], lap: Pick<Lap, "endMs" | "lapTime">): number {
  const end = lap.endMs / 1000;
  const start = end - lap.lapTime;
  return firstAtOrAfter(notes, end, true) - firstAtOrAfter(notes, start, false);
}

/** The index of the first note at or after `t` (after it when `past`). */
function firstAtOrAfter(notes: readonly Note[], t: number, past: boolean): number {
  let lo = 0;
  let hi = notes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const from = notes[mid]!.from;
    if (past ? from <= t : from < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
