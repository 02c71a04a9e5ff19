// An injectable clock so the timing logic (loading, notifications) runs in
// unit tests with fake time and in the page with the real (or Playwright's) one.
export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

/** One named timer: arming it again replaces the previous one. */
export class OneShot {
  private handle: unknown = null;

  constructor(private readonly clock: Clock) {}

  get armed(): boolean {
    return this.handle !== null;
  }

  arm(ms: number, callback: () => void): void {
    this.cancel();
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      callback();
    }, ms);
  }

  cancel(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
  }
}
