// The series surface: ONE canvas laid over the whole plot grid, on which the
// render worker paints every plot's series lines and time axis
// (workers/render/PlotSurface.ts). Each plot keeps a placeholder where uPlot's
// plotting area is (SeriesLayer); this module measures where the placeholders
// lie on the surface and tells the worker whenever that changes.
//
// Why one canvas: the compositor's work goes with how many canvases change
// each frame, not their size; twelve series canvases cost the GPU process
// ~55 ms/s at 100 packets/s that one does not (bench/RESULTS.md).
//
// The surface is above the plot cards (they are compositing layers of their
// own), so it lets the pointer through; uPlot's cursor and selection are
// drawn under the lines.
import { attachSurface, layoutSurface } from "../../worker-client/renderClient";
import type { SurfaceLayout } from "../../../workers/contract/renderProtocol";

class SurfacePlacement {
  private surface: HTMLCanvasElement | null = null;
  private readonly places = new Map<number, HTMLElement>();
  private observer: ResizeObserver | null = null;
  private frame = 0;
  private sent = "";
  /** A canvas hands its drawing over once (React's StrictMode mounts twice). */
  private readonly handedOver = new WeakSet<HTMLCanvasElement>();

  mount(canvas: HTMLCanvasElement): () => void {
    this.surface = canvas;
    this.sent = "";
    if (!this.handedOver.has(canvas)) {
      this.handedOver.add(canvas);
      attachSurface(canvas);
    }
    const observer = this.resizes();
    // Kept: by the time React runs the cleanup the canvas may be out of the page already.
    const grid = canvas.parentElement;
    if (grid) observer.observe(grid);
    this.schedule();
    return () => {
      if (grid) observer.unobserve(grid);
      if (this.surface === canvas) this.surface = null;
    };
  }

  place(id: number, placeholder: HTMLElement): () => void {
    this.places.set(id, placeholder);
    this.resizes().observe(placeholder);
    this.schedule();
    return () => {
      this.places.delete(id);
      this.observer?.unobserve(placeholder);
      this.schedule();
    };
  }

  /** Measure again in the next frame (something may have moved). */
  schedule = (): void => {
    if (this.frame || typeof requestAnimationFrame === "undefined") return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.measure();
    });
  };

  private resizes(): ResizeObserver {
    this.observer ??= new ResizeObserver(this.schedule);
    return this.observer;
  }

  private measure(): void {
    const { surface } = this;
    const grid = surface?.parentElement;
    if (!surface || !grid) return;
    const dpr = devicePixelRatio;
    const box = grid.getBoundingClientRect();
    // Whole device pixels, and a CSS size that is exactly that: the surface is never scaled.
    const width = Math.floor(box.width * dpr);
    const height = Math.floor(box.height * dpr);
    surface.style.width = `${width / dpr}px`;
    surface.style.height = `${height / dpr}px`;
    const origin = surface.getBoundingClientRect();
    const layout: SurfaceLayout = { width, height, places: [] };
    for (const [id, placeholder] of this.places) {
      const at = placeholder.getBoundingClientRect();
      layout.places.push({
        id,
        x: Math.round((at.left - origin.left) * dpr),
        y: Math.round((at.top - origin.top) * dpr),
      });
    }
    const text = JSON.stringify(layout);
    if (text === this.sent) return;
    this.sent = text;
    layoutSurface(layout);
  }
}

const placement = new SurfacePlacement();

/** Hand the plot grid's surface canvas to the render worker; returns its unmount. */
export function mountSeriesSurface(canvas: HTMLCanvasElement): () => void {
  return placement.mount(canvas);
}

/** Where plot `id`'s series go on the surface; returns its removal. */
export function placeSeries(id: number, placeholder: HTMLElement): () => void {
  return placement.place(id, placeholder);
}

/** Something in a plot moved its plotting area (its y axes' widths): measure again. */
export const remeasureSeries = placement.schedule;
