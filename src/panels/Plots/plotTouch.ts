// Touch on a plot (issue 63): two fingers zoom and pan, a long press places
// the cursor, one finger is left to the browser to scroll the page. The
// gestures are read from plain points, so they are tested without a DOM.
import type { PlotActions } from "./plotOptions";

/** A finger on the plotting area, in CSS px from its top-left corner. */
export interface TouchPoint {
  id: number;
  x: number;
  y: number;
}

/** How long a finger rests before it places the cursor, as phones do for a context menu. */
export const LONG_PRESS_MS = 500;
/** A finger may wobble this far (CSS px) and still be a long press. */
export const LONG_PRESS_SLOP = 8;

export interface TouchPlot {
  /** The plotting area's width (CSS px). */
  width(): number;
  /**
   * The times at its left and right edges (epoch s) as the view has them now;
   * null before there is data. Not uPlot's scale: it follows a frame or more late.
   */
  range(): { min: number; max: number } | null;
  /** Show the cursor at (x, y), or hide it with null. */
  setCursor(at: { x: number; y: number } | null): void;
}

interface Pair {
  centre: number;
  distance: number;
}

export class PlotTouch {
  private pair: Pair | null = null;
  private press: { x: number; y: number; timer: ReturnType<typeof setTimeout> } | null = null;
  /** A long press placed the cursor; it stays until the next touch. */
  cursorPlaced = false;

  constructor(
    private readonly plot: TouchPlot,
    private readonly actions: Pick<PlotActions, "zoomBy" | "panBy">,
  ) {}

  /** Fingers landed; `points` are all the fingers now on the plot. */
  start(points: readonly TouchPoint[]): void {
    if (this.cursorPlaced) {
      this.cursorPlaced = false;
      this.plot.setCursor(null);
    }
    this.cancelPress();
    if (points.length === 1) {
      const { x, y } = points[0]!;
      const timer = setTimeout(() => this.hold(), LONG_PRESS_MS);
      this.press = { x, y, timer };
    } else if (points.length >= 2) this.pair = pairOf(points);
  }

  /** Fingers moved. True when the gesture is the plot's (the page must not scroll). */
  move(points: readonly TouchPoint[]): boolean {
    const first = points[0];
    if (
      this.press &&
      first &&
      Math.hypot(first.x - this.press.x, first.y - this.press.y) > LONG_PRESS_SLOP
    )
      this.cancelPress();
    if (points.length < 2 || !this.pair) return false;
    const before = this.pair;
    const now = (this.pair = pairOf(points));
    const width = this.plot.width();
    if (!(width > 0)) return true;
    // The fingers' centre moved: the picture moves with it, as under a mouse drag.
    const pan = -(now.centre - before.centre) / width;
    if (pan !== 0) this.actions.panBy(pan);
    // Fingers apart: zoom in about the time under their centre, which stays under it.
    const factor = before.distance / now.distance;
    const range = this.plot.range();
    if (factor !== 1 && range) {
      const at = range.min + (now.centre / width) * (range.max - range.min);
      this.actions.zoomBy(factor, at);
    }
    return true;
  }

  /** Fingers lifted; `points` are those still down. */
  end(points: readonly TouchPoint[]): void {
    this.cancelPress();
    // A finger left of a pinch neither pinches nor long-presses: it waits to be lifted.
    this.pair = points.length >= 2 ? pairOf(points) : null;
  }

  private hold(): void {
    const press = this.press;
    this.press = null;
    if (!press) return;
    this.cursorPlaced = true;
    this.plot.setCursor({ x: press.x, y: press.y });
  }

  private cancelPress(): void {
    if (this.press) clearTimeout(this.press.timer);
    this.press = null;
  }
}

function pairOf(points: readonly TouchPoint[]): Pair {
  const [a, b] = points as [TouchPoint, TouchPoint];
  // At least a px apart: two fingers on one spot would zoom by infinity.
  return { centre: (a.x + b.x) / 2, distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
}
