// How a live plot's picture follows new data cheaply: the x range moves in
// whole pixels (so the series layer, time axis included, can shift what it
// drew), uPlot redraws only when the y ranges it would give change (or for
// its cursor, while the pointer is over a plot), and the legend shows the
// newest values even when uPlot's own copy of the data is behind.
import type uPlot from "uplot";
import type { XRange } from "./plotView";
import { lastDrawnIndex } from "./seriesData";
import type { SeriesFrame } from "./seriesLayer";

/** What draws a plot's series (SeriesLayer, via the render worker, in the app; a recorder in tests). */
export interface SeriesPainter {
  full(frame: SeriesFrame): void;
  update(frame: SeriesFrame, fromX: number): void;
  dispose(): void;
}

/**
 * A live range moved on to the next whole pixel of time at or after its end:
 * between two pixels the picture stays put and only new data is drawn. The
 * right edge runs at most a pixel ahead of the newest packet.
 */
export function wholePixelRange(range: XRange | null, widthPx: number): XRange | null {
  if (!range || !(widthPx > 0)) return range;
  const span = range.max - range.min;
  if (!(span > 0)) return range;
  const pixel = span / widthPx;
  // (A newest packet exactly on a pixel's edge stays on it despite rounding.)
  const max = Math.ceil(range.max / pixel - 1e-9) * pixel;
  return { min: max - span, max };
}

/**
 * The y range each scale would get for `data` inside `x`, from the scales'
 * own range functions (as uPlot computes them), as a comparable key. Equal
 * keys: the axes need no redraw. "" when the chart has no y scales to ask.
 */
export function predictedYRanges(chart: uPlot, data: uPlot.AlignedData, x: XRange | null): string {
  const scales = chart.scales as uPlot["scales"] | undefined;
  if (!scales) return "";
  const xs = data[0];
  let lo = 0;
  let hi = xs.length;
  if (x) {
    while (lo < hi && (xs[lo] as number) < x.min) lo++;
    while (hi > lo && (xs[hi - 1] as number) > x.max) hi--;
  }
  const extents = new Map<string, [number, number]>();
  for (let s = 1; s < data.length; s++) {
    const key = chart.series[s]?.scale;
    if (!key) continue;
    const extent = extents.get(key) ?? [Infinity, -Infinity];
    const ys = data[s]!;
    for (let i = lo; i < hi; i++) {
      const v = ys[i] as number;
      if (v < extent[0]) extent[0] = v; // NaN compares false: gaps are skipped
      if (v > extent[1]) extent[1] = v;
    }
    extents.set(key, extent);
  }
  let out = "";
  for (const [key, [min, max]] of extents) {
    const range = scales[key]?.range;
    if (typeof range !== "function") continue;
    const finite = min <= max;
    const [a, b] = range(
      chart,
      finite ? min : (null as never),
      finite ? max : (null as never),
      key,
    );
    out += `${key}:${a}:${b};`;
  }
  return out;
}

/** The series layer's picture: uPlot's current x and y scales, so lines and axes agree. */
export function layerFrame(chart: uPlot, data: uPlot.AlignedData, x: XRange | null): SeriesFrame {
  const scales = chart.scales;
  const scaleX = scales.x;
  const y: (XRange | null)[] = [null];
  for (let s = 1; s < data.length; s++) {
    const scale = scales[chart.series[s]!.scale!];
    y.push(
      scale && scale.min != null && scale.max != null ? { min: scale.min, max: scale.max } : null,
    );
  }
  return { data, x: x ?? { min: scaleX?.min ?? 0, max: scaleX?.max ?? 1 }, y };
}

/**
 * Not hovering: the legend cells show the newest values of `data`. Written
 * into uPlot's legend directly, since uPlot's own data may be a pixel of time
 * behind what the series layer shows.
 */
export function showNewestInLegend(chart: uPlot, data: uPlot.AlignedData): void {
  const idx = lastDrawnIndex(data);
  const cells = chart.root?.querySelectorAll<HTMLElement>(".u-legend .u-value");
  if (idx === null || !cells) return;
  cells.forEach((cell, s) => {
    const series = chart.series[s];
    const column = data[s];
    if (!series || !column) return;
    // uPlot turned each series' `value` option into a formatter when it was built.
    const format = series.value as (u: uPlot, v: number, s: number, i: number) => string | number;
    const text = String(format(chart, column[idx] as number, s, idx) ?? "");
    if (cell.textContent !== text) cell.textContent = text;
  });
}
