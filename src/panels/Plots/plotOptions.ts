// uPlot options for one plot (everything but width and height, so a resize
// only resizes). Interactions go to the shared view through `actions`; the
// data itself never passes through here.
import uPlot from "uplot";
import { planAxes } from "./axisLayout";
import { MIN_TICK_SPACING } from "../../../workers/shared/plots/timeAxis";
import { liveYRange } from "../../../workers/shared/plots/yRange";
import { fieldLabel, formatValue } from "../../ui/format/fieldLabel";
import { CHROME, seriesColor, type PlotTheme } from "../../ui/plotPalette";
import type { PlotSeriesInfo } from "./plotTypes";
import { finiteExtent } from "./seriesData";
import { fitLegendValue } from "./livePicture";
import { formatTime, zoneShortName } from "../../ui/format/dateTime";
import { onWheel } from "./plotWheel";
import { bindTouch } from "./plotTouchDom";

const PLOT_SYNC_KEY = "helios-plots";
export const FONT = "11px system-ui, -apple-system, 'Segoe UI', sans-serif";
const AXIS_SIZE = 52;
/** A y axis's unit label beside its values (CSS px; none for a unitless axis). */
const unitLabelSize = (unit: string): number => (unit ? 14 : 0);
/** The time axis under the plotting area (CSS px), and its tick length. */
export const TIME_AXIS_SIZE = 24;
export const TICK_LENGTH = 4;

export interface PlotActions {
  zoomTo(min: number, max: number): void;
  panBy(fraction: number): void;
  /** Zoom by `factor` (below 1 = in) about the time `at` (epoch s). */
  zoomBy(factor: number, at: number): void;
  goLive(): void;
  /** The view's time range now (epoch s): uPlot's x scale follows it a frame or more late. */
  shownRange(): { min: number; max: number } | null;
  /** The pointer entered (true) or left (false) a plot's plotting area. */
  hover(over: boolean): void;
  /** An Alt-drag on a plot selected [min, max] (epoch s) for statistics of its `fields`. */
  statsRange(min: number, max: number, fields: string[]): void;
}

/** Series lines are drawn by the plot's SeriesLayer, not by uPlot (see seriesLayer.ts). */
const noPaths: uPlot.Series.PathBuilder = () => null;
/**
 * The time axis keeps its room, but the render worker draws its grid, ticks
 * and labels with the series lines (timeAxis.ts), so that they move together.
 */
const noTimeLabels: uPlot.Axis.DynamicValues = (_u, splits) => splits.map(() => "");
const onOffTicks: uPlot.Axis.DynamicValues = (_u, splits) =>
  splits.map((s) => (s === 1 ? "on" : s === 0 ? "off" : ""));

/**
 * The plot an Alt-drag under way started on (null: a drag zooms). Shared by
 * every plot: the cursor sync hands the selection to the other plots too,
 * which must neither zoom nor answer with their own series.
 */
let statsDragOn: uPlot | null = null;

const planLinesAxes = (fields: readonly PlotSeriesInfo[]) =>
  planAxes(fields.map((f) => ({ unit: f.unit, boolean: f.type === "boolean" })));

/** The y axes' width (CSS px) beside a plot of lines showing `fields`, as buildPlotOptions lays them. */
export function linesAxesWidth(fields: readonly PlotSeriesInfo[]): number {
  const { axes } = planLinesAxes(fields);
  return axes.reduce((sum, axis) => sum + AXIS_SIZE + unitLabelSize(axis.unit), 0);
}

export function buildPlotOptions(
  fields: readonly PlotSeriesInfo[],
  theme: PlotTheme,
  actions: PlotActions,
  /** The zone the legend's time is in (the user's choice), named in its label. */
  zone: string,
): Omit<uPlot.Options, "width" | "height"> {
  const chrome = CHROME[theme];
  const plan = planLinesAxes(fields);
  const axisBase = {
    stroke: chrome.axis,
    font: FONT,
    labelFont: FONT,
    grid: { stroke: chrome.grid, width: 1 },
    ticks: { stroke: chrome.grid, width: 1, size: TICK_LENGTH },
  };
  const scales: uPlot.Scales = { x: { time: true } };
  // Finite over NaN gaps, and drawable however extreme one value is.
  for (const { scale } of plan.series) scales[scale] = { range: finiteRange };
  for (const scale of plan.booleanScales) scales[scale] = { range: [-0.1, 1.1] };

  return {
    pxAlign: 0,
    legend: { show: true, live: true },
    cursor: {
      sync: { key: PLOT_SYNC_KEY, setSeries: false },
      drag: { x: true, y: false, setScale: false, dist: 4 },
      points: { size: 5 },
      focus: { prox: -1 },
      bind: {
        dblclick: () => () => {
          actions.goLive();
          return null;
        },
        mousedown: (u, _target, handler) => (e) => {
          // Shift-drag or middle-drag pans; Alt-drag selects a range for
          // statistics (Shift is taken by pan); a plain drag selects a zoom range.
          if (e.shiftKey || e.button === 1) {
            startPan(u, e, actions);
            return null;
          }
          statsDragOn = e.altKey ? u : null;
          return handler(e);
        },
      },
    },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    scales,
    series: [
      { label: `Time (${zoneShortName(zone)})`, value: (_u, t) => formatTime(t, false, zone) },
      ...fields.map((field, i): uPlot.Series => {
        const boolean = field.type === "boolean";
        return {
          label: fieldLabel(field),
          scale: plan.series[i]!.scale,
          stroke: seriesColor(theme, i),
          width: 1,
          paths: noPaths,
          value: (_u, v) => formatValue(v, field.unit, boolean),
        };
      }),
    ],
    axes: [
      {
        ...axisBase,
        space: MIN_TICK_SPACING,
        size: TIME_AXIS_SIZE,
        values: noTimeLabels,
        grid: { show: false },
        ticks: { show: false },
      },
      ...plan.axes.map((axis): uPlot.Axis => ({
        ...axisBase,
        scale: axis.scale,
        side: axis.side,
        label: axis.unit,
        labelSize: unitLabelSize(axis.unit),
        labelGap: 0,
        size: AXIS_SIZE,
        space: 24,
        grid: axis.side === 3 ? axisBase.grid : { show: false },
        ...(plan.booleanScales.includes(axis.scale)
          ? { splits: () => [0, 1], values: onOffTicks }
          : {}),
      })),
    ],
    hooks: {
      setSelect: [
        (u) => {
          if (u.select.width > 0) {
            const min = u.posToVal(u.select.left, "x");
            const max = u.posToVal(u.select.left + u.select.width, "x");
            if (statsDragOn === null) actions.zoomTo(min, max);
            else if (statsDragOn === u)
              actions.statsRange(
                min,
                max,
                fields.map((f) => f.path),
              );
          }
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        },
      ],
      // uPlot wrote the hovered values: widen their boxes where needed.
      setLegend: [
        (u) =>
          u.root
            .querySelectorAll<HTMLElement>(".u-legend .u-value")
            .forEach((cell) => fitLegendValue(cell, cell.textContent ?? "")),
      ],
      ready: [
        (u) => {
          u.over.addEventListener("wheel", (e) => onWheel(u, e, actions), { passive: false });
          // A finger is not a hovering pointer: touch tells the view itself (plotTouchDom.ts).
          u.over.addEventListener("pointerenter", (e) => {
            if (e.pointerType !== "touch") actions.hover(true);
          });
          u.over.addEventListener("pointerleave", (e) => {
            if (e.pointerType !== "touch") actions.hover(false);
          });
          bindTouch(u, actions);
        },
      ],
    },
  };
}

/**
 * uPlot's default y range, except that a NaN (a gap) at the start of the data
 * makes uPlot's min/max NaN: then the extent is taken over finite values. The
 * range in use is kept while the data fits it well (liveYRange, the policy the
 * render worker applies too); uPlot calls this before it replaces the scale's
 * min/max, so they are the range in use.
 */
const finiteRange: uPlot.Range.Function = (u, min, max, scaleKey) => {
  if (!(min <= max)) {
    const columns = u.series.flatMap((s, i) => (i > 0 && s.scale === scaleKey ? [u.data[i]!] : []));
    [min, max] = finiteExtent(columns) as [number, number];
  }
  const scale = u.scales[scaleKey];
  return liveYRange([scale?.min ?? null, scale?.max ?? null], min, max);
};

function startPan(u: uPlot, down: MouseEvent, actions: PlotActions): void {
  const startX = down.clientX;
  const widthCss = u.bbox.width / devicePixelRatio;
  let moved = 0;
  const move = (e: MouseEvent) => {
    const fraction = -(e.clientX - startX) / widthCss;
    actions.panBy(fraction - moved);
    moved = fraction;
  };
  const up = () => {
    window.removeEventListener("mousemove", move);
    window.removeEventListener("mouseup", up);
  };
  window.addEventListener("mousemove", move);
  window.addEventListener("mouseup", up);
}
