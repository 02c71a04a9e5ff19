// One plot's data path while the main thread owns its picture
// (workers/shared/plots/ownership.ts): ask the worker for the series, at most
// one request in flight (liveTail.ts), keep only the newest answer, and drop
// one fetched for a view that has since changed (latest wins). Live, it asks
// only from the newest bucket on and joins the tail to the window it holds.
import type { AppUnits } from "../../../workers/contract/fields";
import type { SeriesRequest, SeriesResult } from "../../../workers/contract/series";
import { AskGate, joinAnswer, tailStart } from "../../../workers/shared/plots/liveTail";
import { todaySpanSeconds } from "../../../workers/shared/plots/todayWindow";
import { shownTimeZone } from "../../ui/format/dateTime";
import type { PlotStats } from "../../state/plotStats";
import type { PlotView } from "./plotView";

export type SeriesSource = ((request: SeriesRequest) => Promise<SeriesResult>) & {
  /** An answer to `request` already here (asked ahead: seriesBatcher.ts), to draw in this frame. */
  ready?: (request: SeriesRequest) => SeriesResult | undefined;
};

/**
 * A plot asks for a point per 2 CSS pixels (so a bucket of 4 points every 8
 * pixels): a point per pixel drew detail no one can see, at about a third
 * more canvas work; every spike still shows (bench/RESULTS.md).
 */
export const PIXELS_PER_POINT = 2;

/** How many more points than its width needs a plot keeps drawing before it asks again. */
const POINTS_SLACK = 1.25;

export class SeriesFetch {
  fields: string[] = [];
  units: AppUnits = "metric";
  /** Drawn as a state timeline: buckets keep every state (SeriesRequest.states). */
  states = false;
  points = 0;
  /** An answer not drawn yet (the driver takes it). */
  pending: SeriesResult | null = null;
  /** The newest whole window fetched (or joined from tails) and the request key it answers. */
  latest: { key: string; result: SeriesResult } | null = null;
  /** Came back into view: ask at once instead of waiting for the cadence. */
  catchUp = false;
  /** Bumped when this plot's own request inputs change. */
  private configVersion = 0;
  private readonly asks = new AskGate();
  private requestedKey = "";
  /** The slowest series answer (ms from asking) since the frame loop last took it. */
  private answerMs = 0;

  constructor(
    private readonly source: SeriesSource,
    private readonly view: PlotView,
    private readonly stats: PlotStats,
  ) {}

  /** New fields, units or kind; returns whether what was drawn no longer fits (other fields or kind). */
  configure(fields: readonly string[], units: AppUnits, states = false): boolean {
    const newFields = !sameList(fields, this.fields) || states !== this.states;
    if (!newFields && units === this.units) return false;
    if (newFields) this.pending = null; // fetched for the old fields
    this.fields = [...fields];
    this.units = units;
    this.states = states;
    this.configVersion++;
    return newFields;
  }

  /**
   * A point per PIXELS_PER_POINT CSS pixels of a plotting area `widthPx`
   * device pixels wide. A plotting area a little narrower than the points
   * asked for keeps them (up to POINTS_SLACK more than it needs): a window
   * made a little narrower does not fetch every plot's whole window again.
   * Wider, or much narrower, asks anew.
   */
  syncPoints(widthPx: number): void {
    const needed = pointsFor(widthPx);
    if (this.points >= needed && this.points <= needed * POINTS_SLACK) return;
    this.points = needed;
    this.configVersion++;
  }

  /** The newest window fetched answers the view and settings as they are now. */
  get current(): boolean {
    return this.latest !== null && this.latest.key === this.requestKey();
  }

  /** Nothing is on its way or to be asked for the view as it is now. */
  get settled(): boolean {
    return (
      this.pending === null &&
      !this.asks.busy &&
      !this.catchUp &&
      this.requestedKey === this.requestKey()
    );
  }

  /** Ask again at the next chance, whatever the cadence (the picture was taken back). */
  askAgain(): void {
    this.requestedKey = "";
  }

  /** The slowest answer since the last call (0: none arrived); the cadence reads it. */
  takeAnswerMs(): number {
    const ms = this.answerMs;
    this.answerMs = 0;
    return ms;
  }

  /** Whether to ask now: the view changed, catching up, or live and a refresh is due. */
  shouldAsk(now: number, liveDue: boolean): boolean {
    if (!this.asks.mayAsk(now) || this.fields.length === 0) return false;
    if (this.catchUp || this.requestedKey !== this.requestKey()) return true;
    return this.view.live && liveDue;
  }

  ask(): void {
    const key = this.requestKey();
    const whole = viewRequest(this.view, this);
    // Live on a fixed grid: ask only from the newest bucket on and join it to
    // the window already held (the buckets before it are complete). The same
    // request key means the same window and points, so the same grid.
    const base = this.latest?.key === key ? this.latest.result : null;
    const onGrid = whole.liveWindowSeconds !== undefined || whole.today === true;
    const tailFrom = onGrid && base !== null ? tailStart(base) : null;
    this.asks.asked();
    this.catchUp = false;
    this.requestedKey = key;
    this.stats.requests++;
    const askedAt = performance.now();
    const request = tailFrom === null ? whole : { ...whole, from: tailFrom };
    const ready = this.source.ready?.(request);
    if (ready) {
      this.asks.answered();
      this.take(key, base, tailFrom, ready);
      return;
    }
    this.source(request).then(
      (result) => {
        this.asks.answered();
        this.answerMs = Math.max(this.answerMs, performance.now() - askedAt);
        this.take(key, base, tailFrom, result);
      },
      () => {
        this.asks.failed(); // the worker starting or restarting
        this.requestedKey = "";
        this.stats.errors++;
      },
    );
  }

  /** An answer to the ask made with `key`: the window to draw next, unless the view moved on. */
  private take(
    key: string,
    base: SeriesResult | null,
    tailFrom: number | null,
    result: SeriesResult,
  ): void {
    // Latest wins: a result for a view that has since changed is not drawn.
    if (key !== this.requestKey()) {
      this.stats.staleResults++;
      return;
    }
    const windowFrom = result.day?.start ?? this.view.requestWindow().from;
    const joined = joinAnswer(base, result, tailFrom, windowFrom);
    if (joined === null) {
      this.latest = null; // the tail does not join (source changed): fetch the whole window
      this.requestedKey = "";
      return;
    }
    this.latest = { key, result: joined };
    this.pending = joined;
  }

  private requestKey(): string {
    return `${this.view.version}:${this.configVersion}`;
  }
}

/** The points a plotting area `widthPx` device pixels wide asks for. */
export function pointsFor(widthPx: number): number {
  return Math.max(32, Math.round(widthPx / devicePixelRatio / PIXELS_PER_POINT));
}

/** What a plot asks for, as `view` stands: its whole window, on the day's grid at Today. */
export function viewRequest(
  view: PlotView,
  plot: { fields: readonly string[]; points: number; units: AppUnits; states: boolean },
): SeriesRequest {
  const { from, to } = view.requestWindow();
  // Today, following: the worker clamps to the day's start and lays the
  // buckets on the day's grid (a zoom or pause asks its own range instead).
  const today = view.live && view.today;
  return {
    fields: [...plot.fields],
    from,
    to,
    points: plot.points,
    units: plot.units,
    ...(plot.states ? { states: true } : {}),
    liveWindowSeconds: liveWindowSeconds(view),
    // The day starts at midnight on the clock times are shown on.
    ...(today ? { today, timeZone: shownTimeZone() ?? undefined } : {}),
  };
}

/**
 * A live plot's grid length: a fixed window's length, for buckets on a grid
 * of absolute time. All (no length) takes the span it shows stepped up as
 * Today's is, so its refreshes too fetch only the newest bucket (a whole
 * fetch of a day of history costs the worker over 100 ms) until the span
 * steps up and the whole window is fetched once on the coarser grid.
 */
function liveWindowSeconds(view: PlotView): number | undefined {
  if (!view.live || view.today) return undefined;
  if (view.windowSeconds !== null) return view.windowSeconds;
  if (view.newest === null || view.oldest === null) return undefined;
  return todaySpanSeconds(view.newest - view.oldest);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
