import type { AlertSeverity } from "./alerts";
import type { AppUnits, FieldPath } from "./fields";

export interface SeriesRequest {
  /** Numeric or boolean fields (booleans come back as 0/1). */
  fields: FieldPath[];
  /** Window in packet time (epoch seconds). null `to` means "up to the newest". */
  from: number | null;
  to: number | null;
  /** Approximate number of output points; a bucket of samples becomes ≤ 4 (first, min, max, last). */
  points: number;
  units: AppUnits;
  /**
   * A live plot's window length (seconds): its buckets then lie on a grid of
   * absolute time (as many as `points` hold across the window), so a complete
   * bucket never changes and the plot fetches and redraws only the newest.
   * Omitted: the requested span is split evenly.
   */
  liveWindowSeconds?: number;
  /**
   * The "Today" window: `from` is clamped to the day's start (local midnight
   * or the first packet after a gap of more than 4 hours, whichever is
   * later), and without liveWindowSeconds the buckets lie on a grid of
   * absolute time sized for the day's span (workers/shared/plots/todayWindow.ts).
   */
  today?: boolean;
  /**
   * The zone whose midnight starts "Today" (IANA name: the one the window
   * shows times in, so the day begins where its axis reads 00:00); the
   * worker's own clock when absent or unknown.
   */
  timeZone?: string;
  /**
   * A state timeline's: a bucket's summary keeps every state it saw (each
   * bit of a bit field set or clear, a code's other codes) where min and max
   * would drop one (workers/telemetry/history/downsample.ts).
   */
  states?: boolean;
}

/**
 * An alert of one plotted field inside an answer's window (shaded behind the
 * line by severity). Times are packet time, epoch seconds.
 */
export interface AlertSpan {
  /** The data column it belongs to (1 = the first requested field). */
  column: number;
  start: number;
  /** null: still active at the window's end. */
  end: number | null;
  severity: AlertSeverity;
}

/**
 * The notes inside an answer's window, each a line at a moment or a shaded
 * range, column by column: typed arrays go between threads as three blocks,
 * where a day's thousand notes as objects cost every live refresh of every
 * plot a thousand copies.
 */
export interface NoteSpans {
  /** Packet time, epoch s. */
  from: Float64Array;
  /** NaN: a moment. */
  to: Float64Array;
  /** The colour's index in NOTE_COLOURS (workers/shared/notes.ts). */
  colour: Uint8Array;
}

/** The day a "Today" answer covers: its x range is [start, start + span] (epoch seconds). */
export interface DayRange {
  start: number;
  span: number;
}

export interface SeriesResult {
  /**
   * uPlot AlignedData: [x (epoch seconds), ...one column per requested field].
   * NaN in a y column marks a gap. Buffers are transferred, not copied.
   */
  data: Float64Array[];
  /** The window actually covered (x of first and last stored point in range). */
  from: number | null;
  to: number | null;
  /** Per field: whether its column contains NaN gaps. */
  hasGaps: boolean[];
  /** Display unit per field after unit conversion. */
  units: string[];
  /** The buckets' width (seconds); 0 when the points are raw samples. Equal widths: the same grid. */
  bucketSeconds: number;
  /** Set for a `today` request with history: the day's x range. */
  day?: DayRange;
  /**
   * The shown history's alerts on the requested fields that overlap the whole
   * window (a live tail's answer carries the window's, not just the tail's):
   * they replace what a joined window held.
   */
  alertSpans?: AlertSpan[];
  /** The shown history's notes over the whole window, as alertSpans are. */
  noteSpans?: NoteSpans;
}
