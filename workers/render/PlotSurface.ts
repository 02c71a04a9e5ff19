// Every plot's series lines on ONE canvas: the page's series surface, laid
// over the whole plot grid. Each plot paints at its place there
// (SeriesCanvas), which the page measures and sends (SurfaceLayout).
//
// Why one canvas: the compositor's work goes with how many canvases change
// each frame, not with their size. Twelve series canvases cost the GPU
// process ~55 ms/s at 100 packets/s that one canvas does not
// (bench/RESULTS.md, stops 24 and 25).
import type { SurfaceLayout } from "../contract/renderProtocol";
import type { LiveLayer } from "./LivePlots";
import { SeriesCanvas, type PaintContext } from "./SeriesCanvas";

/** The surface: a canvas whose pixel size the page's layout sets, and its 2D context. */
interface Surface {
  canvas: { width: number; height: number };
  ctx: PaintContext;
}

interface Plot {
  painter: SeriesCanvas;
  /** Its place on the surface (device pixels); null until the page has measured it. */
  at: { x: number; y: number } | null;
}

export class PlotSurface {
  private surface: Surface | null = null;
  private readonly plots = new Map<number, Plot>();

  /** The page's surface canvas (a new one when the plots panel mounts again). */
  setSurface(surface: Surface): void {
    this.surface = surface;
    this.placeAll();
  }

  /** The surface's size and every plot's place, as the page measured them. */
  layout({ width, height, places }: SurfaceLayout): void {
    for (const { id, x, y } of places) {
      const plot = this.plots.get(id);
      if (plot) plot.at = { x, y };
    }
    const surface = this.surface;
    if (!surface) return;
    // Setting the size clears the canvas (even to the same size): only when it changed.
    if (surface.canvas.width !== width) surface.canvas.width = width;
    if (surface.canvas.height !== height) surface.canvas.height = height;
    // A layout change is rare (a resize, a plot added or removed): paint every plot afresh.
    surface.ctx.clearRect(0, 0, width, height);
    this.placeAll();
  }

  attach(id: number): void {
    if (!this.plots.has(id)) this.plots.set(id, { painter: new SeriesCanvas(), at: null });
  }

  detach(id: number): void {
    this.plots.get(id)?.painter.erase();
    this.plots.delete(id);
  }

  /** What paints plot `id` at its place on the surface. */
  layer(id: number): LiveLayer | undefined {
    return this.plots.get(id)?.painter;
  }

  private placeAll(): void {
    const ctx = this.surface?.ctx;
    for (const { painter, at } of this.plots.values())
      painter.moveTo(ctx && at ? { ctx, ...at } : null);
  }
}
