// The series lines of one plot, on a canvas of their own laid over uPlot's
// plotting area. uPlot draws axes, grid, legend and cursor; the lines are
// painted by the render worker (workers/render/SeriesCanvas.ts) on this
// canvas's OffscreenCanvas, so neither the drawing nor the canvas's trip to
// the compositor costs the main thread: here we only say what to draw.
import type uPlot from "uplot";
import type { SeriesPicture } from "../../../workers/contract";
import { attachLayer, detachLayer, paintLayer } from "../../worker-client/renderClient";
import type { SeriesPainter } from "./livePicture";
import type { XRange } from "./plotView";

/** One picture: data (typed columns, NaN = gap), the x range and each series' y range. */
export interface SeriesFrame {
  data: uPlot.AlignedData;
  x: XRange;
  /** Per series (index 1…): its scale's range; null when the scale has none yet. */
  y: (XRange | null)[];
}

export class SeriesLayer implements SeriesPainter {
  readonly canvas: HTMLCanvasElement;
  private readonly id: number;
  private cssSize = "";

  constructor(
    private readonly chart: uPlot,
    /** Per series (index 1…): drawn as steps (booleans) rather than lines. */
    private readonly stepped: readonly boolean[],
  ) {
    this.canvas = document.createElement("canvas");
    this.canvas.className = "plot-series-layer";
    this.canvas.setAttribute("aria-hidden", "true");
    // Under uPlot's cursor, selection and hover points, over its grid.
    chart.over.prepend(this.canvas);
    this.id = attachLayer(this.canvas);
  }

  dispose(): void {
    detachLayer(this.id);
    this.canvas.remove();
  }

  full(frame: SeriesFrame): void {
    paintLayer({ id: this.id, picture: this.picture(frame), fromX: null });
  }

  update(frame: SeriesFrame, fromX: number): void {
    paintLayer({ id: this.id, picture: this.picture(frame), fromX });
  }

  /** The frame with what the worker cannot see: uPlot's plotting area, colours, shown series. */
  private picture(frame: SeriesFrame): SeriesPicture {
    const { chart } = this;
    // Canvas pixels = uPlot's plotting area in device pixels, CSS size = the over layer.
    const width = Math.round(chart.bbox.width);
    const height = Math.round(chart.bbox.height);
    const css = `${width / devicePixelRatio}px ${height / devicePixelRatio}px`;
    if (css !== this.cssSize) {
      this.cssSize = css;
      this.canvas.style.width = `${width / devicePixelRatio}px`;
      this.canvas.style.height = `${height / devicePixelRatio}px`;
    }
    const strokes: string[] = [];
    const shown: boolean[] = [];
    for (let s = 0; s < frame.data.length; s++) {
      const series = chart.series[s];
      const stroke = series?.stroke;
      strokes.push(s === 0 ? "" : String(typeof stroke === "function" ? stroke(chart, s) : stroke));
      shown.push(series?.show !== false);
    }
    return {
      data: frame.data as ArrayLike<number>[],
      x: frame.x,
      y: frame.y,
      width,
      height,
      lineWidth: devicePixelRatio,
      strokes,
      shown,
      stepped: [...this.stepped],
    };
  }
}
