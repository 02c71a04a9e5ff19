// The series lines of one plot, with the time axis under them (grid lines,
// ticks, labels: they move with the lines, so uPlot need not redraw as time
// passes), painted at the plot's place on the page's one series surface
// (PlotSurface.ts). A live refresh that did not move the x range by a pixel
// redraws only the strip at the right edge where data changed; anything else
// (the range moved a pixel, a new y range, zoom, size, shown series) repaints
// the plot's rectangle.
//
// Why not keep each plot's picture on a canvas of its own and shift it: the
// copies cost more than the strokes. Chromium records canvas drawing and
// rasterises it when the picture is used, and with one surface every copy of
// a plot's canvas onto it (a whole plot after each shift) came on top of the
// shift's own copy: in a 1-hour window moving a pixel per refresh, drawImage
// was most of the render worker's time, the strokes a few per cent
// (bench/RESULTS.md, stop 25).
import type { SeriesPicture, TimeAxisPicture, ValueRange } from "../contract/renderProtocol";
import { sameBands } from "../shared/plots/alertBands";
import { eachNoteBand, sameNoteSpans } from "../shared/plots/noteBands";
import { paintTimeline } from "./timelinePaint";
import type { PaintContext } from "./paintContext";

export type { PaintContext } from "./paintContext";

/** Where a plot is painted: a context, and its top left corner there (device pixels). */
interface PaintPlace {
  ctx: PaintContext;
  x: number;
  y: number;
}

/** Time labels repeat as the window moves; a few hundred cover any window. */
const MAX_CACHED_WIDTHS = 500;

export class SeriesCanvas {
  private drawn: SeriesPicture | null = null;
  /** Label widths measured in `widthsFont` (see labelWidth). */
  private readonly widths = new Map<string, number>();
  private widthsFont = "";
  /** Where it paints; null until the page has placed the plot (pictures are kept till then). */
  private place: PaintPlace | null = null;
  /** The size of what is painted at `place` (cleared when it shrinks or goes). */
  private covered = { width: 0, height: 0 };

  /** Paint at `place` from now on (a new surface, or the plot moved): the picture is painted there. */
  moveTo(place: PaintPlace | null): void {
    this.place = place;
    this.covered = { width: 0, height: 0 };
    if (this.drawn) this.full(this.drawn);
  }

  /** Clear what is painted (the plot goes). */
  erase(): void {
    const { place, covered } = this;
    if (place) place.ctx.clearRect(place.x, place.y, covered.width, covered.height);
    this.covered = { width: 0, height: 0 };
  }

  /** Draw the whole picture afresh. */
  full(picture: SeriesPicture): void {
    this.drawn = picture;
    const { place } = this;
    if (!place) return;
    const height = picture.height + picture.axis.height;
    const { ctx } = place;
    ctx.save();
    ctx.translate(place.x, place.y);
    ctx.clearRect(
      0,
      0,
      Math.max(picture.width, this.covered.width),
      Math.max(height, this.covered.height),
    );
    this.drawAxis(ctx, picture, 0);
    this.drawSeries(ctx, picture, 0);
    ctx.restore();
    this.covered = { width: picture.width, height };
  }

  /**
   * Bring the picture up to date when only data at and after `fromX` changed
   * and the x range stayed within the same pixel; anything else repaints it.
   */
  update(picture: SeriesPicture, fromX: number): void {
    const { place } = this;
    if (!place || !this.sameFrame(picture)) {
      this.full(picture);
      return;
    }
    const { ctx } = place;
    const { width } = picture;
    // One pixel more than the first changed point, so its anti-aliased edge is redrawn whole.
    const stripLeft = Math.max(0, Math.floor(toPx(fromX, picture.x, width)) - 1);
    ctx.save();
    ctx.translate(place.x, place.y);
    ctx.clearRect(stripLeft, 0, width - stripLeft, picture.height + picture.axis.height);
    this.drawAxis(ctx, picture, stripLeft);
    this.drawSeries(ctx, picture, stripLeft);
    ctx.restore();
    this.drawn = picture;
  }

  /** Whether what is painted is `picture`'s frame: same size, look and ranges, x within a pixel. */
  private sameFrame(picture: SeriesPicture): boolean {
    const drawn = this.drawn;
    if (!drawn || drawn.width !== picture.width || drawn.height !== picture.height) return false;
    if (drawn.lineWidth !== picture.lineWidth || !sameAxisLook(drawn.axis, picture.axis))
      return false;
    // An alert started or ended: its band reaches left of the strip.
    if (!sameBands(drawn.bands, picture.bands)) return false;
    if (!sameNoteSpans(drawn.notes, picture.notes)) return false;
    if (drawn.timeline?.key !== picture.timeline?.key) return false;
    const span = picture.x.max - picture.x.min;
    if (Math.abs(span - (drawn.x.max - drawn.x.min)) > span * 1e-9) return false;
    for (let i = 1; i < picture.data.length; i++) {
      if (!sameRange(picture.y[i] ?? null, drawn.y[i] ?? null)) return false;
      if (picture.shown[i] !== drawn.shown[i] || picture.strokes[i] !== drawn.strokes[i])
        return false;
    }
    // Live ranges move in whole pixels (liveWindow.wholePixelRange): less than a pixel is none.
    return Math.abs(((picture.x.min - drawn.x.min) / span) * picture.width) < 1e-3;
  }

  /**
   * Grid lines, ticks and labels of the time axis, or only what reaches right
   * of pixel `left` (clipped to it: a label across the strip's edge is drawn
   * again whole, at the same place, so it joins what is there). Only whole
   * labels are drawn; one coming into view or leaving repaints the picture.
   */
  private drawAxis(ctx: PaintContext, picture: SeriesPicture, left: number): void {
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
    const labelled = this.labelled(ctx, picture);
    for (let i = 0; i < axis.ticks.length; i++) {
      const px = tickPx(picture, i);
      const label = i >= labelled.first && i <= labelled.last ? axis.labels[i]! : "";
      const reach = label ? this.labelWidth(ctx, axis.font, label) / 2 : 0;
      if (px + reach + 1 < left) continue; // wholly left of the strip
      ctx.moveTo(px, 0);
      ctx.lineTo(px, height + axis.tickLength);
      if (label) ctx.fillText(label, px, height + axis.tickLength + picture.lineWidth);
    }
    ctx.stroke();
    ctx.restore();
  }

  /** The ticks whose labels fit whole between the plotting area's edges (indices). */
  private labelled(ctx: PaintContext, picture: SeriesPicture): { first: number; last: number } {
    const { axis, width } = picture;
    let first = -1;
    let last = -2;
    for (let i = 0; i < axis.ticks.length; i++) {
      const px = tickPx(picture, i);
      const half = this.labelWidth(ctx, axis.font, axis.labels[i]!) / 2;
      if (px - half < 0 || px + half > width) continue;
      if (first < 0) first = i;
      last = i;
    }
    return { first, last };
  }

  /**
   * A label's width in `font`, measured once: each paint asks for every
   * tick's label two or three times, and the labels repeat from paint to paint.
   */
  private labelWidth(ctx: PaintContext, font: string, label: string): number {
    if (font !== this.widthsFont || this.widths.size > MAX_CACHED_WIDTHS) {
      this.widths.clear();
      this.widthsFont = font;
    }
    let width = this.widths.get(label);
    if (width === undefined) {
      ctx.font = font; // drawAxis sets its font again before it writes
      width = ctx.measureText(label).width;
      this.widths.set(label, width);
    }
    return width;
  }

  /** Every shown series, or only what lies right of pixel `left` (clipped to it); alert bands behind. */
  private drawSeries(ctx: PaintContext, picture: SeriesPicture, left: number): void {
    const xs = picture.data[0]!;
    const n = xs.length;
    const { width, height } = picture;
    if (picture.timeline) {
      // No alert bands: a timeline shows the states themselves, row by row.
      paintTimeline(ctx, picture, picture.timeline, left);
      return;
    }
    if (picture.bands || picture.notes) drawBandsOf(ctx, picture, left);
    if (n === 0) return;
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

/** Alert bands, then the notes over them, across the plotting area's height, clipped to pixel `left` on. */
function drawBandsOf(ctx: PaintContext, picture: SeriesPicture, left: number): void {
  const { width, height, x } = picture;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, 0, width - left, height);
  ctx.clip();
  const band = (from: number, to: number | null, fill: string) => {
    const a = Math.max(left, Math.floor(toPx(from, x, width)));
    const b = to === null ? width : Math.min(width, Math.ceil(toPx(to, x, width)));
    if (b < a) return;
    ctx.fillStyle = fill;
    // At least a pixel wide: an alert of one packet, or a moment's note, must still show.
    ctx.fillRect(a, 0, Math.max(1, b - a), height);
  };
  for (const alert of picture.bands ?? []) band(alert.from, alert.to, alert.fill);
  if (picture.notes) eachNoteBand(picture.notes, band);
  ctx.restore();
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
interface PathSink {
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
