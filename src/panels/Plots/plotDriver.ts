// One plot's picture on the main thread: its series come through SeriesFetch
// (seriesFetch.ts), and it draws the newest imperatively when the shared frame
// loop says so and something the plot shows changed (redrawPolicy). Off screen
// or in a hidden page it neither asks nor draws, and catches up when seen.
// React never re-renders for data.
//
// A live plot nobody points at is handed over to the render worker once drawn
// (SeriesPainter.live): the worker then owns its picture, y ranges included,
// and this side only mirrors what it reports (the y ranges onto uPlot's axes,
// the newest row into the legend). It takes the plot back
// (SeriesPainter.still) for anything else: the pointer over a plot, a zoom or
// pause, new fields or size, off screen, a hidden page. Who owns the picture
// when: workers/shared/plots/ownership.ts.
import type uPlot from "uplot";
import type { AppUnits } from "../../../workers/contract/fields";
import type { LivePlotNews } from "../../../workers/contract/renderProtocol";
import { LATENCY_INTERVAL_MS } from "./cadence";
import { PIXELS_PER_POINT, SeriesFetch, type SeriesSource } from "./seriesFetch";
import { PlotPicture } from "./plotPicture";
import { plotAreaPx } from "./plotArea";
import type { PlotStats } from "../../state/plotStats";
import type { PlotView, XRange } from "./plotView";
import { layerFrame, markAlertBands, showNewestInLegend, type SeriesPainter } from "./livePicture";
import { DETACHED, nextState, ownerOf, type DriverEvent, type DriverState } from "./driverState";

/**
 * The live legend's numbers change at a readable pace, not every refresh
 * (each change is DOM work and a repaint). Every plot's legend changes in the
 * same slot of the clock, so all of them share one repaint.
 */
export const LEGEND_INTERVAL_MS = 500;

/**
 * The first picture with data of a chart, as a page attribute (once per
 * chart: a layout switch or new fields build new charts): the benchmark's
 * "every plot painted" and a test's "the plot shows data" read it.
 */
function markPainted(chart: uPlot): void {
  const root = chart.root as HTMLElement | undefined; // (absent from the tests' stand-in charts)
  if (root?.dataset && !root.dataset.painted)
    root.dataset.painted = String(Math.round(performance.now()));
}

/** Which LEGEND_INTERVAL_MS slot of the clock `now` (ms) falls in. */
function slotOf(now: number): number {
  return Math.floor(now / LEGEND_INTERVAL_MS);
}

/** (One object: it may come every frame.) */
const ANSWER: DriverEvent = { type: "answer" };

export class PlotDriver {
  private chart: uPlot | null = null;
  private readonly fetch: SeriesFetch;
  private readonly picture: PlotPicture;
  private layer: SeriesPainter | null = null;
  /** Intersecting the viewport (IntersectionObserver); true until told otherwise. */
  private onScreen = true;
  /** The LEGEND_INTERVAL_MS slot of the clock the legend last changed in. */
  private legendShownSlot = -Infinity;
  /** New values were drawn that the legend does not show yet. */
  private legendDue = false;
  private lastUnits = "";
  /** Who owns the picture now, and what this side does about it (driverState.ts). */
  private state: DriverState = DETACHED;
  /** What the render worker last reported painting (while handed over). */
  private workerNews: LivePlotNews | null = null;
  /** Told when the worker's display units differ from what the axes show. */
  onUnits: ((units: string[]) => void) | null = null;

  constructor(
    source: SeriesSource,
    private readonly view: PlotView,
    private readonly stats: PlotStats,
  ) {
    this.fetch = new SeriesFetch(source, view, stats);
    this.picture = new PlotPicture(view, stats);
  }

  /** The plot's fields and units, and whether it is a state timeline (its buckets keep every state). */
  configure(fields: readonly string[], units: AppUnits, states = false): void {
    if (this.fetch.configure(fields, units, states)) this.picture.drawn = null; // drawn for the old fields
  }

  /**
   * A (re)created chart and the layer that draws its series: the next frame
   * draws what was drawn before (axes and series) until fresh data comes.
   */
  attach(chart: uPlot, layer: SeriesPainter): void {
    this.detach();
    this.chart = chart;
    this.layer = layer;
    layer.onNews = (news) => this.takeNews(news);
    this.go({ type: "attach" });
    // A new chart's legend holds uPlot's placeholders, even for data drawn before.
    this.legendDue = true;
  }

  /**
   * uPlot wrote the chart's legend (its setLegend hook). With the cursor away
   * (a pointer that left, a redraw) it wrote a placeholder per series: the
   * newest values go back at once, not at the legend's next slot, and
   * whether or not new data comes (a paused or zoomed plot gets none).
   */
  legendWritten(chart: uPlot): void {
    if (chart !== this.chart || chart.cursor.left! >= 0) return;
    const data = this.newestData();
    if (data) showNewestInLegend(chart, data);
  }

  /** The chart is gone (unmounted or about to be rebuilt); the worker forgets it with its layer. */
  detach(): void {
    this.go({ type: "detach" });
    this.layer?.dispose();
    this.chart = null;
    this.layer = null;
    this.picture.newChart();
  }

  /** The chart was resized or a series shown or hidden by uPlot itself: the next frame redraws. */
  invalidate(): void {
    this.picture.forced = true;
  }

  /** IntersectionObserver: the plot entered or left the viewport. */
  setOnScreen(onScreen: boolean): void {
    if (onScreen && !this.onScreen) this.fetch.catchUp = true;
    this.onScreen = onScreen;
  }

  /** The page became visible again: catch up with what happened meanwhile. */
  resume(): void {
    this.fetch.catchUp = true;
  }

  /** The page is being hidden: a live plot in the render worker's hands stops there. */
  suspend(): void {
    if (this.state.name === "handedOver") this.takeBack();
  }

  private go(event: DriverEvent): void {
    this.state = nextState(this.state, event);
  }

  /** Frame loop, phase 1: fold a waiting result's extent into the shared view. */
  takeExtent(): void {
    const { pending } = this.fetch;
    if (pending) this.view.noteExtent(pending.from, pending.to, pending.day);
    else if (this.state.name === "handedOver" && this.workerNews)
      this.view.noteExtent(this.workerNews.from, this.workerNews.to, this.workerNews.day);
  }

  /** In the render worker's hands: nothing for the frame loop to do but the legend. */
  get handedToWorker(): boolean {
    return ownerOf(this.state) === "render";
  }

  /** The slowest answer since the last call (0: none arrived); the cadence reads it. */
  takeAnswerMs(): number {
    return this.fetch.takeAnswerMs();
  }

  /**
   * This chart has no picture with data yet, and one is here or about to be
   * asked for (a new plot: its ask may be answered at once, see frame()).
   */
  get firstPictureDue(): boolean {
    const { pending, latest } = this.fetch;
    return (
      this.chart !== null && this.picture.drawn === null && (pending !== null || latest === null)
    );
  }

  /** The plotting area's width in CSS pixels (what the refresh cadence follows). */
  get pixelWidth(): number {
    return this.fetch.points * PIXELS_PER_POINT;
  }

  /**
   * Frame loop, phase 2: at most one redraw, then maybe the next request: when
   * the view changed, when catching up, or when live and a refresh is due.
   * Returns whether it drew.
   */
  frame(
    range: XRange | null,
    now: number,
    liveDue: boolean,
    pageVisible = true,
    intervalMs = LATENCY_INTERVAL_MS,
  ): boolean {
    const visible = pageVisible && this.onScreen;
    let drew = false;
    if (this.chart && this.layer) {
      this.fetch.syncPoints(plotAreaPx(this.chart));
      if (this.state.name === "handedOver" && !this.mayHandOver(visible)) this.takeBack();
      if (this.state.name === "handedOver") {
        if (Math.abs(intervalMs - this.state.intervalMs) >= 1) this.handOver(intervalMs);
        if (visible) {
          this.mirrorWorkerRanges(this.chart);
          this.updateLegend(this.chart, now);
        }
        return false;
      }
      // Nothing fetched yet (a new plot): ask before drawing, so an answer
      // asked ahead (layoutAhead.ts) that has come is drawn in this frame.
      if (visible && this.fetch.latest === null && this.fetch.shouldAsk(now, liveDue))
        this.fetch.ask();
      if (this.fetch.pending !== null) this.go(ANSWER);
      if (this.state.name !== "takingBack" || this.picture.forced)
        drew = this.draw(this.chart, this.layer, range, visible);
      if (visible) this.updateLegend(this.chart, now);
      if (this.mayHandOver(visible) && this.drawnAll()) this.handOver(intervalMs);
    }
    const mayAsk = visible && this.chart !== null && this.state.name !== "handedOver";
    if (mayAsk && this.fetch.shouldAsk(now, liveDue)) this.fetch.ask();
    return drew;
  }

  /** A live plot shown as it is, nobody pointing at it, and a painter that can refresh it alone. */
  private mayHandOver(visible: boolean): boolean {
    return (
      visible &&
      this.view.live &&
      !this.view.pointerOver &&
      (this.view.windowSeconds !== null || this.view.today) &&
      this.layer?.live !== undefined &&
      this.chart !== null &&
      this.chart.series.length === this.fetch.fields.length + 1 &&
      this.fetch.fields.length > 0 &&
      !this.picture.forced &&
      this.fetch.current
    );
  }

  /** What is drawn is the newest window fetched, and nothing else is on its way or to be asked. */
  private drawnAll(): boolean {
    const { latest } = this.fetch;
    const { drawn, drawnRange, drawnTo } = this.picture;
    return (
      this.fetch.settled &&
      drawn !== null &&
      drawnRange !== null &&
      latest !== null &&
      drawnTo === latest.result.to
    );
  }

  /** Give the live plot to the render worker, which owns its picture from now on (again: a new interval). */
  private handOver(intervalMs: number): void {
    const { chart, layer } = this;
    const { latest, fields, points, units, states } = this.fetch;
    const { drawn, drawnRange } = this.picture;
    if (!chart || !layer?.live || !latest || !drawn) return;
    const already = this.state.name === "handedOver";
    layer.live(layerFrame(chart, drawn, drawnRange), {
      request: { fields, points, units, ...(states ? { states } : {}) },
      windowSeconds: this.view.windowSeconds ?? 0,
      ...(this.view.today ? { today: true } : {}),
      // The worker's window (and y ranges) are newer than ours once it holds the plot.
      window: already ? null : latest.result,
      intervalMs,
    });
    if (!already) {
      this.stats.handOvers++;
      this.workerNews = null;
    }
    this.go({ type: "handOver", intervalMs });
  }

  /** Own the picture here again: ask at once, and join the answer to what was drawn here last. */
  private takeBack(): void {
    this.layer?.still?.();
    this.go({ type: "takeBack" });
    this.stats.takeBacks++;
    this.workerNews = null;
    this.fetch.askAgain();
  }

  /**
   * The render worker painted the plot: note its extent, legend and units. The
   * y axes follow in the frame loop's next look (mirrorWorkerRanges), with
   * the other plots', so their repaints share a frame.
   */
  private takeNews(news: LivePlotNews): void {
    if (this.state.name !== "handedOver" || !this.chart) return;
    this.workerNews = news;
    this.legendDue = true;
    markPainted(this.chart);
    this.checkUnits(news.units);
    markAlertBands(this.chart, news.alertSpans ?? 0);
  }

  /**
   * uPlot's axes show the y ranges the render worker chose for what it
   * painted (it owns them: ownership.ts); nothing is decided or sent back.
   */
  private mirrorWorkerRanges(chart: uPlot): void {
    if (this.workerNews && this.picture.mirrorYRanges(chart, this.workerNews.y))
      this.stats.yRescales++;
  }

  /** Not hovering: the legend shows the newest values, at a readable pace. */
  private updateLegend(chart: uPlot, now: number): void {
    const slot = slotOf(now);
    if (!this.legendDue || slot === this.legendShownSlot) return;
    const data = this.newestData();
    if (!data) return;
    if (chart.cursor.left! >= 0) return; // uPlot shows the hovered values
    this.legendShownSlot = slot;
    this.legendDue = false;
    showNewestInLegend(chart, data);
  }

  /** What the legend shows at rest: the worker's newest row while it holds the plot, else what was drawn here. */
  private newestData(): uPlot.AlignedData | null {
    const newest = this.state.name === "handedOver" ? this.workerNews?.newest : null;
    return newest ? (newest.map((v) => [v]) as uPlot.AlignedData) : this.picture.drawn;
  }

  /** Draw here (the main thread owns the picture); new values are due in the legend. */
  private draw(
    chart: uPlot,
    layer: SeriesPainter,
    range: XRange | null,
    visible: boolean,
  ): boolean {
    const result = this.fetch.pending;
    const before = this.picture.drawn;
    const drew = this.picture.draw(chart, layer, this.fetch, range, visible);
    if (this.picture.drawn !== before) this.legendDue = true;
    if (drew && (this.picture.drawn?.[0]?.length ?? 0) > 0) markPainted(chart);
    if (drew && result) this.checkUnits(result.units);
    return drew;
  }

  private checkUnits(units: string[]): void {
    const key = units.join("\u0000");
    if (key === this.lastUnits) return;
    this.lastUnits = key;
    this.onUnits?.(units);
  }
}
