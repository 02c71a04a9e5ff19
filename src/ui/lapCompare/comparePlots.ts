// The compare plots on screen, so a test hook and the benchmark can redraw
// them all at once and time it (a redraw must stay within a frame, 16 ms).
import type uPlot from "uplot";

const shown = new Set<uPlot>();

export function addComparePlot(plot: uPlot): () => void {
  shown.add(plot);
  return () => shown.delete(plot);
}

/** Redraws every compare plot from its data (paths and axes rebuilt); ms taken, or null with none. */
export function redrawComparePlots(): number | null {
  if (shown.size === 0) return null;
  const t0 = performance.now();
  for (const plot of shown) plot.batch(() => plot.redraw(true, true));
  return performance.now() - t0;
}
