// A layout switch (or an import, or another window's layout link) replaces
// the plots at once. React then builds every chart before the first of them
// asks for its series (about 60 ms for twelve on the benchmark's machine), and
// the worker takes about as long again to answer a day of history. Told as
// the layout changes, before React renders, the panel asks ahead for the new
// plots' series, so the worker works while React builds; each plot's own
// first ask then takes that answer (seriesBatcher.ts). The view follows the
// layout's time window here too, before the requests are formed.
import { subscribe } from "valtio";
import type { AppUnits } from "../../../workers/contract/fields";
import type { SeriesRequest } from "../../../workers/contract/series";
import { displayUnit } from "../../../workers/shared/units";
import { isTodayPreset, WINDOW_SECONDS, type PlotLayout } from "../../state/plotLayout/plotLayout";
import type { PlotCatalog } from "../../ui/useFieldCatalog";
import { linesAxesWidth } from "./plotOptions";
import { pointsFor, viewRequest } from "./seriesFetch";
import type { WarmSource } from "./seriesBatcher";
import type { PlotView } from "./plotView";

export interface LayoutAhead {
  layout: PlotLayout;
  view: PlotView;
  source: WarmSource;
  catalog: PlotCatalog;
  units: AppUnits;
  /** A plot chart's width now (CSS px; every card of the grid is as wide), or null with none shown. */
  chartWidth(): number | null;
}

/** Follows `layout` (a valtio proxy) until the returned function is called. */
export function followLayout(ahead: LayoutAhead): () => void {
  const { layout, view } = ahead;
  let shown = new Set(layout.plots.map((plot) => plot.id));
  // In sync: a switch assigns the window before the plots, and the asks must
  // leave before React's render, which the same change schedules.
  return subscribe(
    layout,
    () => {
      const seconds = WINDOW_SECONDS[layout.window];
      const today = isTodayPreset(layout.window);
      if (view.windowSeconds !== seconds || view.today !== today) view.setWindow(seconds, today);
      const fresh = layout.plots.filter((plot) => !shown.has(plot.id));
      shown = new Set(layout.plots.map((plot) => plot.id));
      if (fresh.length > 0) askAhead(ahead, fresh);
    },
    true,
  );
}

function askAhead(ahead: LayoutAhead, plots: PlotLayout["plots"]): void {
  const width = ahead.chartWidth();
  if (width === null || width <= 0) return; // no chart to learn the width from
  const requests: SeriesRequest[] = [];
  for (const plot of plots) {
    // A timeline's row labels size its axis once its rows are known: it asks for itself.
    if (plot.timeline) continue;
    const series = plot.fields.flatMap((path) => {
      const info = ahead.catalog.byPath.get(path);
      return info ? [{ ...info, unit: displayUnit(info.unit, ahead.units) }] : [];
    });
    if (series.length === 0) continue;
    // As PlotDriver counts them: the chart's width less its y axes (plotArea.ts).
    const areaPx = Math.max(0, width - linesAxesWidth(series)) * devicePixelRatio;
    requests.push(
      viewRequest(ahead.view, {
        fields: series.map((s) => s.path),
        points: pointsFor(areaPx),
        units: ahead.units,
        states: false,
      }),
    );
  }
  if (requests.length > 0) ahead.source.warm(requests);
}
