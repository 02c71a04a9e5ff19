// What the diagnostics dialog says about the plots' refresh: the live cadence
// and whether it was slowed because the plots' own work ran over budget or
// the worker answered late. Reads the page's
// plot stats (no uPlot import, so the shell can use it without the plot chunk).
import type { PlotStats } from "../../state/plotStats";

export function plotRefreshText(stats: PlotStats | undefined): string {
  if (!stats || stats.intervalMs === 0) return "No live plots";
  const every = `every ${Math.round(stats.intervalMs)} ms`;
  if (stats.cadenceFactor <= 1.01) return `${every} (full rate)`;
  const why = stats.slowReason === "worker" ? "data arriving late" : "plot work over budget";
  return `${every} (slowed ${stats.cadenceFactor.toFixed(1)}×: ${why})`;
}
