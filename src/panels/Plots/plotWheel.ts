// The mouse wheel over a plot (issue 32 item 8).
import type uPlot from "uplot";
import type { PlotActions } from "./plotOptions";

/** What onWheel reads of a WheelEvent. */
export type WheelLike = Pick<
  WheelEvent,
  "deltaX" | "deltaY" | "ctrlKey" | "metaKey" | "shiftKey" | "clientX" | "preventDefault"
>;

/** How much one wheel notch zooms (ctrl/⌘ + wheel; a trackpad pinch sends the same). */
const WHEEL_ZOOM = 1.2;

/**
 * The wheel scrolls the page, as everywhere else: a page of plots is scrolled
 * with the pointer over one, and taking the wheel there knocked every synced
 * plot out of live. Only with a modifier does it act on the plots, as in
 * Grafana and Foxglove: ctrl/⌘ zooms about the pointer, shift pans.
 */
export function onWheel(
  u: Pick<uPlot, "posToVal"> & { over: Pick<HTMLElement, "getBoundingClientRect"> },
  e: WheelLike,
  actions: Pick<PlotActions, "zoomBy" | "panBy">,
): void {
  const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
  if (e.ctrlKey || e.metaKey) {
    e.preventDefault(); // else the browser zooms the page
    if (e.deltaY === 0) return;
    // From the plotting area's edge: the event's target may be a child (the selection box).
    const at = u.posToVal(e.clientX - u.over.getBoundingClientRect().left, "x");
    actions.zoomBy(e.deltaY > 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM, at);
  } else if (e.shiftKey) {
    e.preventDefault();
    if (delta !== 0) actions.panBy(Math.sign(delta) * 0.1);
  }
}
