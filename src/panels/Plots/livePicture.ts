// How a live plot's picture follows new data cheaply: the x range moves in
// whole pixels (so the series layer, time axis included, can shift what it
// drew), uPlot redraws only when the y ranges it would give change (or for
// its cursor, while the pointer is over a plot), and the legend shows the
// newest values even when uPlot's own copy of the data is behind.
import type uPlot from "uplot";
import type { LivePlotNews, LivePlotSpec } from "../../../workers/contract/renderProtocol";
import type { XRange } from "./plotView";
import { columnExtents, lastDrawnIndex } from "../../../workers/shared/plots/liveWindow";
import type { SeriesFrame } from "./seriesLayer";

/** What draws a plot's series (SeriesLayer, via the render worker, in the app; a recorder in tests). */
export interface SeriesPainter {
  full(frame: SeriesFrame): void;
  update(frame: SeriesFrame, fromX: number): void;
  dispose(): void;
  /**
   * Optional: hand the live plot, drawn as `frame`, to a painter that keeps
   * it up to date itself (the render worker, which then owns its picture:
   * ownership.ts) and reports through onNews …
   */
  live?(frame: SeriesFrame, handover: LiveHandover): void;
  /** … until taken back. */
  still?(): void;
  onNews?: ((news: LivePlotNews) => void) | null;
}

/** What a painter needs to refresh a live plot on its own. */
export type LiveHandover = Pick<
  LivePlotSpec,
  "request" | "windowSeconds" | "today" | "window" | "intervalMs"
>;

/**
 * The y range each scale would get for `data` inside `x`, from the scales'
 * own range functions (as uPlot computes them), as a comparable key. Equal
 * keys: the axes need no redraw. "" when the chart has no y scales to ask.
 */
export function predictedYRanges(chart: uPlot, data: uPlot.AlignedData, x: XRange | null): string {
  return yRangesKey(predictedYScales(chart, columnExtents(data, x)));
}

/** A y scale's range as its range function gives it. */
interface ScaleRange {
  key: string;
  min: number | null;
  max: number | null;
}

/** The key predictedYRanges gives for these ranges. */
function yRangesKey(ranges: readonly ScaleRange[]): string {
  return ranges.map(({ key, min, max }) => `${key}:${min}:${max};`).join("");
}

/**
 * Each y scale's range for per-column extents inside the x range shown (flat
 * [min, max, …] for columns 1…; NaN when none), as the render worker reports them.
 */
function predictedYScales(chart: uPlot, extentsByColumn: number[]): ScaleRange[] {
  const scales = chart.scales as uPlot["scales"] | undefined;
  if (!scales) return [];
  const extents = new Map<string, [number, number]>();
  for (let s = 1; s < chart.series.length; s++) {
    const key = chart.series[s]?.scale;
    if (!key) continue;
    const extent = extents.get(key) ?? [Infinity, -Infinity];
    const min = extentsByColumn[2 * (s - 1)]!;
    const max = extentsByColumn[2 * (s - 1) + 1]!;
    if (min < extent[0]) extent[0] = min; // NaN compares false: no data
    if (max > extent[1]) extent[1] = max;
    extents.set(key, extent);
  }
  return scaleRanges(chart, scales, extents);
}

/** Each scale's range for its data extent, from the scale's own range function. */
function scaleRanges(
  chart: uPlot,
  scales: uPlot["scales"],
  extents: Map<string, [number, number]>,
): ScaleRange[] {
  const out: ScaleRange[] = [];
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
    out.push({ key, min: a, max: b });
  }
  return out;
}

/**
 * Per column (index 1…): its y scale's key, or null for a scale with a fixed
 * range (booleans, a timeline's rows): the scales the render worker re-fits
 * while it holds the plot. uPlot turns a fixed range ([min, max]) into a
 * function too, and marks the scale as not auto-ranged: that mark says which.
 */
export function liveYScales(chart: uPlot): (string | null)[] {
  const keys: (string | null)[] = [null];
  for (let s = 1; s < chart.series.length; s++) {
    const key = chart.series[s]?.scale;
    const scale = key ? chart.scales[key] : undefined;
    const fitted = typeof scale?.range === "function" && !isFixed(chart, scale);
    keys.push(fitted ? key! : null);
  }
  return keys;
}

/** A scale uPlot does not auto-range: its range was given as [min, max]. */
function isFixed(chart: uPlot, scale: uPlot.Scale): boolean {
  const auto = scale.auto as unknown;
  return typeof auto === "function" ? auto(chart, false) === false : auto === false;
}

/**
 * Mirror the y ranges the render worker chose (per column from 1; it owns
 * them while it holds the plot: ownership.ts) onto uPlot's axes. Returns the
 * key predictedYRanges gives for them when the axes changed, else null.
 */
export function mirrorYRanges(chart: uPlot, y: readonly (XRange | null)[]): string | null {
  let changed = false;
  for (let c = 1; c < y.length && !changed; c++) {
    const range = y[c];
    const scale = chart.scales[chart.series[c]?.scale ?? ""];
    changed = !!range && !!scale && (scale.min !== range.min || scale.max !== range.max);
  }
  if (!changed) return null;
  const set: ScaleRange[] = [];
  chart.batch(() => {
    for (let c = 1; c < y.length; c++) {
      const key = chart.series[c]?.scale;
      const range = y[c];
      if (!key || set.some((r) => r.key === key)) continue;
      if (range) chart.setScale(key, { min: range.min, max: range.max });
      if (typeof chart.scales[key]?.range === "function")
        set.push({ key, min: range?.min ?? null, max: range?.max ?? null });
    }
  });
  return yRangesKey(set);
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
    if (cell.textContent === text) return;
    setCellText(cell, text);
    fitLegendValue(cell, text);
  });
}

/** Node.TEXT_NODE (a constant, so this module also loads where there is no DOM). */
const TEXT_NODE = 3;

/**
 * Changes the text of a cell holding one text node in place: the browser then
 * reshapes that text only, where `textContent` would replace the node (a new
 * layout object, style for it, a layout tree rebuild) on every change.
 */
export function setCellText(cell: HTMLElement, text: string): void {
  const only = cell.firstChild;
  if (only && only.nodeType === TEXT_NODE && only === cell.lastChild) (only as Text).data = text;
  else cell.textContent = text;
}

/**
 * Each legend value sits in a box of its own size (plots.css: size and layout
 * containment), so a new number lays out that box only, not the legend, the
 * card and its neighbours (twelve legends relaid out cost long tasks on slow
 * machines). The box widens, never narrows (no jitter), when a longer text
 * arrives; text a little wider than its digits overflows visibly, unclipped.
 */
export function fitLegendValue(cell: HTMLElement, text: string): void {
  const chars = text.length + 1;
  if (chars <= Number(cell.dataset.chars ?? 0)) return;
  cell.dataset.chars = String(chars);
  cell.style.width = `${chars}ch`;
}

/** How many alert bands the plot shades, on the chart for tests and the curious (data-alert-bands). */
export function markAlertBands(chart: uPlot, count: number): void {
  const root = chart.root as HTMLElement | undefined; // (absent from the tests' stand-in charts)
  if (root?.dataset && root.dataset.alertBands !== String(count))
    root.dataset.alertBands = String(count);
}
