// Clock and timers behind one small interface, so tests can drive sources and
// the service with a fake clock instead of waiting for real time.

export type TimerHandle = unknown;

export interface Timers {
  /** Wall clock, ms since the epoch. */
  now(): number;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

type NativeHandle = ReturnType<typeof globalThis.setTimeout>;

export const realTimers: Timers = {
  now: () => Date.now(),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as NativeHandle),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as NativeHandle),
};
