// How far behind live packets arrive, beyond the usual: the wall clock at
// arrival minus the packet's own TimeStamp, above the smallest such difference
// seen in the last half minute (that smallest one is the clocks' offset plus
// the link's normal delay, whatever they are). When the machine cannot keep
// up, packets queue somewhere on the way (the backend's socket, the browser's
// network service, the worker) and this grows; the plots read it and refresh
// less often, handing the CPU back to the data path (src/panels/Plots/cadence.ts).

/** The floor is the minimum over two buckets of this length (so it follows slow drift). */
const FLOOR_BUCKET_MS = 15_000;
/** Smoothing time constant of the reported excess. */
const SMOOTH_MS = 300;

export class ArrivalLag {
  private floorNow = Infinity;
  private floorPrev = Infinity;
  private bucketStart = -Infinity;
  private excess = 0;
  private lastAt = -Infinity;

  /** A live packet stamped `packetTimeS` (epoch seconds) arrived at `nowMs` (Date.now). */
  note(nowMs: number, packetTimeS: number): void {
    const diff = nowMs - packetTimeS * 1000;
    if (!Number.isFinite(diff)) return;
    if (nowMs - this.bucketStart >= FLOOR_BUCKET_MS) {
      this.floorPrev = this.floorNow;
      this.floorNow = Infinity;
      this.bucketStart = nowMs;
    }
    this.floorNow = Math.min(this.floorNow, diff);
    const floor = Math.min(this.floorNow, this.floorPrev);
    const weight = Math.min(1, Math.max(0, nowMs - this.lastAt) / SMOOTH_MS);
    this.excess += (diff - floor - this.excess) * weight;
    this.lastAt = nowMs;
  }

  /** Smoothed lag beyond the usual, ms (0 when packets arrive as fast as they ever did). */
  excessMs(): number {
    return Math.max(0, this.excess);
  }

  reset(): void {
    this.floorNow = this.floorPrev = Infinity;
    this.bucketStart = this.lastAt = -Infinity;
    this.excess = 0;
  }
}
