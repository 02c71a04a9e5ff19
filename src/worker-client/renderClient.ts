// The main side of the render worker (workers/render): one per page, started
// with the first plot. It paints every plot's series on one surface canvas
// (src/panels/Plots/seriesSurface.ts lays it out). Paints asked for during
// one task go to the worker as one message after it (the frame loop draws
// every plot in the same frame).
// Live plots handed over (liveLayer) are the worker's to refresh, y ranges
// included (workers/shared/plots/ownership.ts); its reports (RenderNews) go to
// each plot's listener and to the news listeners.
import type {
  LivePlotNews,
  LivePlotSpec,
  RenderMessage,
  RenderNews,
  SeriesPaint,
  SurfaceLayout,
} from "../../workers/contract/renderProtocol";

let worker: Worker | null = null;
let nextId = 1;
let queue: SeriesPaint[] = [];
const plotListeners = new Map<number, (news: LivePlotNews) => void>();
const newsListeners = new Set<(news: RenderNews) => void>();

function renderWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("../../workers/render/render.worker.ts", import.meta.url), {
      type: "module",
      name: "plot-render",
    });
    worker.onmessage = (event: MessageEvent<RenderNews>) => {
      const news = event.data;
      for (const plot of news.plots) plotListeners.get(plot.id)?.(plot);
      for (const listener of newsListeners) listener(news);
    };
  }
  return worker;
}

function post(message: RenderMessage, transfer: Transferable[] = []): void {
  renderWorker().postMessage(message, transfer);
}

/**
 * Hand the series surface's drawing over to the render worker (a new canvas
 * replaces the one before: the plots panel mounted again).
 */
export function attachSurface(canvas: HTMLCanvasElement): void {
  const offscreen = canvas.transferControlToOffscreen();
  post({ type: "surface", canvas: offscreen }, [offscreen]);
}

/** Where each plot lies on the surface, and its size. */
export function layoutSurface(layout: SurfaceLayout): void {
  flush(); // paints asked for before the move come first
  post({ type: "layout", layout });
}

/**
 * A plot whose series the render worker paints on the surface; returns its
 * id. `onNews`: what the worker painted while the plot was live in its hands.
 */
export function attachLayer(onNews: (news: LivePlotNews) => void): number {
  const id = nextId++;
  plotListeners.set(id, onNews);
  post({ type: "attach", id });
  return id;
}

export function detachLayer(id: number): void {
  queue = queue.filter((paint) => paint.id !== id);
  plotListeners.delete(id);
  post({ type: "detach", id });
}

/** Paint a layer: sent with every other paint asked for in this task. */
export function paintLayer(paint: SeriesPaint): void {
  if (queue.length === 0) queueMicrotask(flush);
  queue.push(paint);
}

function flush(): void {
  const paints = queue;
  queue = [];
  if (paints.length > 0) post({ type: "paint", paints });
}

/** The render worker's own line to the telemetry worker (a MessageChannel's end). */
export function connectTelemetry(port: MessagePort): void {
  post({ type: "telemetry", port }, [port]);
}

/** Let the render worker refresh a live plot on its own (or take its new look). */
export function liveLayer(spec: LivePlotSpec): void {
  flush(); // what was asked to be painted before comes first
  post({ type: "live", spec });
}

/** Take a live plot back: the main thread paints it again. */
export function stillLayer(id: number): void {
  post({ type: "still", id });
}

/** Every report of the render worker (the frame loop keeps statistics). */
export function onRenderNews(listener: (news: RenderNews) => void): () => void {
  newsListeners.add(listener);
  return () => newsListeners.delete(listener);
}
