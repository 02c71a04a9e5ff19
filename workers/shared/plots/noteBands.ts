// A plot's notes as bands (SeriesResult.noteSpans): a moment is a line of
// the note's colour, a range a translucent shade of it. Written once for the
// telemetry worker, which lays the notes out column by column, and the
// painter, which walks the columns without building an object per note.
import type { NoteColour } from "../../contract/notes";
import type { NoteSpans } from "../../contract/series";
import { NOTE_COLOURS } from "../notes";

/** The notes' colours as [r, g, b] (Blueprint's palette: readable on both themes). */
const RGB: Readonly<Record<NoteColour, string>> = {
  blue: "45, 114, 210",
  green: "35, 133, 81",
  orange: "200, 118, 25",
  red: "205, 66, 70",
  violet: "124, 50, 122",
  grey: "115, 128, 145",
};

/** A moment's line is nearly opaque (a pixel wide); a range's shade lets the lines show through. */
const LINE_ALPHA = 0.9;
const RANGE_ALPHA = 0.14;

const LINE_FILLS = NOTE_COLOURS.map((c) => `rgba(${RGB[c]}, ${LINE_ALPHA})`);
const RANGE_FILLS = NOTE_COLOURS.map((c) => `rgba(${RGB[c]}, ${RANGE_ALPHA})`);

/** Notes (from, to: null for a moment, colour) as the columns an answer carries. */
export function noteSpansOf(
  notes: readonly { from: number; to: number | null; colour: NoteColour }[],
): NoteSpans {
  const spans: NoteSpans = {
    from: new Float64Array(notes.length),
    to: new Float64Array(notes.length),
    colour: new Uint8Array(notes.length),
  };
  notes.forEach((note, i) => {
    spans.from[i] = note.from;
    spans.to[i] = note.to ?? NaN;
    spans.colour[i] = Math.max(0, NOTE_COLOURS.indexOf(note.colour));
  });
  return spans;
}

/** Each note's band: x from, x to (equal for a moment's line), and its fill. */
export function eachNoteBand(
  spans: NoteSpans,
  visit: (from: number, to: number, fill: string) => void,
): void {
  for (let i = 0; i < spans.from.length; i++) {
    const from = spans.from[i]!;
    const to = spans.to[i]!;
    const colour = spans.colour[i]!;
    // (NaN: a moment; a range that ends where it starts reads as one too.)
    if (!(to > from)) visit(from, from, LINE_FILLS[colour] ?? LINE_FILLS[0]!);
    else visit(from, to, RANGE_FILLS[colour] ?? RANGE_FILLS[0]!);
  }
}

/** Equal notes paint the same (a note added, edited or deleted repaints the plot). */
export function sameNoteSpans(a: NoteSpans | undefined, b: NoteSpans | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.from.length !== b.from.length) return false;
  for (let i = 0; i < a.from.length; i++) {
    if (a.from[i] !== b.from[i] || a.colour[i] !== b.colour[i]) return false;
    if (a.to[i] !== b.to[i] && !(Number.isNaN(a.to[i]) && Number.isNaN(b.to[i]))) return false;
  }
  return true;
}
