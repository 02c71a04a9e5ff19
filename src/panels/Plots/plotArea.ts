// How wide a plot plots, which sets how many points it asks for. uPlot leaves
// a y axis out until its scale has data, so a new chart's plotting area is at
// first the whole chart, and narrows by its axes once the first answer is
// drawn: a plot of two units asked at the first width asked for its whole
// series a second time (a layout switch asked twice for most of its plots).
// Counted here with every y axis the chart has, the width is right from the
// first ask.
import type uPlot from "uplot";

/**
 * The plotting area's width in device pixels with each of the chart's y axes
 * shown (uPlot's own plotting box when the chart is not a uPlot chart, as in
 * the tests' stand-ins).
 */
export function plotAreaPx(chart: uPlot): number {
  if (!Array.isArray(chart.axes) || !(chart.width > 0)) return chart.bbox.width;
  let css = chart.width;
  chart.axes.forEach((axis, i) => {
    const vertical = (axis.side ?? (i === 0 ? 2 : 3)) % 2 === 1;
    if (!vertical || axis.show === false) return;
    const size = typeof axis.size === "function" ? axis.size(chart, [], i, 0) : (axis.size ?? 0);
    css -= Math.ceil(size) + (axis.label != null ? (axis.labelSize ?? 0) : 0);
  });
  return Math.max(0, css) * devicePixelRatio;
}
