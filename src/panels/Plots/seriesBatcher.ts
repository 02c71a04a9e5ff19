// Every plot asks for its series on its own (plotDriver), but the frame loop
// lets them ask in the same frame: the requests made before the next microtask
// go to the worker as ONE call, so the worker plans each window once, fills
// each field once, and answers from one history state (plots stay aligned).
import type { SeriesRequest, SeriesResult } from "../../../workers/contract/series";
import type { SeriesBatchSource } from "../../../workers/shared/plots/liveTail";
import type { SeriesSource } from "./seriesFetch";

interface Waiting {
  request: SeriesRequest;
  resolve: (result: SeriesResult) => void;
  reject: (error: unknown) => void;
}

export function batchingSource(send: SeriesBatchSource): SeriesSource {
  let queue: Waiting[] = [];
  const flush = (): void => {
    const batch = queue;
    queue = [];
    send(batch.map((w) => w.request)).then(
      (results) => {
        batch.forEach((w, i) => {
          const result = results[i];
          if (result) w.resolve(result);
          else w.reject(new Error("series batch: missing result"));
        });
      },
      (error: unknown) => batch.forEach((w) => w.reject(error)),
    );
  };
  return (request) =>
    new Promise<SeriesResult>((resolve, reject) => {
      if (queue.length === 0) queueMicrotask(flush);
      queue.push({ request, resolve, reject });
    });
}
