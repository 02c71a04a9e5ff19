// Accepted packets per second over the last ~2 s, from a fixed ring of recent
// arrival times (no allocation per packet). When more packets arrived within
// the window than the ring holds, the rate is taken over the span the ring
// covers, which is exact enough at high rates.

const RATE_WINDOW_MS = 2000;
const RING_SIZE = 4096;

export class PacketRate {
  private readonly times = new Float64Array(RING_SIZE);
  private next = 0;
  private filled = 0;

  constructor(private readonly now: () => number) {}

  mark(): void {
    this.times[this.next] = this.now();
    this.next = (this.next + 1) % RING_SIZE;
    if (this.filled < RING_SIZE) this.filled++;
  }

  perSecond(): number {
    const now = this.now();
    const since = now - RATE_WINDOW_MS;
    let inWindow = 0;
    let oldest = now;
    // Walk newest → oldest; stop at the first arrival outside the window.
    for (let k = 1; k <= this.filled; k++) {
      const t = this.times[(this.next - k + RING_SIZE) % RING_SIZE] as number;
      if (t <= since) break;
      inWindow++;
      oldest = t;
    }
    if (inWindow < RING_SIZE) return inWindow / (RATE_WINDOW_MS / 1000);
    const spanMs = now - oldest;
    return spanMs > 0 ? (inWindow * 1000) / spanMs : inWindow / (RATE_WINDOW_MS / 1000);
  }

  reset(): void {
    this.next = 0;
    this.filled = 0;
  }
}
