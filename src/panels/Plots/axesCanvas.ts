// uPlot's own picture (y axes, horizontal grid) shown through an
// OffscreenCanvas placeholder instead of uPlot's canvas. Why: with software
// rendering (CI, the benchmark, GPU-less laptops) Chromium copies every
// main-thread 2D canvas out again for each frame the page commits, changed or
// not; twelve plots paid that ~15 times a second (bench/RESULTS.md). A
// placeholder's picture reaches the compositor only when it is drawn.
//
// uPlot keeps drawing on its own canvas, taken out of the page; after each of
// its draws (uPlot's "draw" hook, a few times a second) the picture is copied
// into the placeholder, which sits where uPlot's canvas was.
import type uPlot from "uplot";

class AxesCanvas {
  /** What the page shows (uPlot's canvas class, so styles and tests find it as before). */
  readonly shown: HTMLCanvasElement;
  private readonly ctx: OffscreenCanvasRenderingContext2D | null;

  constructor(private readonly source: HTMLCanvasElement) {
    this.shown = document.createElement("canvas");
    this.shown.className = source.className;
    this.shown.setAttribute("aria-hidden", "true");
    // Without OffscreenCanvas (old browsers, jsdom) uPlot's canvas stays as it was.
    const offscreen =
      typeof this.shown.transferControlToOffscreen === "function"
        ? this.shown.transferControlToOffscreen()
        : null;
    this.ctx = offscreen?.getContext("2d") ?? null;
    if (this.ctx) source.replaceWith(this.shown);
  }

  /** uPlot drew: show its picture, at its size. */
  copy(): void {
    const { ctx, source, shown } = this;
    if (!ctx) return;
    const target = ctx.canvas;
    if (target.width !== source.width) target.width = source.width;
    if (target.height !== source.height) target.height = source.height;
    if (shown.style.width !== source.style.width) shown.style.width = source.style.width;
    if (shown.style.height !== source.style.height) shown.style.height = source.style.height;
    ctx.clearRect(0, 0, target.width, target.height);
    ctx.drawImage(source, 0, 0);
  }
}

/** uPlot hooks that show a chart's picture through an AxesCanvas (one per chart built). */
export function axesCanvasHooks(): Pick<uPlot.Hooks.Arrays, "init" | "draw"> {
  let axes: AxesCanvas | null = null;
  return {
    // "init" comes once uPlot's DOM is built, before its first draw.
    init: [
      (u) => {
        const source = (u.ctx as CanvasRenderingContext2D | null)?.canvas; // none in jsdom
        axes = source ? new AxesCanvas(source) : null;
      },
    ],
    draw: [() => axes?.copy()],
  };
}
