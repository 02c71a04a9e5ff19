// ONE requestAnimationFrame loop drives every plot: first all waiting results
// move the shared view's newest/oldest, then each plot draws against the same
// x range (so plots stay aligned) and asks for its next series if needed.
import type { LiveStatus } from "../../worker-client/liveStore";
import type { PlotDriver } from "./plotDriver";
import type { PlotStats } from "./plotStats";
import type { PlotView } from "./plotView";

/**
 * Live plots refresh together when the time axis has moved about a pixel, but
 * at least every 50 ms (a packet is on screen well within 100 ms). Refreshing
 * more often changes nothing visible, and refreshing all plots in the same
 * frame matters: every frame that changes a canvas costs a whole repaint.
 */
const MAX_LIVE_INTERVAL_MS = 50;

export function liveIntervalMs(windowSeconds: number | null, points: number): number {
  if (windowSeconds === null) return MAX_LIVE_INTERVAL_MS;
  return Math.min(MAX_LIVE_INTERVAL_MS, (windowSeconds * 1000) / Math.max(1, points));
}

export class PlotFrameLoop {
  private readonly drivers = new Set<PlotDriver>();
  private handle = 0;
  private nextLiveAt = 0;

  constructor(
    private readonly view: PlotView,
    private readonly stats: PlotStats,
    /** The live snapshot's status: newest packet time (to place the first request), counters. */
    private readonly status: () => LiveStatus | null,
  ) {}

  add(driver: PlotDriver): () => void {
    this.drivers.add(driver);
    return () => this.drivers.delete(driver);
  }

  start(): void {
    if (!this.handle) this.handle = requestAnimationFrame(this.tick);
  }

  stop(): void {
    cancelAnimationFrame(this.handle);
    this.handle = 0;
  }

  private readonly tick = (now: number): void => {
    this.handle = requestAnimationFrame(this.tick);
    this.stats.beginFrame(now);
    const status = this.status();
    if (status) this.stats.accepted = status.counters.accepted;
    this.view.beginExtents();
    for (const driver of this.drivers) driver.takeExtent();
    this.view.endExtents(status?.counters.lastPacketTime ?? null);
    const range = this.view.xRange();
    const liveDue = now >= this.nextLiveAt;
    if (liveDue) this.nextLiveAt = now + this.liveInterval() - 4; // 4 ms: frame jitter
    for (const driver of this.drivers) driver.frame(range, now, liveDue);
    this.stats.endFrame();
  };

  /** The widest plot sets the pace (its pixels are the shortest time). */
  private liveInterval(): number {
    let points = 1;
    for (const driver of this.drivers) points = Math.max(points, driver.pointCount);
    return liveIntervalMs(this.view.windowSeconds, points);
  }
}
