// How often live plots refresh. The base interval follows the window (about
// one refresh per pixel of time) but never waits longer than the latency
// budget allows, and never refreshes more than once a frame. When frames run
// over budget, the interval grows (the picture refreshes less often) instead
// of frames growing into long tasks; it shrinks back once frames fit again.

/** Longest wait between live refreshes while frames fit: keeps packet-to-screen p95 under 100 ms. */
export const LATENCY_INTERVAL_MS = 60;
/** Never refresh faster than a frame. */
export const FRAME_MS = 1000 / 60;
/** Overload never slows refreshes beyond this (packet-to-screen stays under 1 s). */
export const MAX_INTERVAL_MS = 600;
/** A frame is over budget when the plots' own work exceeds this … */
export const FRAME_WORK_BUDGET_MS = 8;
/** … or when it comes this late (the main thread had no time for it) … */
export const LATE_FRAME_MS = 34;
/**
 * … or when a series request took longer than this share of the interval:
 * the worker (which shares the cores with the socket and the renderer) spends
 * too much of its time on plots, and must keep up with the socket first.
 */
export const ROUND_TRIP_SHARE = 0.5;
const SLOW_DOWN = 1.5;
const SPEED_UP = 1.25;
/** Judged over this long; a share of bad frames above OVER_SHARE slows down. */
const WINDOW_MS = 1000;
const OVER_SHARE = 0.1;

/** One refresh per pixel of time, bounded by a frame and by the latency budget. */
export function baseIntervalMs(windowSeconds: number | null, pixels: number): number {
  if (windowSeconds === null) return LATENCY_INTERVAL_MS;
  const perPixel = (windowSeconds * 1000) / Math.max(1, pixels);
  return Math.max(FRAME_MS, Math.min(LATENCY_INTERVAL_MS, perPixel));
}

export interface CadenceState {
  /** Current factor on the base interval (1 = not slowed). */
  factor: number;
  /** Frames judged in the last window and how many ran over budget. */
  frames: number;
  overBudget: number;
  /** How many times the cadence was slowed since the page loaded. */
  slowdowns: number;
}

export class AdaptiveCadence {
  factor = 1;
  slowdowns = 0;
  private windowStart = NaN;
  private frames = 0;
  private over = 0;
  private lastFrames = 0;
  private lastOver = 0;

  /** The interval to wait before the next live refresh. */
  intervalMs(base: number): number {
    return Math.min(MAX_INTERVAL_MS, Math.max(base, base * this.factor));
  }

  /**
   * One animation frame: `gapMs` since the previous one, `workMs` spent on
   * plots in it. Only frames that drew count as over budget for work; a late
   * frame counts either way (someone needed the main thread). `roundTripMs`:
   * the slowest series request answered in this frame (0: none), judged
   * against the interval in force, `intervalMs`.
   */
  frame(now: number, gapMs: number, workMs: number, roundTripMs = 0, intervalMs = Infinity): void {
    if (!(this.windowStart <= now)) this.windowStart = now;
    this.frames++;
    if (
      workMs > FRAME_WORK_BUDGET_MS ||
      gapMs > LATE_FRAME_MS ||
      roundTripMs > intervalMs * ROUND_TRIP_SHARE
    )
      this.over++;
    if (now - this.windowStart < WINDOW_MS) return;
    const share = this.over / Math.max(1, this.frames);
    if (share > OVER_SHARE) {
      const next = Math.min(this.factor * SLOW_DOWN, MAX_INTERVAL_MS / FRAME_MS);
      if (next > this.factor) this.slowdowns++;
      this.factor = next;
    } else if (this.over === 0) {
      this.factor = Math.max(1, this.factor / SPEED_UP);
    }
    this.lastFrames = this.frames;
    this.lastOver = this.over;
    this.frames = this.over = 0;
    this.windowStart = now;
  }

  /** After a pause (hidden tab): judge afresh, the gap says nothing about load. */
  restart(): void {
    this.windowStart = NaN;
    this.frames = this.over = 0;
  }

  get state(): CadenceState {
    return {
      factor: this.factor,
      frames: this.lastFrames,
      overBudget: this.lastOver,
      slowdowns: this.slowdowns,
    };
  }
}
