// The note dialog's state: open, and the moment or range it notes (a moment
// taken when the key was pressed or the button clicked, not when the text is
// done). The `i` hotkey, the Notes tab's button, a plot's selected range and
// an alert open it, without the shell.
import { proxy } from "valtio";

export const noteNow = proxy<{
  open: boolean;
  from: number | null;
  to: number | null;
  text: string;
  opening: number;
}>({
  open: false,
  /** Packet time (epoch seconds) of the newest packet then; null: the core stamps it on save. */
  from: null,
  /** A range's end; null: a moment. */
  to: null,
  /** The text it starts with (an alert's message). */
  text: "",
  /** Bumped on every opening, so the dialog starts empty each time. */
  opening: 0,
});

/**
 * "Note now": the moment shown now. In a replay its clock (a note of the past
 * moment on screen); live, the newest packet's; null: the core stamps it.
 */
export function openNoteNow(
  status: {
    playback?: { on: boolean; clock: number | null } | undefined;
    counters?: { lastPacketTime: number | null } | undefined;
  } | null,
): void {
  const replaying = status?.playback?.on === true;
  const moment = replaying ? status?.playback?.clock : status?.counters?.lastPacketTime;
  openNote(moment ?? null, null, "");
}

/** Opens the dialog on a moment or a range (a plot's selection, an alert), its text begun. */
export function openNote(from: number | null, to: number | null, text: string): void {
  noteNow.from = from;
  noteNow.to = to !== null && from !== null && to > from ? to : null;
  noteNow.text = text;
  noteNow.open = true;
  noteNow.opening++;
}
