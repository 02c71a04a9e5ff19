// ONE requestAnimationFrame loop drives every plot: first all waiting results
// move the shared view's newest/oldest, then each plot draws against the same
// x range (so plots stay aligned) and asks for its next series if needed.
// Live refreshes come at the cadence (cadence.ts), all plots in the same
// frame: every frame that changes a canvas costs a whole repaint. In a hidden
// page nothing is asked or drawn; plots catch up when the page is seen again.
// Live plots handed to the render worker (plotDriver) are refreshed there at
// the interval set here; its reports feed the statistics and the cadence.
// While every plot is in the render worker's hands (or there is none), the
// loop asks for no animation frames (each one costs the page a frame's
// lifecycle): it looks in with each live snapshot, in the snapshot's own task,
// so what it writes (a legend) is drawn in the frame the status bar's update
// makes anyway rather than in a frame of its own; without snapshots it looks
// in every IDLE_CHECK_MS. The view wakes it at once (zoom, pause, pointer
// over a plot).
import type { RenderNews } from "../../../workers/contract/renderProtocol";
import type { LiveStatus } from "../../worker-client/liveStore";
import { AdaptiveCadence, baseIntervalMs, FRAME_WORK_BUDGET_MS } from "./cadence";
import type { PlotDriver } from "./plotDriver";
import type { PlotStats } from "../../state/plotStats";
import type { PlotView } from "./plotView";

/** Frame jitter: a refresh due within this is taken now rather than a frame late. */
const JITTER_MS = 4;
/**
 * While idle and no snapshot comes (they come ~10 times a second), how often
 * the loop looks in (legend, plots coming back, resizes).
 */
export const IDLE_CHECK_MS = 250;

export class PlotFrameLoop {
  private readonly drivers = new Set<PlotDriver>();
  readonly cadence = new AdaptiveCadence();
  private handle = 0;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private nextLiveAt = 0;
  /** Where the next frame starts drawing: the first plot deferred by the last one. */
  private resumeAt = 0;
  private pageWasVisible = true;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly view: PlotView,
    private readonly stats: PlotStats,
    /** The live snapshot's status: newest packet time (to place the first request), counters. */
    private readonly status: () => LiveStatus | null,
    /** Whether the page is visible (document.visibilityState), injectable for tests. */
    private readonly pageVisible: () => boolean = () => document.visibilityState === "visible",
    /** The render worker's reports on the live plots it refreshes (renderClient.onRenderNews). */
    private readonly subscribeNews: (listener: (news: RenderNews) => void) => () => void = () =>
      () => {},
    /** Each live snapshot (LiveStore.subscribeStatus): while idle, the loop looks in then. */
    private readonly subscribeStatus: (listener: () => void) => () => void = () => () => {},
  ) {}

  add(driver: PlotDriver): () => void {
    this.drivers.add(driver);
    this.wake();
    return () => this.drivers.delete(driver);
  }

  start(): void {
    if (this.handle) return;
    this.handle = requestAnimationFrame(this.tick);
    const unsubscribe = this.subscribeNews(this.takeNews);
    const unsubscribeStatus = this.subscribeStatus(this.look);
    document.addEventListener("visibilitychange", this.visibilityChanged);
    this.unsubscribe = () => {
      unsubscribe();
      unsubscribeStatus();
      document.removeEventListener("visibilitychange", this.visibilityChanged);
    };
  }

  stop(): void {
    cancelAnimationFrame(this.handle);
    this.handle = 0;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const driver of this.drivers) driver.suspend();
    this.stats.intervalMs = 0; // diagnostics: no live plots now
  }

  /** A hidden page draws nothing: live plots in the render worker's hands stop there. */
  private readonly visibilityChanged = (): void => {
    if (!this.pageVisible()) for (const driver of this.drivers) driver.suspend();
  };

  /** The render worker painted its live plots. */
  private readonly takeNews = (news: RenderNews): void => {
    for (const { atMs, newestX } of news.paints) this.stats.recordPaint(atMs, newestX);
    for (const ms of news.updateMs) this.stats.recordUpdateTime(ms);
    // Each of its refreshes' answers counts, as the main thread's own do.
    for (const ms of news.answerMs) this.cadence.noteAnswer(ms);
  };

  private readonly tick = (now: number): void => {
    this.frame(now);
    if (!this.handle) return; // stopped
    this.next();
  };

  /**
   * While idle: a look in the current task (a snapshot's, or the fallback
   * timer's), no animation frame of its own. Frames asked for meanwhile, or a
   * stopped loop, make it do nothing.
   */
  private readonly look = (): void => {
    if (this.handle !== -1) return;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.frame(performance.now());
    if (this.handle === -1) this.next(); // not stopped or woken by the frame
  };

  private next(): void {
    if (this.idle()) {
      this.handle = -1; // running, between looks
      this.idleTimer = setTimeout(this.look, IDLE_CHECK_MS);
    } else this.handle = requestAnimationFrame(this.tick);
  }

  /** Something changed (the view, the pointer): draw at the next frame, not at the next look. */
  readonly wake = (): void => {
    if (this.handle !== -1) return; // stopped, or frames already asked for
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.handle = requestAnimationFrame(this.tick);
  };

  /** Nothing to draw every frame: no plots, or all in the render worker's hands. */
  private idle(): boolean {
    for (const driver of this.drivers) if (!driver.handedToWorker) return false;
    return true;
  }

  /** One animation frame (public for tests). */
  frame(now: number): void {
    const visible = this.pageVisible();
    if (!visible) {
      // Browsers stop animation frames in hidden pages; if one still comes, it does nothing.
      this.pageWasVisible = false;
      this.stats.hiddenFrames++;
      return;
    }
    if (!this.pageWasVisible) {
      this.pageWasVisible = true;
      this.cadence.restart();
      for (const driver of this.drivers) driver.resume();
    }
    const started = performance.now();
    this.stats.beginFrame();
    const status = this.status();
    if (status) this.stats.accepted = status.counters.accepted;
    this.view.beginExtents();
    for (const driver of this.drivers) driver.takeExtent();
    this.view.endExtents(status?.counters.lastPacketTime ?? null);
    const range = this.view.xRange();
    const interval = this.cadence.intervalMs(
      baseIntervalMs(this.view.windowSeconds, this.widest()),
    );
    const liveDue = now >= this.nextLiveAt;
    if (liveDue) this.nextLiveAt = now + interval - JITTER_MS;
    // Plots draw in turn until the frame's work budget is spent; the rest draw
    // first in the next frame (one frame later), so twelve plots refreshing
    // together never make one long frame. A plot's first picture is never put
    // off: after a layout switch the next frame comes only once the page has
    // laid out and painted the new plots (100 ms and more with software
    // rendering), while the user waits for exactly these pictures.
    const order = [...this.drivers];
    const first = this.resumeAt % Math.max(1, order.length);
    let drew = false;
    let deferred = -1;
    for (let k = 0; k < order.length; k++) {
      const i = (first + k) % order.length;
      const driver = order[i]!;
      if (drew && performance.now() - started > FRAME_WORK_BUDGET_MS && !driver.firstPictureDue) {
        if (deferred < 0) deferred = i;
        this.stats.deferredDraws++;
        continue;
      }
      drew = driver.frame(range, now, liveDue, true, interval) || drew;
    }
    this.resumeAt = deferred >= 0 ? deferred : first;
    // Our own work only: a frame that came late for another reason must not slow the plots.
    for (const driver of this.drivers) {
      const answerMs = driver.takeAnswerMs();
      if (answerMs > 0) this.cadence.noteAnswer(answerMs);
    }
    const lag = status?.connection.arrivalLagMs ?? 0;
    this.cadence.frame(now, drew ? performance.now() - started : 0, lag);
    this.stats.intervalMs = interval;
    this.stats.cadenceFactor = this.cadence.factor;
    this.stats.slowdowns = this.cadence.slowdowns;
    this.stats.slowReason = this.cadence.reason;
    this.stats.endFrame();
  }

  /** The widest plot sets the pace (its pixels are the shortest time). */
  private widest(): number {
    let pixels = 1;
    for (const driver of this.drivers) pixels = Math.max(pixels, driver.pixelWidth);
    return pixels;
  }
}
