// Live plots the UI handed over (LivePlotSpec): while here, the render worker
// owns their pictures (workers/shared/plots/ownership.ts) and refreshes them
// on its own timer. Each refresh asks the telemetry worker (over a
// MessagePort, not via the main thread) for every plot's newest bucket on,
// joins the tails to the windows held here (liveTail.ts), moves the shared x
// range in whole pixels, chooses the y ranges (liveYRanges.ts) and paints
// what changed. The main thread hears one small message per refresh at most
// (RenderNews): what each plot shows (the y ranges chosen, which uPlot's
// axes mirror; its newest row, for the legend) and when it was painted. It
// hears at once when the y ranges changed, else every NEWS_INTERVAL_MS: the
// legend changes twice a second, and each message costs the main thread a task.
//
// Why: the per-refresh work on the main thread (results in, twelve plots'
// bookkeeping, paints out) was most of what the plots cost it; with the
// refresh here, the main thread works only when the y axes or legend change.
//
// Paints wait for this worker's animation frame (requestAnimationFrame in the
// worker). A canvas drawn outside one asks the compositor for frames of its
// own until it has handed its picture over: twelve canvases, each answering
// ~60 begin-frame messages a second. Drawn inside it, the twelve go out
// together at its end (that canvas also waited for a begin-frame before its
// picture went out), and the measured packet-to-screen latency did not grow
// (bench/RESULTS.md, stop 23).
import type {
  LivePlotNews,
  LivePlotSpec,
  RenderNews,
  SeriesPicture,
  ValueRange,
} from "../contract/renderProtocol";
import type { SeriesRequest, SeriesResult } from "../contract/series";
import { columnExtents, lastDrawnIndex, wholePixelRange } from "../shared/plots/liveWindow";
import { AskGate, joinAnswer, tailStart, type SeriesBatchSource } from "../shared/plots/liveTail";
import { timeAxisPicture } from "../shared/plots/timeAxis";
import { alertBands } from "../shared/plots/alertBands";
import { nextYRanges, refitSlot } from "./liveYRanges";

/** What paints a plot (SeriesCanvas in the worker; a recorder in tests). */
export interface LiveLayer {
  full(picture: SeriesPicture): void;
  update(picture: SeriesPicture, fromX: number): void;
}

/** Answer times kept for the next paint's report while frames do not come. */
const MAX_UNPAINTED_ANSWERS = 50;
/** Longest wait between reports to the UI while every picture stays inside its y ranges. */
export const NEWS_INTERVAL_MS = 250;

interface LivePlot {
  spec: LivePlotSpec;
  window: SeriesResult;
  /** The tail does not join (the source changed): ask for the whole window. */
  whole: boolean;
  /** The x range painted last; null before the first paint here. */
  x: ValueRange | null;
  /** The refitSlot its y ranges last changed in (a snugger fit waits for the next). */
  ySlot: number;
}

/** Where a plot's picture changed since it was painted (null: everywhere), and its join time. */
interface Pending {
  changedFrom: number | null;
  joinMs: number;
}

/** A plot with its new window, and where its picture changed (null: everywhere). */
interface Refreshed {
  plot: LivePlot;
  changedFrom: number | null;
  /** Time spent joining its tail (ms), the first part of its update. */
  joinMs: number;
}

export class LivePlots {
  private readonly plots = new Map<number, LivePlot>();
  private source: SeriesBatchSource | null = null;
  /** Bumped with each new source: answers from an old one are dropped. */
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly gate: AskGate;
  private lastAskAt = -Infinity;
  /** What the refreshes since the last report did, and when that report went. */
  private unreported = emptyReport();
  private reportedAt = -Infinity;

  /** Answers joined but not painted yet, by plot id: where each picture changed. */
  private unpainted = new Map<number, Pending>();
  private unpaintedAnswerMs: number[] = [];
  private frameAsked = false;

  constructor(
    private readonly layerOf: (id: number) => LiveLayer | undefined,
    private readonly report: (news: RenderNews) => void,
    private readonly now: () => number = () => performance.now(),
    /** Runs the paint in the next animation frame (at once where there are none, as in tests). */
    private readonly inFrame: (paint: () => void) => void = (paint) => paint(),
  ) {
    this.gate = new AskGate(now);
  }

  /** A (new) port to the telemetry worker. */
  connect(source: SeriesBatchSource): void {
    this.source = source;
    this.generation++;
    this.gate.answered(); // the old line's answer is no longer awaited
    this.schedule();
  }

  /**
   * Take over a plot, whose picture is ours from now on (ownership.ts); or,
   * for a plot held (no window: a new interval only), keep our window and y ranges.
   */
  live(spec: LivePlotSpec): void {
    const held = this.plots.get(spec.id);
    const window = spec.window ?? held?.window;
    if (!window) return;
    const kept = !spec.window && held;
    const plot: LivePlot = kept
      ? { ...held, spec: { ...spec, look: { ...spec.look, y: held.spec.look.y } } }
      : { spec, window, whole: false, x: held?.x ?? null, ySlot: -Infinity };
    this.plots.set(spec.id, plot);
    // The UI's window is what its canvas shows now: our unpainted changes are moot.
    if (spec.window) this.unpainted.delete(spec.id);
    this.schedule();
  }

  /** Give a plot back to the UI (or it is gone). */
  still(id: number): void {
    this.plots.delete(id);
    this.unpainted.delete(id);
    if (this.plots.size === 0 && this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private intervalMs(): number {
    let ms = Infinity;
    for (const plot of this.plots.values()) ms = Math.min(ms, plot.spec.intervalMs);
    return ms;
  }

  private schedule(delay?: number): void {
    if (this.timer !== null || this.plots.size === 0 || !this.source) return;
    const wait = delay ?? Math.max(0, this.lastAskAt + this.intervalMs() - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, wait);
  }

  /** One refresh of every live plot (public for tests). */
  async refresh(): Promise<void> {
    const source = this.source;
    // (The timer waits out a retry: only an ask in flight stops this one.)
    if (!source || this.gate.busy || this.plots.size === 0) return;
    const generation = this.generation;
    const asked = [...this.plots.values()];
    const newest = newestOf(asked.map((plot) => plot.window));
    const tails = asked.map((plot) => (plot.whole ? null : tailStart(plot.window)));
    const requests = asked.map((plot, i) => request(plot.spec, tails[i] ?? null, newest));
    this.gate.asked();
    this.lastAskAt = this.now();
    let results: SeriesResult[];
    try {
      results = await source(requests);
    } catch {
      if (generation === this.generation) this.schedule(this.gate.failed());
      return;
    }
    if (generation !== this.generation) return;
    this.gate.answered();
    const answerMs = this.now() - this.lastAskAt;
    // A plot given back, or handed a new window meanwhile, drops its answer; a
    // new look or interval only (new y ranges) keeps the window it was asked for.
    asked.forEach((askedFor, i) => {
      const result = results[i];
      const plot = this.plots.get(askedFor.spec.id);
      if (!result || !plot || plot.window !== askedFor.window) return;
      const joinStart = this.now();
      const tail = tails[i] ?? null;
      const windowFrom = plot.spec.today
        ? (result.day?.start ?? null)
        : result.to === null
          ? null
          : result.to - plot.spec.windowSeconds;
      const window = joinAnswer(plot.window, result, tail, windowFrom);
      if (window === null) {
        plot.whole = true;
        return;
      }
      plot.whole = false;
      plot.window = window;
      // Joined to the window drawn (by the UI before the handover, or here):
      // only its newest bucket on changed.
      this.toPaint(plot.spec.id, tail, this.now() - joinStart);
    });
    if (this.unpainted.size > 0) {
      this.unpaintedAnswerMs.push(answerMs);
      // (Bounded: a page whose frames stopped keeps only the latest.)
      if (this.unpaintedAnswerMs.length > MAX_UNPAINTED_ANSWERS) this.unpaintedAnswerMs.shift();
    }
    this.askFrame();
    this.schedule();
  }

  /** Note a plot's change for the next paint (several answers before a frame: the earliest change wins). */
  private toPaint(id: number, changedFrom: number | null, joinMs: number): void {
    const held = this.unpainted.get(id);
    if (!held) {
      this.unpainted.set(id, { changedFrom, joinMs });
      return;
    }
    held.changedFrom =
      held.changedFrom === null || changedFrom === null
        ? null
        : Math.min(held.changedFrom, changedFrom);
    held.joinMs += joinMs;
  }

  private askFrame(): void {
    if (this.frameAsked || this.unpainted.size === 0) return;
    this.frameAsked = true;
    this.inFrame(() => {
      this.frameAsked = false;
      const unpainted = this.unpainted;
      const answerMs = this.unpaintedAnswerMs;
      this.unpainted = new Map();
      this.unpaintedAnswerMs = [];
      const refreshed: Refreshed[] = [];
      for (const [id, { changedFrom, joinMs }] of unpainted) {
        const plot = this.plots.get(id);
        if (plot) refreshed.push({ plot, changedFrom, joinMs });
      }
      this.paint(refreshed, answerMs);
    });
  }

  /** Paint the plots against one x range (plots stay aligned) and report. */
  private paint(refreshed: Refreshed[], answerMs: number[]): void {
    const newest = newestOf(refreshed.map(({ plot }) => plot.window));
    const report = this.unreported;
    let newestX = NaN;
    let painted = false;
    let rescaled = false;
    const slot = refitSlot(this.now());
    for (const { plot, changedFrom, joinMs } of refreshed) {
      const paintStart = this.now();
      const { window } = plot;
      const layer = this.layerOf(plot.spec.id);
      const x = xRange(plot, newest);
      if (!layer || x === null) continue;
      // The y ranges are ours to choose (ownership.ts): new ones repaint the whole plot.
      const extents = columnExtents(window.data, x);
      const { look, yScales } = plot.spec;
      const y = nextYRanges(look.y, extents, yScales, slot !== plot.ySlot);
      if (y !== look.y) {
        plot.spec = { ...plot.spec, look: { ...look, y } };
        plot.ySlot = slot;
        rescaled = true;
      }
      if (changedFrom === null || y !== look.y) layer.full(picture(plot, x));
      else layer.update(picture(plot, x), changedFrom);
      plot.x = x;
      if (window.to !== null && !(window.to <= newestX)) newestX = window.to;
      report.plots.set(plot.spec.id, describe(plot.spec.id, window, extents, y));
      report.updateMs.push(joinMs + this.now() - paintStart);
      painted = true;
    }
    if (!painted) return;
    report.paints.push({ atMs: Date.now(), newestX });
    report.answerMs.push(...answerMs);
    const now = this.now();
    // New y ranges go at once: the UI's axes must follow the lines.
    if (!rescaled && now - this.reportedAt < NEWS_INTERVAL_MS) return;
    this.reportedAt = now;
    this.unreported = emptyReport();
    this.report({ type: "news", ...report, plots: [...report.plots.values()] });
  }
}

/** A report being gathered: each plot's newest news by id. */
type Unreported = Omit<RenderNews, "type" | "plots"> & { plots: Map<number, LivePlotNews> };

function emptyReport(): Unreported {
  return { plots: new Map(), paints: [], answerMs: [], updateMs: [] };
}

/**
 * What a plot asks: from `tail` (its newest bucket) on, else its whole
 * window. Today asks with `today`: the telemetry worker clamps to the day's
 * start and keeps the day's grid.
 */
function request(spec: LivePlotSpec, tail: number | null, newest: number | null): SeriesRequest {
  if (spec.today) {
    // The day starts at midnight on the clock its axis is written in.
    const zone = spec.axisLook.timeZone;
    return {
      ...spec.request,
      from: tail,
      to: null,
      today: true,
      ...(zone ? { timeZone: zone } : {}),
    };
  }
  return {
    ...spec.request,
    from: tail ?? (newest === null ? null : newest - spec.windowSeconds),
    to: null,
    liveWindowSeconds: spec.windowSeconds,
  };
}

/**
 * The x range to paint a plot against: the day's (fixed until its span
 * steps up: only new data is painted) for Today, else the window ending at
 * the newest packet, moved in whole pixels.
 */
function xRange({ spec, window }: LivePlot, newest: number | null): ValueRange | null {
  if (newest === null) return null;
  if (spec.today) {
    const { day } = window;
    return day ? { min: day.start, max: day.start + day.span } : null;
  }
  return wholePixelRange({ min: newest - spec.windowSeconds, max: newest }, spec.look.width);
}

/** A plot's window over `x`, with its look and time axis. */
function picture({ spec, window }: LivePlot, x: ValueRange): SeriesPicture {
  return {
    ...spec.look,
    data: window.data,
    x,
    axis: timeAxisPicture(spec.axisLook, x, spec.look.width, spec.dpr),
    bands: alertBands(window.alertSpans, spec.look.shown),
    ...(window.noteSpans ? { notes: window.noteSpans } : {}),
  };
}

function newestOf(windows: SeriesResult[]): number | null {
  let newest: number | null = null;
  for (const { to } of windows) if (to !== null && (newest === null || to > newest)) newest = to;
  return newest;
}

/** What the UI needs of a painted plot: y extents and ranges, the newest row, units. */
function describe(
  id: number,
  window: SeriesResult,
  extents: number[],
  y: (ValueRange | null)[],
): LivePlotNews {
  const index = lastDrawnIndex(window.data);
  return {
    id,
    from: window.from,
    to: window.to,
    extents,
    newest: index === null ? null : window.data.map((column) => column[index] as number),
    units: window.units,
    y,
    ...(window.day ? { day: window.day } : {}),
    ...(window.alertSpans ? { alertSpans: window.alertSpans.length } : {}),
  };
}
