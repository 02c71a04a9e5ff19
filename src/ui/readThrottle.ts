// At most one read per interval: a change asks for a read; the first runs at
// once, later ones within the interval become one read at its end (which then
// sees everything that changed meanwhile). A storm of alert versions thus
// reads the worker's log at most four times a second.
interface ThrottleClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: ThrottleClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class ReadThrottle {
  private last = -Infinity;
  private pending: unknown = null;

  constructor(
    private readonly read: () => void,
    private readonly intervalMs: number,
    private readonly clock: ThrottleClock = browserClock,
  ) {}

  /** Something changed: read now, or once at the end of the interval. */
  changed(): void {
    if (this.pending !== null) return; // a read is due: it will see this change
    const wait = this.last + this.intervalMs - this.clock.now();
    if (wait <= 0) return this.readNow();
    this.pending = this.clock.setTimeout(() => {
      this.pending = null;
      this.readNow();
    }, wait);
  }

  /** Read at once (after the user changed something), dropping a read that was due. */
  readNow(): void {
    this.cancel();
    this.last = this.clock.now();
    this.read();
  }

  cancel(): void {
    if (this.pending !== null) this.clock.clearTimeout(this.pending);
    this.pending = null;
  }
}
