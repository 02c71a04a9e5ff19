// The series lines of one plot, with the time axis under them, over uPlot's
// plotting area and time axis. uPlot draws the y axes, horizontal grid,
// legend and cursor; lines and time axis are painted by the render worker
// (workers/render/SeriesCanvas.ts, PlotSurface.ts) on the plot grid's one
// series surface (seriesSurface.ts), where this layer's placeholder lies, so
// neither the drawing nor its trip to the compositor costs the main thread:
// here we only say what to draw.
import type uPlot from "uplot";
import type {
  LivePlotNews,
  LivePlotSpec,
  SeriesPicture,
  TimelineLook,
} from "../../../workers/contract/renderProtocol";
import {
  attachLayer,
  detachLayer,
  liveLayer,
  paintLayer,
  stillLayer,
} from "../../worker-client/renderClient";
import { liveYScales, type LiveHandover, type SeriesPainter } from "./livePicture";
import type { XRange } from "./plotView";
import { placeSeries, remeasureSeries } from "./seriesSurface";
import { timeAxisPicture, type TimeAxisLook } from "../../../workers/shared/plots/timeAxis";
import { alertBands } from "../../../workers/shared/plots/alertBands";
import type { AlertSpan, NoteSpans } from "../../../workers/contract/series";

/** One picture: data (typed columns, NaN = gap), the x range and each series' y range. */
export interface SeriesFrame {
  data: uPlot.AlignedData;
  x: XRange;
  /** Per series (index 1…): its scale's range; null when the scale has none yet. */
  y: (XRange | null)[];
  /** Alerts of the plotted fields in the window, shaded behind the lines. */
  spans?: AlertSpan[];
  /** The shown history's notes in the window: lines and shaded ranges. */
  notes?: NoteSpans;
}

export class SeriesLayer implements SeriesPainter {
  /** Where the lines go: an empty box the size of the picture (the surface draws over it). */
  readonly placeholder: HTMLDivElement;
  private readonly id: number;
  private readonly unplace: () => void;
  private cssSize = "";
  private corner = "";
  /** Told what the render worker painted while the plot is in its hands. */
  onNews: ((news: LivePlotNews) => void) | null = null;

  constructor(
    private readonly chart: uPlot,
    /** Per series (index 1…): drawn as steps (booleans) rather than lines. */
    private readonly stepped: readonly boolean[],
    /** The time axis's font and colours, its height and tick length (CSS px). */
    private readonly axisLook: TimeAxisLook,
    /** Set for a state timeline: its rows and colours, painted instead of lines. */
    private readonly timeline: TimelineLook | null = null,
  ) {
    this.placeholder = document.createElement("div");
    this.placeholder.className = "plot-series-layer";
    this.placeholder.setAttribute("aria-hidden", "true");
    chart.over.prepend(this.placeholder);
    this.id = attachLayer((news) => this.onNews?.(news));
    this.unplace = placeSeries(this.id, this.placeholder);
  }

  dispose(): void {
    this.unplace();
    detachLayer(this.id);
    this.placeholder.remove();
  }

  full(frame: SeriesFrame): void {
    paintLayer({ id: this.id, picture: this.picture(frame), fromX: null });
  }

  update(frame: SeriesFrame, fromX: number): void {
    paintLayer({ id: this.id, picture: this.picture(frame), fromX });
  }

  /** Hand the live plot to the render worker, drawn as `frame` (or send it a new look). */
  live(frame: SeriesFrame, handover: LiveHandover): void {
    const spec: LivePlotSpec = {
      id: this.id,
      ...handover,
      look: this.look(frame),
      axisLook: this.axisLook,
      dpr: devicePixelRatio,
      yScales: liveYScales(this.chart),
    };
    liveLayer(spec);
  }

  /** Take the plot back from the render worker. */
  still(): void {
    stillLayer(this.id);
  }

  /** The frame with what the worker cannot see: uPlot's plotting area, colours, shown series. */
  private picture(frame: SeriesFrame): SeriesPicture {
    const look = this.look(frame);
    return {
      ...look,
      data: frame.data as ArrayLike<number>[],
      x: frame.x,
      axis: timeAxisPicture(this.axisLook, frame.x, look.width, devicePixelRatio),
      bands: alertBands(frame.spans, look.shown),
      ...(frame.notes ? { notes: frame.notes } : {}),
    };
  }

  /** All of a picture but its data, x range and time axis (what a live plot keeps). */
  private look(frame: SeriesFrame): LivePlotSpec["look"] {
    const { chart } = this;
    // Canvas pixels = uPlot's plotting area and time axis in device pixels.
    const dpr = devicePixelRatio;
    const width = Math.round(chart.bbox.width);
    const height = Math.round(chart.bbox.height);
    const axisHeight = Math.round(this.axisLook.height * dpr);
    const css = `${width / dpr}px ${(height + axisHeight) / dpr}px`;
    if (css !== this.cssSize) {
      this.cssSize = css;
      this.placeholder.style.width = `${width / dpr}px`;
      this.placeholder.style.height = `${(height + axisHeight) / dpr}px`;
    }
    // The plotting area moves inside the chart when its y axes change width.
    const corner = `${chart.bbox.left} ${chart.bbox.top}`;
    if (corner !== this.corner) {
      this.corner = corner;
      remeasureSeries();
    }
    const strokes: string[] = [];
    const shown: boolean[] = [];
    for (let s = 0; s < frame.data.length; s++) {
      const series = chart.series[s];
      const stroke = series?.stroke;
      strokes.push(s === 0 ? "" : String(typeof stroke === "function" ? stroke(chart, s) : stroke));
      shown.push(series?.show !== false);
    }
    const look: LivePlotSpec["look"] = {
      y: frame.y,
      width,
      height,
      lineWidth: dpr,
      strokes,
      shown,
      stepped: this.stepped,
    };
    if (this.timeline) look.timeline = this.timeline;
    return look;
  }
}
