// How often live plots refresh. The base interval follows the window (about
// one refresh per pixel of time: a 10-minute window on 600 px moves a pixel a
// second, so refreshing faster changes nothing the eye can see), never faster
// than a frame, and never slower than the latency budget allows.
//
// It backs off only when OUR work overruns: the plots' own main-thread time
// per drawing frame, their share of the wall clock, the worker's answers to
// the plots' series requests coming late (the worker is queueing behind the
// socket), or live packets arriving later than usual (the machine as a whole
// is behind: overload must degrade the picture, never the latency). A
// frame that comes late for someone else's reason (a GC, another tab) says
// nothing about what the plots cost, and slowing down for it only adds
// latency. When our work overruns, the interval grows (the picture refreshes
// less often) instead of frames growing into long tasks or packets waiting in
// the worker; it shrinks back once work fits.

/**
 * Longest wait between live refreshes while work fits. A packet waits up to
 * this long for the next refresh, so 95 % of this interval is in the
 * packet-to-screen p95 before the pipeline's own delay (the answer, the paint
 * and the telemetry worker's GC pauses: the browser's sweep after WebSocket
 * messages takes 20-80 ms once a second). At 60 ms the p95 measured 122-133
 * ms at 2,000 packets/s; at 40 ms, 94-100 ms. Since every plot paints on one
 * surface (bench/RESULTS.md, stop 25) a refresh costs less: at 40 ms the p95
 * measured 117 and 117 ms, at 33 ms (two frames) 87 and 95 ms, the main
 * thread no busier.
 */
export const LATENCY_INTERVAL_MS = 33;
/** Never refresh faster than a frame. */
export const FRAME_MS = 1000 / 60;
/** Overload never slows refreshes beyond this (packet-to-screen stays under 1 s). */
export const MAX_INTERVAL_MS = 600;
/**
 * The frame loop stops drawing further plots in a frame once their work passed
 * this, and draws the rest first in the next frame. Every frame that changes a
 * canvas costs a repaint (software compositing: about as much again as the
 * draws), so plots refresh in the same frame unless that frame would grow long.
 */
export const FRAME_WORK_BUDGET_MS = 20;
/**
 * A drawing frame is over budget when the plots' own work in it runs a whole
 * frame past the frame's work budget: the loop stops drawing once the budget
 * is spent, so only a plot that alone takes that long gets there (spreading
 * plots over frames cannot help) …
 */
export const FRAME_OVERRUN_MS = FRAME_WORK_BUDGET_MS + FRAME_MS;
/**
 * … or the plots' work takes more than this share of the wall clock (the
 * data path's health is judged directly, by the two rules below, so this one
 * only keeps the plots from taking the main thread over) …
 */
export const WORK_SHARE_BUDGET = 0.3;
/**
 * … or when the worker's answer to a series request takes longer than this
 * (asked → result on the main thread). A worker with time to spare answers
 * in a few milliseconds plus at most a busy frame; longer means requests
 * wait behind socket messages, so fewer requests let it catch up.
 */
export const ANSWER_BUDGET_MS = 100;
/**
 * … or when live packets arrive this much later than usual (the worker's
 * arrivalLagMs): the machine as a whole is behind (packets queue in the
 * backend's socket, the browser's network service or the worker), and the
 * plots' drawing is the one thing that can give way.
 */
export const ARRIVAL_LAG_BUDGET_MS = 300;
const SLOW_DOWN = 1.5;
/**
 * Recovery is a little quicker than the slow-down: after a start-up backlog
 * (packets queued while the app loaded) the refresh returns within seconds of
 * catching up, while a load that still does not fit slows it again at once.
 */
const SPEED_UP = 2;
/** Judged over this long; more than OVER_SHARE of the drawing frames over budget slows down. */
const WINDOW_MS = 1000;
const OVER_SHARE = 0.25;

/**
 * One refresh per pixel of time, bounded by a frame and by the latency budget;
 * a window without a fixed length (All, Today: null) refreshes at the latency
 * budget's pace.
 */
export function baseIntervalMs(windowSeconds: number | null, pixels: number): number {
  if (windowSeconds === null) return LATENCY_INTERVAL_MS;
  const perPixel = (windowSeconds * 1000) / Math.max(1, pixels);
  return Math.max(FRAME_MS, Math.min(LATENCY_INTERVAL_MS, perPixel));
}

interface CadenceState {
  /** Current factor on the base interval (1 = not slowed). */
  factor: number;
  /** Drawing frames judged in the last window and how many ran over budget. */
  frames: number;
  overBudget: number;
  /** The plots' share of the wall clock in the last window (0..1). */
  workShare: number;
  /** How many times the cadence was slowed since the page loaded. */
  slowdowns: number;
  /** Series answers in the last window, and how many came later than ANSWER_BUDGET_MS. */
  answers: number;
  slowAnswers: number;
}

export class AdaptiveCadence {
  factor = 1;
  slowdowns = 0;
  /** Why it last slowed: the plots' own work, or packets or answers arriving late. */
  reason: "work" | "worker" = "work";
  /**
   * Beyond this factor the interval is already MAX_INTERVAL_MS for the base
   * last asked for, so slowing further would change nothing but the time
   * recovery takes.
   */
  private usefulFactor = MAX_INTERVAL_MS / FRAME_MS;
  private windowStart = NaN;
  private drawFrames = 0;
  private over = 0;
  private workMs = 0;
  private answers = 0;
  private slowAnswers = 0;
  private lagMs = 0;
  private last = { frames: 0, over: 0, share: 0, answers: 0, slowAnswers: 0 };

  /** The interval to wait before the next live refresh. */
  intervalMs(base: number): number {
    this.usefulFactor = Math.max(1, MAX_INTERVAL_MS / base);
    return Math.min(MAX_INTERVAL_MS, Math.max(base, base * this.factor));
  }

  /**
   * One animation frame at `now` in which the plots spent `workMs` of main
   * thread (0 when nothing drew), and live packets arrive `arrivalLagMs`
   * later than usual (series answers come in through noteAnswer). How late
   * the frame came is deliberately not an input.
   */
  frame(now: number, workMs: number, arrivalLagMs = 0): void {
    if (!(this.windowStart <= now)) this.windowStart = now;
    this.lagMs = Math.max(this.lagMs, arrivalLagMs);
    if (workMs > 0) {
      this.drawFrames++;
      this.workMs += workMs;
      if (workMs > FRAME_OVERRUN_MS) this.over++;
    }
    const elapsed = now - this.windowStart;
    if (elapsed < WINDOW_MS) return;
    const share = this.workMs / elapsed;
    const overFrames = this.over > OVER_SHARE * Math.max(1, this.drawFrames);
    const lateAnswers = this.slowAnswers > OVER_SHARE * Math.max(1, this.answers);
    const behind = lateAnswers || this.lagMs > ARRIVAL_LAG_BUDGET_MS;
    if (overFrames || behind || share > WORK_SHARE_BUDGET) {
      this.reason = behind ? "worker" : "work";
      const next = Math.min(this.factor * SLOW_DOWN, this.usefulFactor);
      if (next > this.factor) this.slowdowns++;
      this.factor = next;
    } else if (
      this.over === 0 &&
      this.slowAnswers === 0 &&
      this.lagMs <= ARRIVAL_LAG_BUDGET_MS / 2 &&
      share < WORK_SHARE_BUDGET * 0.75
    ) {
      this.factor = Math.max(1, this.factor / SPEED_UP);
    }
    this.last = {
      frames: this.drawFrames,
      over: this.over,
      share,
      answers: this.answers,
      slowAnswers: this.slowAnswers,
    };
    this.drawFrames = this.over = this.workMs = this.answers = this.slowAnswers = this.lagMs = 0;
    this.windowStart = now;
  }

  /**
   * A series answer that took `answerMs` (asked → result), the main thread's
   * or the render worker's, judged with the current window.
   */
  noteAnswer(answerMs: number): void {
    this.answers++;
    if (answerMs > ANSWER_BUDGET_MS) this.slowAnswers++;
  }

  /** After a pause (hidden tab): judge afresh, the gap says nothing about load. */
  restart(): void {
    this.windowStart = NaN;
    this.drawFrames = this.over = this.workMs = this.answers = this.slowAnswers = this.lagMs = 0;
  }

  get state(): CadenceState {
    return {
      factor: this.factor,
      frames: this.last.frames,
      overBudget: this.last.over,
      workShare: this.last.share,
      slowdowns: this.slowdowns,
      answers: this.last.answers,
      slowAnswers: this.last.slowAnswers,
    };
  }
}
