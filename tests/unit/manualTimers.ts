// Timers driven by hand for tests that also wait on real promises (IndexedDB):
// `tick(ms)` runs every interval and timeout that falls due, in time order.
import type { Timers } from "../../workers/telemetry/sources/timers";

interface Pending {
  cb: () => void;
  ms: number;
  next: number;
  repeat: boolean;
}

export function manualTimers(start = 10_000_000) {
  let now = start;
  const pending = new Map<number, Pending>();
  let id = 0;
  const add = (cb: () => void, ms: number, repeat: boolean) => {
    pending.set(++id, { cb, ms: Math.max(1, ms), next: now + Math.max(1, ms), repeat });
    return id;
  };
  const timers: Timers = {
    now: () => now,
    setInterval: (cb, ms) => add(cb, ms, true),
    clearInterval: (h) => void pending.delete(h as number),
    setTimeout: (cb, ms) => add(cb, ms, false),
    clearTimeout: (h) => void pending.delete(h as number),
  };
  const tick = (ms: number) => {
    const end = now + ms;
    for (;;) {
      let due: [number, Pending] | null = null;
      for (const entry of pending)
        if (entry[1].next <= end && (!due || entry[1].next < due[1].next)) due = entry;
      if (!due) break;
      const [key, t] = due;
      now = t.next;
      if (t.repeat) t.next += t.ms;
      else pending.delete(key);
      t.cb();
    }
    now = end;
  };
  return { timers, tick, advance: (ms: number) => void (now += ms) };
}
