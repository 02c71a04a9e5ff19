// The series lines of one plot on its canvas (an OffscreenCanvas of the
// render worker's own, which PlotSurface copies to the page's one series
// surface), with the time axis under them (grid lines, ticks, labels:
// they move with the lines, so uPlot need not redraw as time passes). It
// brings a live picture up to date without redrawing it: when the x range
// moved by whole pixels it shifts what is drawn (one blit) and redraws only
// the strip at the right edge where data changed.
//
// Why: in software rendering a plot's cost is its series lines (the
// anti-aliased strokes of ~1,000 points × 4 series), paid again on every
// refresh for a picture that moved a pixel at most. Shifting costs a copy;
// the strip costs a few segments (bench/RESULTS.md has the figures).
import type { SeriesPicture, TimeAxisPicture, ValueRange } from "../contract";

/** The part of a 2D context this needs (OffscreenCanvas's, or a recorder in tests). */
export type PaintContext = Pick<
  OffscreenCanvasRenderingContext2D,
  | "save"
  | "restore"
  | "beginPath"
  | "rect"
  | "clip"
  | "moveTo"
  | "lineTo"
  | "stroke"
  | "clearRect"
  | "drawImage"
  | "lineWidth"
  | "lineJoin"
  | "strokeStyle"
  | "globalCompositeOperation"
  | "fillText"
  | "measureText"
  | "font"
  | "fillStyle"
  | "textAlign"
  | "textBaseline"
>;

/** What is painted on: a canvas whose pixel size this sets. */
export interface PaintTarget {
  width: number;
  height: number;
}

/** Time labels repeat as the window moves; a few hundred cover any window. */
const MAX_CACHED_WIDTHS = 500;

export class SeriesCanvas {
  private drawn: SeriesPicture | null = null;
  /** Which time labels the picture shows (SeriesCanvas.labelled). */
  private drawnLabels = "";
  /** Label widths measured in `widthsFont` (see labelWidth). */
  private readonly widths = new Map<string, number>();
  private widthsFont = "";

  constructor(
    private readonly canvas: PaintTarget & CanvasImageSource,
    private readonly ctx: PaintContext,
  ) {}

  /** Draw the whole picture afresh. Returns 0: changed from its left edge on. */
  full(picture: SeriesPicture): number {
    const { ctx, canvas } = this;
    const height = picture.height + picture.axis.height;
    if (canvas.width !== picture.width) canvas.width = picture.width;
    if (canvas.height !== height) canvas.height = height;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    this.drawAxis(picture, 0);
    this.drawSeries(picture, 0);
    this.drawn = picture;
    this.drawnLabels = this.labelled(picture).key;
    return 0;
  }

  /**
   * Bring the picture up to date when only data at and after `fromX` changed
   * and the x range moved by whole pixels (or not at all). Anything else (a
   * new y range, zoom, size, shown series, a jump back) repaints in full.
   * Returns the pixel column from which the canvas changed (0: all of it).
   */
  update(picture: SeriesPicture, fromX: number): number {
    const shift = this.shiftPixels(picture);
    if (shift === null) return this.full(picture);
    const { ctx, canvas } = this;
    if (shift > 0) {
      // "copy" replaces the whole canvas with the shifted picture: the strip it uncovers is clear.
      ctx.globalCompositeOperation = "copy";
      ctx.drawImage(canvas, -shift, 0);
      ctx.globalCompositeOperation = "source-over";
    }
    // One pixel more than the first changed point, so its anti-aliased edge is redrawn whole.
    const stripLeft = Math.max(0, Math.floor(toPx(fromX, picture.x, canvas.width)) - 1);
    ctx.clearRect(stripLeft, 0, canvas.width - stripLeft, canvas.height);
    this.drawAxis(picture, stripLeft);
    this.drawSeries(picture, stripLeft);
    this.drawn = picture;
    return shift > 0 ? 0 : stripLeft;
  }

  /** Whole pixels the picture can be shifted by to match `picture`, or null when it must be redrawn. */
  private shiftPixels(picture: SeriesPicture): number | null {
    const drawn = this.drawn;
    const { width, height } = picture;
    if (!drawn || this.canvas.width !== width) return null;
    if (this.canvas.height !== height + picture.axis.height) return null;
    if (drawn.lineWidth !== picture.lineWidth || !sameAxisLook(drawn.axis, picture.axis))
      return null;
    if (this.labelled(picture).key !== this.drawnLabels) return null;
    const span = picture.x.max - picture.x.min;
    if (Math.abs(span - (drawn.x.max - drawn.x.min)) > span * 1e-9) return null;
    for (let i = 1; i < picture.data.length; i++) {
      if (!sameRange(picture.y[i] ?? null, drawn.y[i] ?? null)) return null;
      if (picture.shown[i] !== drawn.shown[i] || picture.strokes[i] !== drawn.strokes[i])
        return null;
    }
    const pixels = ((picture.x.min - drawn.x.min) / span) * width;
    const whole = Math.round(pixels);
    // Only whole-pixel moves shift cleanly, and less than the width leaves something to keep.
    if (Math.abs(pixels - whole) > 1e-3 || whole < 0 || whole >= width) return null;
    return whole;
  }

  /**
   * Grid lines, ticks and labels of the time axis, or only what reaches right
   * of pixel `left` (clipped to it: a label across the strip's edge is drawn
   * again whole, at the same place, so it joins what was shifted). Only whole
   * labels are drawn; one coming into view or leaving repaints the picture.
   */
  private drawAxis(picture: SeriesPicture, left: number): void {
    const { ctx } = this;
    const { axis, width, height } = picture;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, 0, width - left, height + axis.height);
    ctx.clip();
    ctx.font = axis.font;
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    ctx.fillStyle = axis.text;
    ctx.strokeStyle = axis.grid;
    ctx.lineWidth = picture.lineWidth;
    ctx.beginPath();
    const labelled = this.labelled(picture);
    for (let i = 0; i < axis.ticks.length; i++) {
      const px = tickPx(picture, i);
      const label = i >= labelled.first && i <= labelled.last ? axis.labels[i]! : "";
      const reach = label ? this.labelWidth(axis.font, label) / 2 : 0;
      if (px + reach + 1 < left) continue; // wholly left of the strip
      ctx.moveTo(px, 0);
      ctx.lineTo(px, height + axis.tickLength);
      if (label) ctx.fillText(label, px, height + axis.tickLength + picture.lineWidth);
    }
    ctx.stroke();
    ctx.restore();
  }

  /** The ticks whose labels fit whole between the plotting area's edges (indices). */
  private labelled(picture: SeriesPicture): { first: number; last: number; key: string } {
    const { axis, width } = picture;
    let first = -1;
    let last = -2;
    for (let i = 0; i < axis.ticks.length; i++) {
      const px = tickPx(picture, i);
      const half = this.labelWidth(axis.font, axis.labels[i]!) / 2;
      if (px - half < 0 || px + half > width) continue;
      if (first < 0) first = i;
      last = i;
    }
    return { first, last, key: `${axis.ticks[first]}:${axis.ticks[last]}` };
  }

  /**
   * A label's width in `font`, measured once: each paint asks for every
   * tick's label two or three times, and the labels repeat from paint to paint.
   */
  private labelWidth(font: string, label: string): number {
    if (font !== this.widthsFont || this.widths.size > MAX_CACHED_WIDTHS) {
      this.widths.clear();
      this.widthsFont = font;
    }
    let width = this.widths.get(label);
    if (width === undefined) {
      this.ctx.font = font; // drawAxis sets its font again before it writes
      width = this.ctx.measureText(label).width;
      this.widths.set(label, width);
    }
    return width;
  }

  /** Every shown series, or only what lies right of pixel `left` (clipped to it). */
  private drawSeries(picture: SeriesPicture, left: number): void {
    const { ctx } = this;
    const xs = picture.data[0]!;
    const n = xs.length;
    if (n === 0) return;
    const { width, height } = picture;
    const xScale = width / (picture.x.max - picture.x.min);
    // Every segment that reaches into the strip is drawn again (clipped): from
    // two points before its left edge, since a stroke's width and round joins
    // reach half a pixel past a point.
    let start = 0;
    if (left > 0) {
      const leftX = picture.x.min + left / xScale;
      while (start < n && xs[start]! < leftX) start++;
      start = Math.max(0, start - 2);
    }
    ctx.save();
    // Lines stay in the plotting area (the axis is below it).
    ctx.beginPath();
    ctx.rect(left, 0, width - left, height);
    ctx.clip();
    ctx.lineWidth = picture.lineWidth;
    ctx.lineJoin = "round";
    for (let s = 1; s < picture.data.length; s++) {
      const y = picture.y[s];
      if (!y || !picture.shown[s] || !(y.max > y.min)) continue;
      const yScale = height / (y.max - y.min);
      ctx.strokeStyle = picture.strokes[s] ?? "";
      ctx.beginPath();
      traceSeries(
        ctx,
        xs,
        picture.data[s]!,
        start,
        picture.stepped[s] === true,
        (x) => (x - picture.x.min) * xScale,
        (v) => height - (v - y.min) * yScale,
      );
      ctx.stroke();
    }
    ctx.restore();
  }
}

/** Tick i on a pixel centre, as uPlot draws its grid: crisp, and the same after a whole-pixel shift. */
function tickPx(picture: SeriesPicture, i: number): number {
  const { x, width } = picture;
  return Math.round(((picture.axis.ticks[i]! - x.min) / (x.max - x.min)) * width) + 0.5;
}

function toPx(x: number, range: ValueRange, width: number): number {
  return ((x - range.min) / (range.max - range.min)) * width;
}

/** Same tick spacing and look: what was drawn can be shifted into place. */
function sameAxisLook(a: TimeAxisPicture, b: TimeAxisPicture): boolean {
  return (
    a.increment === b.increment &&
    a.height === b.height &&
    a.tickLength === b.tickLength &&
    a.font === b.font &&
    a.text === b.text &&
    a.grid === b.grid
  );
}

function sameRange(a: ValueRange | null, b: ValueRange | null): boolean {
  return a === b || (a !== null && b !== null && a.min === b.min && a.max === b.max);
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
    const px = toPx(xs[i]!);
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
