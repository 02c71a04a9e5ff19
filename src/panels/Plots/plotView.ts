// The x view shared by every plot: window length, live follow, pause, and the
// fixed range after a zoom or pan. Plain fields, read by the frame loop each
// frame without proxies; React subscribes for the toolbar's few flags.
import type { ValueRange } from "../../../workers/contract/renderProtocol";
import type { DayRange } from "../../../workers/contract/series";

/** A range of time (epoch s) or values: the contract's, so frames go to the render worker as they are. */
export type XRange = ValueRange;

export function sameRange(a: XRange | null, b: XRange | null): boolean {
  return a === b || (a !== null && b !== null && a.min === b.min && a.max === b.max);
}

export interface ViewFlags {
  follow: boolean;
  paused: boolean;
}

/** Shortest range a zoom may select (seconds); below it a drag is a click. */
const MIN_SPAN = 0.05;

export class PlotView {
  windowSeconds: number | null;
  /** The "Today" window: following, it shows the day's range the live results give. */
  today: boolean;
  /**
   * The day of the latest live Today results: the x range while following.
   * Its span steps up with the day (todayWindow.ts), so between steps the
   * range stands still and only new data is drawn.
   */
  day: DayRange | null = null;
  follow = true;
  paused = false;
  /** Bumped whenever what the plots must fetch changes (not on new packets). */
  version = 0;
  /**
   * The pointer is over a plot: uPlot's own x range (cursor, selection; the
   * time axis moves with the series layer) must follow the live range then.
   */
  pointerOver = false;
  /**
   * Newest and oldest packet time of the latest live results (epoch seconds).
   * Taken from the latest results, not the largest ever seen: packet time may
   * jump back (a source switch, a car clock reset) and the view must follow.
   */
  newest: number | null = null;
  oldest: number | null = null;
  private frameNewest: number | null = null;
  private frameOldest: number | null = null;
  private frameSawEmpty = false;
  private frameDay: DayRange | null = null;
  private range: XRange | null = null;
  private flags: ViewFlags = { follow: true, paused: false };
  private readonly listeners = new Set<() => void>();
  /** Told of every change of what the plots must show (the frame loop wakes). */
  onChange: (() => void) | null = null;

  constructor(windowSeconds: number | null, today = false) {
    this.windowSeconds = windowSeconds;
    this.today = today;
  }

  /** The x range to show now; null before any data is known. */
  xRange(): XRange | null {
    if (this.range) return this.range;
    if (this.newest === null) return null;
    if (this.today && this.day) return { min: this.day.start, max: this.day.start + this.day.span };
    const min = this.windowSeconds === null ? this.oldest : this.newest - this.windowSeconds;
    return { min: min ?? this.newest - 1, max: this.newest };
  }

  /**
   * Whether the x range may move on in whole pixels: only a live window of
   * fixed length. All starts at the oldest packet and Today at the day's
   * start; moved on to a pixel, either would hide its first seconds.
   */
  stepsInPixels(): boolean {
    return this.live && this.range === null && this.windowSeconds !== null;
  }

  /** The range the user fixed (a zoom, a pan, a pause); null while following. */
  fixedRange(): XRange | null {
    return this.range;
  }

  /** Request window: live follow asks up to the newest; a fixed view asks its range. */
  requestWindow(): { from: number | null; to: number | null } {
    if (this.range) return { from: this.range.min, to: this.range.max };
    if (this.windowSeconds === null || this.newest === null) return { from: null, to: null };
    return { from: this.newest - this.windowSeconds, to: null };
  }

  /** Whether plots should keep asking for fresh data every frame. */
  get live(): boolean {
    return this.follow && !this.paused;
  }

  /** Frame loop: collect the extents of this frame's live results … */
  beginExtents(): void {
    this.frameNewest = this.frameOldest = null;
    this.frameDay = null;
    this.frameSawEmpty = false;
  }

  noteExtent(from: number | null, to: number | null, day?: DayRange): void {
    if (this.range) return; // a zoomed or frozen result says nothing about "now"
    if (
      day &&
      (this.frameDay === null || day.start + day.span > this.frameDay.start + this.frameDay.span)
    )
      this.frameDay = day;
    if (to === null) this.frameSawEmpty = true;
    if (to !== null && (this.frameNewest === null || to > this.frameNewest)) this.frameNewest = to;
    if (from !== null && (this.frameOldest === null || from < this.frameOldest))
      this.frameOldest = from;
  }

  /** … then adopt them. An empty live window means "now" is unknown: re-seed from `hint`. */
  endExtents(hint: number | null): void {
    if (this.frameNewest !== null) {
      this.newest = this.frameNewest;
      this.oldest = this.frameOldest ?? this.oldest;
      if (this.today) this.day = this.frameDay ?? this.day;
    } else if (this.frameSawEmpty || this.newest === null) {
      this.newest = hint;
    }
  }

  setWindow(seconds: number | null, today = false): void {
    this.windowSeconds = seconds;
    this.today = today;
    this.day = null; // the next Today results say where the day lies
    this.goLive();
  }

  zoomTo(min: number, max: number): void {
    if (!(max - min >= MIN_SPAN)) return;
    if (this.range && this.range.min === min && this.range.max === max) return;
    this.range = { min, max };
    this.follow = false;
    this.changed();
  }

  /** Shift the view by a fraction of its width (positive = later). */
  panBy(fraction: number): void {
    const current = this.xRange();
    if (!current) return;
    const shift = (current.max - current.min) * fraction;
    this.zoomTo(current.min + shift, current.max + shift);
  }

  /**
   * Zoom by `factor` (below 1 = in) about the time `at`, which stays where it
   * is on the screen: the point under the pointer stays under it.
   */
  zoomBy(factor: number, at: number): void {
    const current = this.xRange();
    if (!current || !(factor > 0) || !Number.isFinite(at)) return;
    this.zoomTo(at - (at - current.min) * factor, at + (current.max - at) * factor);
  }

  /** Back to live: follow the newest data, unpaused. */
  goLive(): void {
    this.range = null;
    this.follow = true;
    this.paused = false;
    this.changed();
  }

  togglePause(): void {
    // A paused live view freezes where it is; resuming follows again.
    if (!this.paused && this.follow) this.range = this.xRange();
    else if (this.paused && this.follow) this.range = null;
    this.paused = !this.paused;
    this.changed();
  }

  getFlags = (): ViewFlags => this.flags;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.version++;
    this.onChange?.();
    if (this.flags.follow !== this.follow || this.flags.paused !== this.paused) {
      this.flags = { follow: this.follow, paused: this.paused };
      for (const listener of this.listeners) listener();
    }
  }
}
