// Without a shared core (no SharedWorker, or ?sharedCore=0) every window has
// a core of its own, and exactly one of them may record: two recorders would
// write one session twice, as the probe in issue 38 found. The window whose
// core holds this Web Lock records; the others wait for it, and the first in
// line takes over when the recording window closes (its worker dies and the
// lock is released).
import type { LocksLike } from "./windowRoster";

export const RECORDER_LOCK = "helios-recorder";

/** Ask for the recorder lock; `held` runs once granted, and the lock is kept for this thread's life. */
export function claimRecorder(locks: LocksLike, held: () => void): void {
  void locks
    .request(RECORDER_LOCK, () => {
      held();
      return new Promise<never>(() => undefined);
    })
    .catch(() => undefined);
}
