// The "Note now" dialog's state: open, and the moment it stamps (taken when
// the key was pressed or the button clicked, not when the text is done).
// The `i` hotkey and the Notes tab's button open it, without the shell.
import { proxy } from "valtio";

export const noteNow = proxy<{ open: boolean; from: number | null; opening: number }>({
  open: false,
  /** Packet time (epoch seconds) of the newest packet then; null: the core stamps it on save. */
  from: null,
  /** Bumped on every opening, so the dialog starts empty each time. */
  opening: 0,
});

export function openNoteNow(from: number | null): void {
  noteNow.from = from;
  noteNow.open = true;
  noteNow.opening++;
}
