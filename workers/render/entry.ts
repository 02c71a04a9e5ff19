// The render worker: paints every plot's series layer on the OffscreenCanvas
// its placeholder <canvas> handed over. The main thread says what to draw
// (workers/contract.ts, RenderMessage), or hands a live plot over entirely
// (LivePlots: this worker then fetches its data from the telemetry worker and
// refreshes it on its own, and reports back in RenderNews).
import * as Comlink from "comlink";
import type { RenderMessage, RenderNews, TelemetryApi } from "../contract";
import { LivePlots } from "./LivePlots";
import { SeriesCanvas } from "./SeriesCanvas";

const layers = new Map<number, SeriesCanvas>();
const live = new LivePlots(
  (id) => layers.get(id),
  (news: RenderNews) => self.postMessage(news),
  () => performance.now(),
  // The twelve canvases hand their pictures to the compositor together, at the frame's end.
  (paint) => self.requestAnimationFrame(() => paint()),
);
let telemetry: Comlink.Remote<Pick<TelemetryApi, "seriesBatch">> | null = null;

self.onmessage = (event: MessageEvent<RenderMessage>) => {
  const message = event.data;
  switch (message.type) {
    case "attach": {
      const ctx = message.canvas.getContext("2d");
      if (ctx) layers.set(message.id, new SeriesCanvas(message.canvas, ctx));
      break;
    }
    case "detach":
      live.still(message.id);
      layers.delete(message.id);
      break;
    case "paint":
      for (const { id, picture, fromX } of message.paints) {
        const layer = layers.get(id);
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
