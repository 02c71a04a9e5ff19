// A shared core's life lock (TelemetryApi.coreLock). The browser runs a
// SharedWorker in the process of one tab, so the core dies when that tab
// crashes or is killed, and a port says nothing when its other end dies. A
// Web Lock does: the core holds one of its own name while it lives, each
// window asks for it, and the browser grants it to a window only once the
// core is gone. So a window learns of a dead core at once (issue 58, item
// 13), and never takes a busy core for a dead one.
import type { LocksLike } from "./windowRoster";

/** Holds a lock of a fresh name for this thread's life; its name once held (null: no Web Locks). */
export function holdLifeLock(
  locks: LocksLike | null,
  random: () => number = Math.random,
): Promise<string | null> {
  if (!locks) return Promise.resolve(null);
  const name = `helios-core-life-${Date.now().toString(36)}-${Math.floor(random() * 1e9).toString(36)}`;
  return new Promise((resolve) => {
    // Said only once held: a window that asked before would be granted it at once.
    locks
      .request(name, () => {
        resolve(name);
        return new Promise<never>(() => undefined);
      })
      .catch(() => resolve(null));
  });
}
