// The render channel: the main thread and the render worker
// (workers/render/render.worker.ts) exchange typed fire-and-forget messages
// (RenderMessage in, RenderNews out). A live plot handed over is refreshed by
// the render worker over a port of its own to the telemetry worker
// (TelemetryApi.seriesBatch through Comlink).
// Each plot's series lines are drawn on an OffscreenCanvas in the render
// worker, so their drawing and the canvas's trip to the compositor cost the
// main thread nothing.
import type { DayRange, NoteSpans, SeriesRequest, SeriesResult } from "./series";

/** A closed range of x (epoch s) or y values. */
export interface ValueRange {
  min: number;
  max: number;
}

/** One picture of a plot's series lines. */
export interface SeriesPicture {
  /** x first, then one column per series (NaN = gap). */
  data: ArrayLike<number>[];
  x: ValueRange;
  /** Per column (index 1…): its scale's range; null when the scale has none yet. */
  y: (ValueRange | null)[];
  /** The plotting area in device pixels, and the line width (device pixels per CSS pixel). */
  width: number;
  height: number;
  lineWidth: number;
  /** Per column (index 1…): colour, whether shown, whether drawn as steps (booleans). */
  strokes: string[];
  shown: boolean[];
  stepped: readonly boolean[];
  /** The time axis under the plotting area (grid, ticks, labels), which moves with the lines. */
  axis: TimeAxisPicture;
  /** Alert spans shaded behind the lines (x in epoch s; `to` null: to the right edge). */
  bands?: AlertBand[];
  /** Notes drawn over the bands: a line at a moment, a shade over a range. */
  notes?: NoteSpans;
  /** Set for a state timeline: rows of labelled states instead of lines (y ranges unused). */
  timeline?: TimelineLook;
}

/**
 * How a flag's set state is coloured, like the motor flag chips: a fault red,
 * a warning amber, news blue, a limit or a plain state (forward, brake) neutral.
 */
export type StateTone = "fault" | "warning" | "news" | "limit" | "plain";

/** One row of a state timeline: a whole field, or one bit of a bit field. */
export interface StateRow {
  /** The data column it reads (1 = the first field). */
  column: number;
  /** A flag (boolean, or one bit of a bit field: shown only while set) or a code (every value). */
  kind: "flag" | "code";
  /** The bit of a bit field this row is; null: the field's whole value. */
  bit: number | null;
  label: string;
  tone: StateTone;
}

/** A state timeline's rows, top first, and their colours. */
export interface TimelineLook {
  rows: StateRow[];
  /** A set flag's fill, by tone. */
  tones: Record<StateTone, string>;
  /** Codes' fills: code n takes codeFills[n mod length]. */
  codeFills: string[];
  /** The state names written in bands wide enough, and the row separators. */
  font: string;
  text: string;
  grid: string;
  /** Equal keys: the same rows and colours (a look crosses threads as a copy). */
  key: string;
}

/** One alert span as painted: a translucent band across the plotting area's height. */
export interface AlertBand {
  from: number;
  to: number | null;
  /** A translucent fill (the severity's colour). */
  fill: string;
}

/** The time axis: drawn with the lines so that a live picture shifts as one. */
export interface TimeAxisPicture {
  /** Seconds between ticks; ticks at `ticks` (epoch s), labelled `labels`. */
  increment: number;
  ticks: number[];
  labels: string[];
  /** Height below the plotting area and tick length, in device pixels. */
  height: number;
  tickLength: number;
  font: string;
  /** Colours of the labels, and of the grid lines and ticks. */
  text: string;
  grid: string;
  /**
   * The zone the ticks fall and the labels are written in (IANA name): the
   * one the user reads times in, given by the page (a worker has no setting,
   * and its own clock may not be the page's); null: the thread's own.
   */
  timeZone: string | null;
}

/** One plot's paint: the whole picture, or only what changed from `fromX` on. */
export interface SeriesPaint {
  id: number;
  picture: SeriesPicture;
  /** null: paint afresh; a time: only data at and after it changed (live). */
  fromX: number | null;
}

/**
 * A live plot handed over to the render worker, which then owns its picture
 * (workers/shared/plots/ownership.ts): it asks the telemetry worker for
 * tails, joins them to the window, chooses the y ranges and paints, until
 * told to stop. The main thread does nothing per refresh.
 */
export interface LivePlotSpec {
  id: number;
  /** What the plot shows (the window and grid are the render worker's to ask). */
  request: Pick<SeriesRequest, "fields" | "points" | "units" | "states">;
  /** The window's length (seconds); ignored for `today`. */
  windowSeconds: number;
  /** The "Today" window: tails asked with `today`, painted against the day's range (SeriesResult.day). */
  today?: boolean;
  /**
   * The window the UI drew last, which the first tail joins to; null when
   * the plot is already in the worker's hands (a new interval only: the
   * worker keeps its window and its y ranges).
   */
  window: SeriesResult | null;
  /** The picture's look: all but its data, x range and time axis. */
  look: Omit<SeriesPicture, "data" | "x" | "axis">;
  /** The time axis's look in CSS pixels, and the device pixel ratio. */
  axisLook: Omit<TimeAxisPicture, "increment" | "ticks" | "labels">;
  dpr: number;
  intervalMs: number;
  /**
   * Per column (index 1…): its y scale's key (columns with one key share a
   * range), or null for a scale with a fixed range (booleans). The render
   * worker chooses these ranges while it holds the plot, starting from
   * `look.y` (workers/shared/plots/ownership.ts).
   */
  yScales: (string | null)[];
}

/** What one live plot showed after a refresh in the render worker. */
export interface LivePlotNews {
  id: number;
  from: number | null;
  to: number | null;
  /** Per column (index 1…, flat [min, max, …]): finite extent inside the x range shown; NaN when none. */
  extents: number[];
  /** The newest row with data, [x, v1, …], for the legend; null when none. */
  newest: number[] | null;
  units: string[];
  /** Per column (index 1…): the y range the worker chose and painted with; the UI mirrors it on its axes. */
  y: (ValueRange | null)[];
  /** A "Today" plot: the day's range it was painted against. */
  day?: DayRange;
  /** Alert spans it shaded (SeriesResult.alertSpans), for the UI to tell (data-alert-bands). */
  alertSpans?: number;
}

/**
 * The render worker's report on its live plots: after a refresh that chose
 * new y ranges (the UI's axes must follow), else at most every
 * NEWS_INTERVAL_MS (workers/render/LivePlots.ts) with what the refreshes
 * since the last report did.
 */
export interface RenderNews {
  type: "news";
  /** The newest news of each plot refreshed since the last report. */
  plots: LivePlotNews[];
  /** Each refresh since the last report: Date.now() when painted, and the newest packet time painted (NaN: nothing new). */
  paints: { atMs: number; newestX: number }[];
  /** Each refresh since the last report: how long the telemetry worker took to answer (ms). */
  answerMs: number[];
  /** Per plot painted: ms to join its tail and paint it (the plot update, done here). */
  updateMs: number[];
}

/**
 * The series surface (one canvas over the whole plot grid, drawn by the
 * render worker) as the page laid it out: its size and where each plot's
 * series area lies on it, in device pixels from its top left corner.
 */
export interface SurfaceLayout {
  width: number;
  height: number;
  places: { id: number; x: number; y: number }[];
}

export type RenderMessage =
  | { type: "surface"; canvas: OffscreenCanvas }
  | { type: "layout"; layout: SurfaceLayout }
  | { type: "attach"; id: number }
  | { type: "paint"; paints: SeriesPaint[] }
  | { type: "detach"; id: number }
  | { type: "telemetry"; port: MessagePort }
  | { type: "live"; spec: LivePlotSpec }
  | { type: "still"; id: number };
