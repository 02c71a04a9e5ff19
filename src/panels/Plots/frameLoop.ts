// ONE requestAnimationFrame loop drives every plot: first all waiting results
// move the shared view's newest/oldest, then each plot draws against the same
// x range (so plots stay aligned) and asks for its next series if needed.
import type { PlotDriver } from "./plotDriver";
import type { PlotStats } from "./plotStats";
import type { PlotView } from "./plotView";

export class PlotFrameLoop {
  private readonly drivers = new Set<PlotDriver>();
  private handle = 0;

  constructor(
    private readonly view: PlotView,
    private readonly stats: PlotStats,
    /** Newest packet time known elsewhere (live snapshot), to place the first request. */
    private readonly newestHint: () => number | null,
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
    if (this.view.newest === null) this.view.noteExtent(null, this.newestHint());
    for (const driver of this.drivers) driver.takeExtent();
    const range = this.view.xRange();
    for (const driver of this.drivers) driver.frame(range, now);
    this.stats.endFrame();
  };
}
