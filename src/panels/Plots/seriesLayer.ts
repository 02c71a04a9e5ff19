// The series lines of one plot, on a canvas of their own laid over uPlot's
// plotting area. uPlot draws axes, grid, legend and cursor; this layer draws
// the data, and can bring a live picture up to date without redrawing it:
// when the x range moved by whole pixels it shifts what is drawn (one blit)
// and redraws only the strip at the right edge where data changed.
//
// Why: in software rendering a plot's cost is its series lines (the
// anti-aliased strokes of ~1,000 points × 4 series), paid again on every
// refresh for a picture that moved a pixel at most. Shifting costs a copy;
// the strip costs a few segments (bench/RESULTS.md has the figures).
import type uPlot from "uplot";
import { sameRange, type XRange } from "./plotView";

/** One picture: data (typed columns, NaN = gap), the x range and each series' y range. */
export interface SeriesFrame {
  data: uPlot.AlignedData;
  x: XRange;
  /** Per series (index 1…): its scale's range; null when the scale has none yet. */
  y: (XRange | null)[];
}

export class SeriesLayer {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private drawnX: XRange | null = null;
  private drawnY: (XRange | null)[] = [];
  private drawnShow: boolean[] = [];

  constructor(
    private readonly chart: uPlot,
    /** Per series (index 1…): drawn as steps (booleans) rather than lines. */
    private readonly stepped: readonly boolean[],
  ) {
    this.canvas = document.createElement("canvas");
    this.canvas.className = "plot-series-layer";
    this.canvas.setAttribute("aria-hidden", "true");
    this.ctx = this.canvas.getContext("2d")!;
    // Under uPlot's cursor, selection and hover points, over its grid.
    chart.over.prepend(this.canvas);
  }

  dispose(): void {
    this.canvas.remove();
  }

  /** Draw the whole picture afresh. */
  full(frame: SeriesFrame): void {
    const { ctx, canvas } = this;
    this.fit();
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    this.drawSeries(frame, 0);
    this.remember(frame);
  }

  /**
   * Bring the picture up to date when only data at and after `fromX` changed
   * and the x range moved by whole pixels (or not at all). Anything else (a
   * new y range, zoom, size, shown series, a jump back) repaints in full.
   */
  update(frame: SeriesFrame, fromX: number): void {
    const shift = this.shiftPixels(frame);
    if (shift === null) {
      this.full(frame);
      return;
    }
    const { ctx, canvas } = this;
    if (shift > 0) {
      // "copy" replaces the whole canvas with the shifted picture: the strip it uncovers is clear.
      ctx.globalCompositeOperation = "copy";
      ctx.drawImage(canvas, -shift, 0);
      ctx.globalCompositeOperation = "source-over";
    }
    // One pixel more than the first changed point, so its anti-aliased edge is redrawn whole.
    const stripLeft = Math.max(0, Math.floor(this.toPx(fromX, frame.x)) - 1);
    ctx.clearRect(stripLeft, 0, canvas.width - stripLeft, canvas.height);
    this.drawSeries(frame, stripLeft);
    this.remember(frame);
  }

  /** Whole pixels the picture can be shifted by to match `frame`, or null when it must be redrawn. */
  private shiftPixels(frame: SeriesFrame): number | null {
    const drawn = this.drawnX;
    const { width } = this.chart.bbox;
    if (!drawn || this.canvas.width !== Math.round(width)) return null;
    if (this.canvas.height !== Math.round(this.chart.bbox.height)) return null;
    const span = frame.x.max - frame.x.min;
    if (Math.abs(span - (drawn.max - drawn.min)) > span * 1e-9) return null;
    for (let i = 1; i < frame.data.length; i++) {
      if (!sameRange(frame.y[i] ?? null, this.drawnY[i] ?? null)) return null;
      if (this.shown(i) !== this.drawnShow[i]) return null;
    }
    const pixels = ((frame.x.min - drawn.min) / span) * width;
    const whole = Math.round(pixels);
    // Only whole-pixel moves shift cleanly, and less than the width leaves something to keep.
    if (Math.abs(pixels - whole) > 1e-3 || whole < 0 || whole >= width) return null;
    return whole;
  }

  private remember(frame: SeriesFrame): void {
    this.drawnX = { ...frame.x };
    this.drawnY = frame.y.map((r) => (r ? { ...r } : null));
    this.drawnShow = frame.data.map((_, i) => this.shown(i));
  }

  private shown(i: number): boolean {
    return this.chart.series[i]?.show !== false;
  }

  /** Canvas pixels = uPlot's plotting area in device pixels, CSS size = the over layer. */
  private fit(): void {
    const { width, height } = this.chart.bbox;
    const w = Math.round(width);
    const h = Math.round(height);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.canvas.style.width = `${w / devicePixelRatio}px`;
      this.canvas.style.height = `${h / devicePixelRatio}px`;
    }
  }

  private toPx(x: number, range: XRange): number {
    return ((x - range.min) / (range.max - range.min)) * this.canvas.width;
  }

  /** Every shown series, or only what lies right of pixel `left` (clipped to it). */
  private drawSeries(frame: SeriesFrame, left: number): void {
    const { ctx, canvas } = this;
    const xs = frame.data[0];
    const n = xs.length;
    if (n === 0) return;
    const width = canvas.width;
    const height = canvas.height;
    const xScale = width / (frame.x.max - frame.x.min);
    // Every segment that reaches into the strip is drawn again (clipped): from
    // two points before its left edge, since a stroke's width and round joins
    // reach half a pixel past a point.
    let start = 0;
    if (left > 0) {
      const leftX = frame.x.min + left / xScale;
      while (start < n && (xs[start] as number) < leftX) start++;
      start = Math.max(0, start - 2);
    }
    ctx.save();
    if (left > 0) {
      ctx.beginPath();
      ctx.rect(left, 0, width - left, height);
      ctx.clip();
    }
    ctx.lineWidth = devicePixelRatio;
    ctx.lineJoin = "round";
    for (let s = 1; s < frame.data.length; s++) {
      const y = frame.y[s];
      if (!y || !this.shown(s) || !(y.max > y.min)) continue;
      const ys = frame.data[s]!;
      const yScale = height / (y.max - y.min);
      const stroke = this.chart.series[s]!.stroke;
      ctx.strokeStyle = (typeof stroke === "function" ? stroke(this.chart, s) : stroke) as string;
      ctx.beginPath();
      traceSeries(
        ctx,
        xs,
        ys,
        start,
        this.stepped[s] === true,
        (x) => (x - frame.x.min) * xScale,
        (v) => height - (v - y.min) * yScale,
      );
      ctx.stroke();
    }
    ctx.restore();
  }
}

/** Where a series' path goes: moveTo / lineTo, as on a canvas (a recorder in tests). */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/**
 * Trace points start… of one series: a line through them, lifted at each gap
 * (NaN); `stepped` (booleans) holds each value until the next sample.
 */
export function traceSeries(
  sink: PathSink,
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  start: number,
  stepped: boolean,
  toPx: (x: number) => number,
  toPy: (y: number) => number,
): void {
  let pen = false;
  let lastY = 0;
  for (let i = start; i < xs.length; i++) {
    const v = ys[i];
    if (v == null || v !== v) {
      pen = false;
      continue;
    }
    const px = toPx(xs[i] as number);
    const py = toPy(v);
    if (!pen) sink.moveTo(px, py);
    else {
      if (stepped) sink.lineTo(px, lastY);
      sink.lineTo(px, py);
    }
    pen = true;
    lastY = py;
  }
}
