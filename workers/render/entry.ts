// The render worker: paints every plot's series layer on the OffscreenCanvas
// its placeholder <canvas> handed over. The main thread only says what to
// draw (workers/contract.ts, RenderMessage); drawing and the canvas's trip to
// the compositor happen here, off the main thread.
import type { RenderMessage } from "../contract";
import { SeriesCanvas } from "./SeriesCanvas";

const layers = new Map<number, SeriesCanvas>();

self.onmessage = (event: MessageEvent<RenderMessage>) => {
  const message = event.data;
  switch (message.type) {
    case "attach": {
      const ctx = message.canvas.getContext("2d");
      if (ctx) layers.set(message.id, new SeriesCanvas(message.canvas, ctx));
      break;
    }
    case "detach":
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
  }
};
