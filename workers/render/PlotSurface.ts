// Every plot's series lines on ONE canvas: the page's series surface, laid
// over the whole plot grid. Each plot is painted on a canvas of its own here
// in the worker (SeriesCanvas: it shifts its picture and redraws a strip), and
// what changed is then copied to the plot's place on the surface.
//
// Why: the compositor's work goes with how many canvases change each frame,
// not with their size. Twelve series canvases cost the GPU process ~55 ms/s
// at 100 packets/s that one canvas does not (bench/RESULTS.md, stops 23–25).
// The copy costs a strip of pixels per refresh, a whole plot when it shifted.
import type { SeriesPicture, SurfaceLayout } from "../contract";
import type { LiveLayer } from "./LivePlots";
import { SeriesCanvas, type PaintContext, type PaintTarget } from "./SeriesCanvas";

/** A canvas with its 2D context: the surface, or a plot's own canvas. */
export interface Drawable {
  canvas: PaintTarget & CanvasImageSource;
  ctx: PaintContext;
}

/** Where a plot's canvas lies on the surface (device pixels). */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Plot {
  own: Drawable;
  painter: SeriesCanvas;
  /** Its place on the surface; null until the page has measured it. */
  at: { x: number; y: number } | null;
  /** What of the surface its copy covers now (cleared when it moves or shrinks). */
  covered: Rect | null;
  layer: LiveLayer;
}

export class PlotSurface {
  private surface: Drawable | null = null;
  private readonly plots = new Map<number, Plot>();

  /** `makeCanvas`: a plot's own canvas (an OffscreenCanvas in the worker, a recorder in tests). */
  constructor(private readonly makeCanvas: () => Drawable) {}

  /** The page's surface canvas (a new one when the plots panel mounts again). */
  setSurface(surface: Drawable): void {
    this.surface = surface;
    for (const plot of this.plots.values()) plot.covered = null;
    this.copyAll();
  }

  /** The surface's size and every plot's place, as the page measured them. */
  layout({ width, height, places }: SurfaceLayout): void {
    for (const { id, x, y } of places) {
      const plot = this.plots.get(id);
      if (plot) plot.at = { x, y };
    }
    const surface = this.surface;
    if (!surface) return;
    // Setting the size clears the canvas (even to the same size), so set it when it changed only.
    if (surface.canvas.width !== width) surface.canvas.width = width;
    if (surface.canvas.height !== height) surface.canvas.height = height;
    // A layout change is rare (a resize, a plot added or removed): copy every plot afresh.
    surface.ctx.clearRect(0, 0, width, height);
    for (const plot of this.plots.values()) plot.covered = null;
    this.copyAll();
  }

  attach(id: number): void {
    if (this.plots.has(id)) return;
    const own = this.makeCanvas();
    const painter = new SeriesCanvas(own.canvas, own.ctx);
    const plot: Plot = {
      own,
      painter,
      at: null,
      covered: null,
      layer: {
        full: (picture: SeriesPicture) => this.copy(plot, painter.full(picture)),
        update: (picture: SeriesPicture, fromX: number) =>
          this.copy(plot, painter.update(picture, fromX)),
      },
    };
    this.plots.set(id, plot);
  }

  detach(id: number): void {
    const plot = this.plots.get(id);
    if (!plot) return;
    this.uncover(plot);
    this.plots.delete(id);
  }

  /** What paints plot `id`: its own canvas, then its place on the surface. */
  layer(id: number): LiveLayer | undefined {
    return this.plots.get(id)?.layer;
  }

  private copyAll(): void {
    for (const plot of this.plots.values()) this.copy(plot, 0);
  }

  /** Copy plot's canvas from pixel column `left` on to its place on the surface. */
  private copy(plot: Plot, left: number): void {
    const { surface } = this;
    const { at, own } = plot;
    if (!surface || !at) return;
    const { width, height } = own.canvas;
    const rect = { x: at.x, y: at.y, width, height };
    if (plot.covered && !sameRect(plot.covered, rect)) {
      this.uncover(plot);
      left = 0;
    }
    plot.covered = rect;
    const w = width - left;
    if (w <= 0 || height <= 0) return;
    surface.ctx.clearRect(at.x + left, at.y, w, height);
    surface.ctx.drawImage(own.canvas, left, 0, w, height, at.x + left, at.y, w, height);
  }

  /** Clear what plot's copy covers on the surface. */
  private uncover(plot: Plot): void {
    const { covered } = plot;
    if (covered && this.surface)
      this.surface.ctx.clearRect(covered.x, covered.y, covered.width, covered.height);
    plot.covered = null;
  }
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
