// Cheap instrumentation for the browser benchmark, on window.__heliosPlotStats:
// totals plus a ring of recent frames (typed arrays, no allocation per frame).
// Latency = paint wall time − newest packet TimeStamp in that picture.

const RING = 8192;

export class PlotStats {
  frames = 0;
  setDataCalls = 0;
  /** Main-thread ms spent converting + setData + drawing, summed. */
  setDataMs = 0;
  maxSetDataMs = 0;
  requests = 0;
  staleResults = 0;
  errors = 0;
  /** Results dropped because they changed nothing visible; draws skipped off screen or hidden. */
  skippedDraws = 0;
  hiddenSkips = 0;
  /** Live plots handed to the render worker to refresh on its own, and taken back. */
  handOvers = 0;
  takeBacks = 0;
  /** Live plots in the render worker's hands whose y axes were set anew. */
  yRescales = 0;
  /** Plot turns put off to the next frame because the frame's work budget was spent. */
  deferredDraws = 0;
  /** Animation frames that came while the page was hidden (did nothing). */
  hiddenFrames = 0;
  /** Live refresh interval now (ms), its adaptive factor (1 = not slowed), slow-downs so far. */
  intervalMs = 0;
  cadenceFactor = 1;
  slowdowns = 0;
  /** Why the cadence last slowed: the plots' own work, or the worker answering late. */
  slowReason: "work" | "worker" = "work";
  /** The worker's accepted-packet counter as of the latest snapshot (packets stored). */
  accepted = 0;
  readonly ringSize = RING;
  ringNext = 0;
  readonly frameSetDataCalls = new Uint16Array(RING);
  /** Duration of each single plot update (ms), for per-plot percentiles. */
  readonly updateMs = new Float64Array(RING);
  updateNext = 0;
  /**
   * Each picture that reached the series layers (drawn here, or refreshed by
   * the render worker on its own): Date.now() then and the newest packet time
   * in it (epoch s), for packet-to-screen latency.
   */
  readonly paintWallMs = new Float64Array(RING);
  readonly paintNewestX = new Float64Array(RING);
  paintNext = 0;

  private frameCalls = 0;
  private frameNewest = NaN;

  beginFrame(): void {
    this.frameCalls = 0;
    this.frameNewest = NaN;
  }

  recordUpdate(ms: number, newestX: number | null): void {
    this.setDataCalls++;
    this.setDataMs += ms;
    this.recordUpdateTime(ms);
    this.frameCalls++;
    if (newestX !== null && !(newestX <= this.frameNewest)) this.frameNewest = newestX;
  }

  endFrame(): void {
    const i = this.ringNext++ % RING;
    this.frames++;
    this.frameSetDataCalls[i] = this.frameCalls;
    if (this.frameNewest === this.frameNewest) this.recordPaint(Date.now(), this.frameNewest);
  }

  /** One plot update's time, here or in the render worker (per-plot percentiles). */
  recordUpdateTime(ms: number): void {
    if (ms > this.maxSetDataMs) this.maxSetDataMs = ms;
    this.updateMs[this.updateNext++ % RING] = ms;
  }

  recordPaint(wallMs: number, newestX: number): void {
    const i = this.paintNext++ % RING;
    this.paintWallMs[i] = wallMs;
    this.paintNewestX[i] = newestX;
  }

  reset(): void {
    this.frames = this.setDataCalls = this.setDataMs = this.maxSetDataMs = 0;
    this.requests = this.staleResults = this.errors = 0;
    this.skippedDraws = this.hiddenSkips = this.hiddenFrames = this.deferredDraws = 0;
    this.ringNext = this.updateNext = this.paintNext = 0;
  }
}

declare global {
  interface Window {
    __heliosPlotStats?: PlotStats;
  }
}

/** One stats object per page, shared by every plots panel mount. */
export function plotStats(): PlotStats {
  return (window.__heliosPlotStats ??= new PlotStats());
}
