// The render worker: paints every plot's series at its place on the page's
// one series surface (workers/render/PlotSurface.ts; the OffscreenCanvas its
// placeholder <canvas> handed over).
// The main thread says what to draw (workers/contract/renderProtocol.ts, RenderMessage), or
// hands a live plot over entirely (LivePlots: this worker then fetches its
// data from the telemetry worker and refreshes it on its own, and reports back
// in RenderNews).
import * as Comlink from "comlink";
import type { RenderMessage, RenderNews } from "../contract/renderProtocol";
import type { TelemetryApi } from "../contract/telemetryApi";
import { LivePlots } from "./LivePlots";
import { PlotSurface } from "./PlotSurface";

const surface = new PlotSurface();
const live = new LivePlots(
  (id) => surface.layer(id),
  (news: RenderNews) => self.postMessage(news),
  () => performance.now(),
  // Every plot's paint goes to the compositor together, at the frame's end.
  (paint) => self.requestAnimationFrame(() => paint()),
);
let telemetry: Comlink.Remote<Pick<TelemetryApi, "seriesBatch">> | null = null;

function surfaceOf(canvas: OffscreenCanvas) {
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("The render worker has no 2D canvas context.");
  return { canvas, ctx };
}

self.onmessage = (event: MessageEvent<RenderMessage>) => {
  const message = event.data;
  switch (message.type) {
    case "surface":
      surface.setSurface(surfaceOf(message.canvas));
      break;
    case "layout":
      surface.layout(message.layout);
      break;
    case "attach":
      surface.attach(message.id);
      break;
    case "detach":
      live.still(message.id);
      surface.detach(message.id);
      break;
    case "paint":
      for (const { id, picture, fromX } of message.paints) {
        const layer = surface.layer(id);
        if (!layer) continue;
        if (fromX === null) layer.full(picture);
        else layer.update(picture, fromX);
      }
      break;
    case "telemetry": {
      telemetry?.[Comlink.releaseProxy]();
      const remote = Comlink.wrap<Pick<TelemetryApi, "seriesBatch">>(message.port);
      telemetry = remote;
      live.connect((requests) => remote.seriesBatch(requests));
      break;
    }
    case "live":
      live.live(message.spec);
      break;
    case "still":
      live.still(message.id);
      break;
  }
};
