// The notes' colours as the user picks and sees them: one word and one
// swatch per NOTE_COLOURS entry (Blueprint's palette, readable in both themes).
import { Colors } from "@blueprintjs/core";
import type { NoteColour } from "../../workers/contract/notes";

export const NOTE_COLOUR_LOOK: Record<NoteColour, { label: string; swatch: string }> = {
  blue: { label: "Blue", swatch: Colors.BLUE4 },
  green: { label: "Green", swatch: Colors.GREEN4 },
  orange: { label: "Orange", swatch: Colors.ORANGE4 },
  red: { label: "Red", swatch: Colors.RED4 },
  violet: { label: "Violet", swatch: Colors.VIOLET4 },
  grey: { label: "Grey", swatch: Colors.GRAY3 },
};

/** "rain, driver swap" → ["rain", "driver swap"]: tags as typed, trimmed, empty ones dropped. */
export function tagsFromText(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}
