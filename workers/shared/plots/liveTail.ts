// How a live plot's window is asked for and kept up to date, written once for
// whichever thread owns the picture (ownership.ts): the main thread's
// plotDriver and the render worker's LivePlots. At most one ask is in flight;
// a live window asks only from its newest bucket on and joins that tail to
// what it holds; a tail that does not join (the source changed) makes the
// next ask whole; a failed ask (the telemetry worker starting or restarting)
// is tried again after RETRY_MS.
import type { SeriesRequest, SeriesResult } from "../../contract/series";
import { mergeTail, newestBucketStart } from "./liveWindow";

/** The telemetry worker's seriesBatch: one answer per request, from one history state. */
export type SeriesBatchSource = (requests: SeriesRequest[]) => Promise<SeriesResult[]>;

/** After a failed ask, wait this long before asking again. */
export const RETRY_MS = 500;

/** Where a live tail starts: the newest bucket's first point (null: no grid, ask the whole window). */
export function tailStart(window: SeriesResult): number | null {
  const xs = window.data[0];
  return window.bucketSeconds > 0 && xs ? newestBucketStart(xs, window.bucketSeconds) : null;
}

/**
 * The window an answer makes: the answer itself when it was asked whole
 * (`tailFrom` null), else `held` joined to the tail, its points left of
 * `windowFrom` dropped. Null when the tail does not join: ask the whole
 * window next.
 */
export function joinAnswer(
  held: SeriesResult | null,
  answer: SeriesResult,
  tailFrom: number | null,
  windowFrom: number | null,
): SeriesResult | null {
  if (tailFrom === null || held === null) return answer;
  return mergeTail(held, answer, tailFrom, windowFrom);
}

/** At most one ask in flight, and none for RETRY_MS after one failed. */
export class AskGate {
  private inFlight = false;
  private retryAt = -Infinity;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Whether an ask may go at `now` (the clock given to the constructor). */
  mayAsk(now = this.now()): boolean {
    return !this.inFlight && now >= this.retryAt;
  }

  get busy(): boolean {
    return this.inFlight;
  }

  /** An ask went out. */
  asked(): void {
    this.inFlight = true;
  }

  /** Its answer came (or is no longer awaited: a new line to the telemetry worker). */
  answered(): void {
    this.inFlight = false;
  }

  /** It failed: the next ask waits RETRY_MS (returned, for a timer). */
  failed(): number {
    this.inFlight = false;
    this.retryAt = this.now() + RETRY_MS;
    return RETRY_MS;
  }
}
