// A plot's notes as bands (SeriesResult.noteSpans): a moment is a line of
// the note's colour, a range a translucent shade of it. Written once for both
// threads that build pictures, beside the alert bands (alertBands.ts).
import type { AlertBand } from "../../contract/renderProtocol";
import type { NoteColour } from "../../contract/notes";
import type { NoteSpan } from "../../contract/series";

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

export function noteBands(spans: readonly NoteSpan[] | undefined): AlertBand[] {
  if (!spans) return [];
  return spans.map(({ from, to, colour }) => {
    const rgb = RGB[colour] ?? RGB.blue;
    return to === null || to <= from
      ? { from, to: from, fill: `rgba(${rgb}, ${LINE_ALPHA})` }
      : { from, to, fill: `rgba(${rgb}, ${RANGE_ALPHA})` };
  });
}
