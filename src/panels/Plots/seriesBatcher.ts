// Every plot asks for its series on its own (plotDriver), but the frame loop
// lets them ask in the same frame: the requests made before the next microtask
// go to the worker as ONE call, so the worker plans each window once, fills
// each field once, and answers from one history state (plots stay aligned).
//
// Requests may also be asked ahead ("warmed": layoutAhead.ts): they go to the
// worker at once, and for WARM_MS a plot's own ask of the same request takes
// that answer instead of asking again: at once when it has come (ready), so
// the plot draws it in the frame it asks in.
import type { SeriesRequest, SeriesResult } from "../../../workers/contract/series";
import type { SeriesBatchSource } from "../../../workers/shared/plots/liveTail";
import type { SeriesSource } from "./seriesFetch";

/**
 * How long an answer asked ahead serves the same request (ms from asking).
 * The plots it was asked for ask once React has built their charts (about
 * 100 ms after a layout switch on the benchmark's machine); after this an
 * ask goes to the worker, whose answer is newer.
 */
export const WARM_MS = 500;

interface Waiting {
  request: SeriesRequest;
  resolve: (result: SeriesResult) => void;
  reject: (error: unknown) => void;
}

interface Warmed {
  until: number;
  answer: Promise<SeriesResult>;
  /** The answer once it came. */
  result?: SeriesResult;
}

/** A plots' series source that can be asked ahead. */
export type WarmSource = SeriesSource & {
  ready(request: SeriesRequest): SeriesResult | undefined;
  /** Asks for `requests` now; their answers serve the same requests for WARM_MS. */
  warm(requests: readonly SeriesRequest[]): void;
};

export function batchingSource(
  send: SeriesBatchSource,
  now: () => number = () => performance.now(),
): WarmSource {
  let queue: Waiting[] = [];
  const warmed = new Map<string, Warmed>();
  const flush = (): void => {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return; // sent already (a warm)
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
  const enqueue = (request: SeriesRequest) =>
    new Promise<SeriesResult>((resolve, reject) => {
      if (queue.length === 0) queueMicrotask(flush);
      queue.push({ request, resolve, reject });
    });
  const warm = (request: SeriesRequest): Warmed | undefined => {
    const hit = warmed.get(warmKey(request));
    return hit && now() <= hit.until ? hit : undefined;
  };
  const source = (request: SeriesRequest): Promise<SeriesResult> =>
    warm(request)?.answer ?? enqueue(request);
  source.ready = (request: SeriesRequest) => warm(request)?.result;
  source.warm = (requests: readonly SeriesRequest[]): void => {
    const at = now();
    for (const [key, entry] of warmed) if (entry.until < at) warmed.delete(key);
    for (const request of requests) {
      const key = warmKey(request);
      if (warmed.has(key)) continue;
      const entry: Warmed = { until: at + WARM_MS, answer: enqueue(request) };
      // Kept as it comes, for ready(); a failure is a plot's own ask's to see.
      entry.answer.then((result) => (entry.result = result)).catch(() => undefined);
      warmed.set(key, entry);
    }
    flush(); // now, not at the next microtask: the worker starts while React renders
  };
  return source;
}

/** Two requests that ask the same. */
function warmKey(r: SeriesRequest): string {
  return JSON.stringify([
    r.fields,
    r.from ?? null,
    r.to ?? null,
    r.points,
    r.units,
    r.states === true,
    r.liveWindowSeconds ?? null,
    r.today === true,
    r.timeZone ?? null,
  ]);
}
