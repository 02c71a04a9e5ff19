// When one plot must redraw and when it may skip: a canvas change costs a
// repaint on the main thread, so a plot redraws only when something it shows
// changed. Pure, so the rules are tested without a browser.
import type { XRange } from "./plotView";

type RedrawReason = "forced" | "zoom" | "scroll" | "data";

export interface RedrawInput {
  /** On screen (intersecting the viewport) in a visible document. */
  visible: boolean;
  /** Attach, resize, theme or field change: what was drawn no longer matches. */
  forced: boolean;
  /** x range the shared view wants now. */
  range: XRange | null;
  /** x range of the picture on the canvas (null: nothing drawn yet). */
  drawnRange: XRange | null;
  /** Newest x of a result waiting to be drawn (undefined: none waiting; null: it is empty). */
  freshTo: number | null | undefined;
  /** Newest x on the canvas. */
  drawnTo: number | null;
  /** Bucket length (s) of the waiting result, and of the picture on the canvas (0: every packet). */
  freshGrid?: number;
  drawnGrid?: number;
  /** Plotting area width in CSS pixels. */
  widthPx: number;
}

/** Why the plot must redraw now, or null when it may skip this frame. */
export function redrawReason(input: RedrawInput): RedrawReason | null {
  const { range, drawnRange } = input;
  // Off screen or hidden: nothing to show; the waiting result is kept for later.
  if (!input.visible) return null;
  if (input.forced) return "forced";
  if (range && drawnRange) {
    const span = range.max - range.min;
    const drawnSpan = drawnRange.max - drawnRange.min;
    if (Math.abs(span - drawnSpan) > 1e-9 * Math.max(1, Math.abs(span))) return "zoom";
  }
  if (input.freshTo !== undefined && showsNewData(input)) return "data";
  // Another grid (a new window's answer, coming after the old window's was
  // drawn at the new range) changes every bucket, though its newest x is the same.
  if (input.freshGrid !== undefined && input.freshGrid !== input.drawnGrid) return "data";
  if (range && !drawnRange) return "scroll";
  if (range && drawnRange) {
    // Live follow moves the range with every result; below a pixel it looks the same.
    const secondsPerPixel = (range.max - range.min) / Math.max(1, input.widthPx);
    if (Math.abs(range.min - drawnRange.min) >= secondsPerPixel * (1 - 1e-6)) return "scroll";
  }
  return null;
}

/** A waiting result changes the picture: it reaches into the range past what is drawn, or empties it. */
function showsNewData({ freshTo, drawnTo, range }: RedrawInput): boolean {
  if (freshTo === undefined) return false;
  if (freshTo === null) return drawnTo !== null; // the window emptied (a source switch)
  if (drawnTo === null || freshTo < drawnTo) return true; // first data, or time jumped back
  if (freshTo === drawnTo) return false;
  return range === null || freshTo >= range.min;
}
