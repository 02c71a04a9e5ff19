// Checking a channel as the user types: one check ~150 ms after the last
// keystroke (not one per key), and only the newest text's answer is shown, so
// a slow answer to older text never overwrites a newer one. Timers are passed
// in, so the unit test drives time itself.

interface CheckTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const CHECK_DELAY_MS = 150;

const browserTimers: CheckTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class LatestCheck<In, Out> {
  private timer: unknown = null;
  private asked = 0;
  private disposed = false;

  constructor(
    private readonly check: (input: In) => Promise<Out>,
    private readonly show: (output: Out) => void,
    private readonly timers: CheckTimers = browserTimers,
    private readonly delayMs = CHECK_DELAY_MS,
  ) {}

  /** The text changed: check it once the typing pauses. */
  request(input: In): void {
    if (this.disposed) return;
    if (this.timer !== null) this.timers.clear(this.timer);
    const ask = ++this.asked;
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.check(input).then(
        (output) => {
          if (!this.disposed && ask === this.asked) this.show(output);
        },
        () => undefined, // the next keystroke asks again
      );
    }, this.delayMs);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
