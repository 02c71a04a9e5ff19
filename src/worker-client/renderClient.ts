// The main side of the render worker (workers/render): one per page, started
// with the first plot. Paints asked for during one task go to the worker as
// one message after it (the frame loop draws every plot in the same frame).
import type { RenderMessage, SeriesPaint } from "../../workers/contract";

let worker: Worker | null = null;
let nextId = 1;
let queue: SeriesPaint[] = [];

function renderWorker(): Worker {
  worker ??= new Worker(new URL("../../workers/render/entry.ts", import.meta.url), {
    type: "module",
    name: "plot-render",
  });
  return worker;
}

function post(message: RenderMessage, transfer: Transferable[] = []): void {
  renderWorker().postMessage(message, transfer);
}

/** Hand a placeholder canvas's drawing over to the render worker; returns its id. */
export function attachLayer(canvas: HTMLCanvasElement): number {
  const id = nextId++;
  const offscreen = canvas.transferControlToOffscreen();
  post({ type: "attach", id, canvas: offscreen }, [offscreen]);
  return id;
}

export function detachLayer(id: number): void {
  queue = queue.filter((paint) => paint.id !== id);
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
