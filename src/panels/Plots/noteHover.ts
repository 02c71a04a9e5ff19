// A plot's notes under the pointer: the render worker paints them (a line at
// a moment, a shade over a range: noteBands.ts); the page names the one under
// the pointer, "Note 14:02:31 CST: Driver swap", from the window's list of
// notes (useNotes), which is the list the bands were drawn from.
import type uPlot from "uplot";
import type { Note } from "../../../workers/contract/notes";
import { formatTimeNamed } from "../../ui/format/dateTime";

/** How near the pointer must come to a moment's line to name it (CSS px): the line is a pixel. */
const POINTER_SLOP_PX = 4;

/**
 * The note under the pointer at time `t`: the moment nearest within `slop`
 * seconds, else the shortest range that covers `t`; null when none.
 */
export function noteAt(notes: readonly Note[], t: number, slop: number): Note | null {
  let moment: Note | null = null;
  let nearest = Infinity;
  let range: Note | null = null;
  for (const note of notes) {
    if (note.to === null || note.to <= note.from) {
      const distance = Math.abs(note.from - t);
      if (distance <= slop && distance < nearest) {
        moment = note;
        nearest = distance;
      }
    } else if (note.from <= t && t <= note.to) {
      if (!range || note.to - note.from < range.to! - range.from) range = note;
    }
  }
  return moment ?? range;
}

/** "Note 14:02:31 CST: Driver swap [driver, pit]". */
export function noteTipText(note: Note): string {
  const tags = note.tags.length > 0 ? ` [${note.tags.join(", ")}]` : "";
  return `Note ${formatTimeNamed(note.from)}: ${note.text}${tags}`;
}

/** uPlot hooks that show the note under the pointer in a tip at the plot's top; `notes` is read each move. */
export function noteHoverHooks(notes: () => readonly Note[]): uPlot.Hooks.Arrays {
  let tip: HTMLDivElement | null = null;
  return {
    ready: [
      (u) => {
        tip = document.createElement("div");
        tip.className = "plot-note-tip";
        tip.setAttribute("role", "tooltip");
        tip.hidden = true;
        u.over.append(tip);
      },
    ],
    setCursor: [
      (u) => {
        if (!tip) return;
        const { left } = u.cursor;
        const list = notes();
        if (left == null || left < 0 || list.length === 0) {
          tip.hidden = true;
          return;
        }
        const t = u.posToVal(left, "x");
        const slop = u.posToVal(left + POINTER_SLOP_PX, "x") - t;
        const note = noteAt(list, t, slop);
        tip.hidden = note === null;
        if (!note) return;
        const text = noteTipText(note);
        if (tip.textContent !== text) tip.textContent = text;
        const right = left > u.over.clientWidth / 2;
        tip.style.left = right ? "" : `${left + 8}px`;
        tip.style.right = right ? `${u.over.clientWidth - left + 8}px` : "";
      },
    ],
  };
}
