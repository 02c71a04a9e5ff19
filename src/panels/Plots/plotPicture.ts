// What the main thread has drawn of one plot, and how it draws the next
// picture while it owns it (workers/shared/plots/ownership.ts). A live plot's
// x range moves in whole pixels, so the series layer can shift what it drew
// and paint only the newest bucket; uPlot (y axes, grid, its copy of the data
// for the cursor) redraws only when the y ranges it would give change, on a
// zoom, a resize, or, while the pointer is over a plot, when the x range moves.
import type uPlot from "uplot";
import type { AlertSpan, NoteSpans, SeriesResult } from "../../../workers/contract/series";
import { newestBucketStart, wholePixelRange } from "../../../workers/shared/plots/liveWindow";
import type { PlotStats } from "../../state/plotStats";
import {
  layerFrame,
  markAlertBands,
  mirrorYRanges,
  predictedYRanges,
  type SeriesPainter,
} from "./livePicture";
import { sameRange, type PlotView, type XRange } from "./plotView";
import { redrawReason } from "./redrawPolicy";
import { emptyData, toAlignedData } from "./seriesData";
import type { SeriesFetch } from "./seriesFetch";

export class PlotPicture {
  /** What is drawn now (the only data held on the main thread). */
  drawn: uPlot.AlignedData | null = null;
  drawnTo: number | null = null;
  drawnRange: XRange | null = null;
  /** The canvas no longer matches what was drawn (new chart, resize, theme). */
  forced = true;
  /** The alert spans shaded behind what is drawn (SeriesResult.alertSpans). */
  private drawnSpans: AlertSpan[] | undefined;
  /** The notes drawn with it (SeriesResult.noteSpans). */
  private drawnNotes: NoteSpans | undefined;
  /** The bucket grid of what is drawn (SeriesResult.bucketSeconds). */
  private drawnGrid = 0;
  /** The data uPlot holds (axes, cursor values): behind `drawn` while only the series layer moved on. */
  private chartData: uPlot.AlignedData | null = null;
  /** The y ranges uPlot would give `chartData` (predictedYRanges), to tell when they change. */
  private drawnYKey = "";
  /** The x range uPlot has (behind the series layer's while live and nobody points at a plot). */
  private chartRange: XRange | null = null;

  constructor(
    private readonly view: PlotView,
    private readonly stats: PlotStats,
  ) {}

  /** A new chart (or none): uPlot holds nothing of ours yet, and the next frame redraws. */
  newChart(): void {
    this.chartData = null;
    this.chartRange = null;
    this.drawnYKey = "";
    this.drawnRange = null;
    this.forced = true;
  }

  /**
   * uPlot's axes show the y ranges the render worker chose for what it
   * painted (it owns them while it holds the plot); nothing is decided here.
   * Returns whether the axes changed.
   */
  mirrorYRanges(chart: uPlot, y: readonly (XRange | null)[]): boolean {
    const key = mirrorYRanges(chart, y);
    if (key === null) return false;
    this.drawnYKey = key;
    return true;
  }

  /**
   * Draw what changed (redrawPolicy): the fetch's pending answer, a zoom, a
   * resize. Returns whether it drew.
   */
  draw(
    chart: uPlot,
    layer: SeriesPainter,
    fetch: SeriesFetch,
    range: XRange | null,
    visible: boolean,
  ): boolean {
    // Until React swaps in the chart for new fields, the old one must not draw.
    if (chart.series.length !== fetch.fields.length + 1) return false;
    const result = fetch.pending;
    const shown = this.view.stepsInPixels() ? wholePixelRange(range, chart.bbox.width) : range;
    const reason = redrawReason({
      visible,
      forced: this.forced,
      range: shown,
      drawnRange: this.drawnRange,
      freshTo: result ? result.to : undefined,
      drawnTo: this.drawn ? this.drawnTo : null,
      ...(result && this.drawn
        ? { freshGrid: result.bucketSeconds, drawnGrid: this.drawnGrid }
        : {}),
      widthPx: fetch.points,
    });
    if (reason === null) {
      if (visible) {
        if (result) this.stats.skippedDraws++;
        fetch.pending = null; // nothing in it the canvas lacks
      } else if (result || range) this.stats.hiddenSkips++;
      return false;
    }
    fetch.pending = null;
    const fresh = result !== null && !this.sameAsDrawn(result);
    const started = performance.now();
    const previousTo = this.drawnTo;
    const previousGrid = this.drawnGrid;
    // Where new packets can change the picture: the newest bucket drawn on.
    const changedFrom =
      this.drawn && previousGrid > 0 ? newestBucketStart(this.drawn[0], previousGrid) : previousTo;
    if (fresh) {
      this.drawnGrid = result.bucketSeconds;
      // On the chart for tests and the curious: 0 = every packet is drawn.
      const root = chart.root as HTMLElement | undefined; // (absent from the tests' stand-in charts)
      if (root?.dataset) root.dataset.bucketSeconds = String(result.bucketSeconds);
      this.drawn = toAlignedData(result);
      this.drawnTo = result.to;
      this.drawnSpans = result.alertSpans;
      this.drawnNotes = result.noteSpans;
      markAlertBands(chart, result.alertSpans?.length ?? 0);
    }
    const data = this.drawn;
    // uPlot (y axes, grid, its copy of the data for the cursor) redraws only
    // when they change: new y ranges, a zoom, a resize, a fixed view moved.
    // While live, the time axis moves with the series layer, and uPlot's own x
    // range serves only the cursor: it follows pixel by pixel only while the
    // pointer is over a plot, and otherwise catches up with the next redraw.
    const yKey = data ? predictedYRanges(chart, data, shown) : "";
    const xMoved = !sameRange(shown, this.chartRange);
    const axes =
      reason === "forced" ||
      reason === "zoom" ||
      !this.view.live ||
      (data !== null && this.chartData === null) ||
      yKey !== this.drawnYKey ||
      (xMoved && this.view.pointerOver);
    if (axes) {
      const newData = data !== null && this.chartData !== data;
      chart.batch(() => {
        if (newData) chart.setData(data, false);
        if (shown) chart.setScale("x", shown);
        else if (!newData) chart.redraw(false, true);
      });
      this.chartData = data;
      this.drawnYKey = yKey;
      if (shown) this.chartRange = shown;
    }
    const frame = layerFrame(chart, data ?? emptyData(fetch.fields.length), shown);
    if (this.drawnSpans) frame.spans = this.drawnSpans;
    if (this.drawnNotes) frame.notes = this.drawnNotes;
    // Live on one bucket grid, new packets change only the newest bucket (and
    // whole pixels of scrolling shift the rest); anything else repaints.
    const grid = this.drawnGrid;
    if (
      reason === "forced" ||
      reason === "zoom" ||
      !this.view.live ||
      changedFrom === null ||
      grid !== previousGrid
    )
      layer.full(frame);
    else layer.update(frame, changedFrom);
    this.drawnRange = shown;
    this.forced = false;
    this.stats.recordUpdate(performance.now() - started, fresh ? result.to : null);
    return true;
  }

  private sameAsDrawn(result: SeriesResult): boolean {
    const drawn = this.drawn;
    return (
      drawn !== null &&
      result.to === this.drawnTo &&
      result.data[0]?.length === drawn[0].length &&
      result.data[0]?.[0] === drawn[0][0] &&
      result.data.length === drawn.length
    );
  }
}
