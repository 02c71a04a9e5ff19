// The DOM side of touch on a plot: plotTouch.ts reads the gestures; this
// hands it the fingers over uPlot's plotting area, as the wheel is hooked.
import type uPlot from "uplot";
import type { PlotActions } from "./plotOptions";
import { PlotTouch, type TouchPoint } from "./plotTouch";

/** uPlot's setCursor also takes whether to tell the synced plots (not in its types). */
type SetCursor = (opts: { left: number; top: number }, fire: boolean, publish: boolean) => void;

export function bindTouch(u: uPlot, actions: PlotActions): void {
  const over = u.over;
  const gesture = new PlotTouch(
    {
      width: () => over.getBoundingClientRect().width,
      range: () => actions.shownRange(),
      // Published like a mouse hover, so the other plots show the same moment.
      // A long press may end after the chart was rebuilt (new fields): then it is gone.
      setCursor: (at) => {
        if (over.isConnected)
          (u.setCursor as SetCursor)(
            at ? { left: at.x, top: at.y } : { left: -10, top: -10 },
            true,
            true,
          );
      },
    },
    actions,
  );
  const points = (e: TouchEvent): TouchPoint[] => {
    const box = over.getBoundingClientRect();
    return Array.from(e.targetTouches, (t) => ({
      id: t.identifier,
      x: t.clientX - box.left,
      y: t.clientY - box.top,
    }));
  };
  over.addEventListener(
    "touchstart",
    (e) => {
      actions.hover(true); // a finger on the plot holds it like a pointer over it
      gesture.start(points(e));
    },
    { passive: true },
  );
  // Not passive: two fingers must not scroll the page; one is never prevented.
  over.addEventListener(
    "touchmove",
    (e) => {
      if (gesture.move(points(e)) && e.cancelable) e.preventDefault();
    },
    { passive: false },
  );
  const end = (e: TouchEvent) => {
    gesture.end(points(e));
    if (e.targetTouches.length > 0) return;
    // A placed cursor keeps the plot held, as a resting mouse does.
    actions.hover(gesture.cursorPlaced);
    // No emulated mouse events after a long press: they would move or hide the cursor.
    if (gesture.cursorPlaced && e.cancelable) e.preventDefault();
  };
  over.addEventListener("touchend", end, { passive: false });
  over.addEventListener("touchcancel", end, { passive: false });
  // The phone's long-press menu would cover the cursor just placed.
  over.addEventListener("contextmenu", (e) => {
    if (gesture.cursorPlaced) e.preventDefault();
  });
}
