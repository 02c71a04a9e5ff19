// The beat on a line to a helper thread (the storage worker, the poll reader):
// the telemetry core sends a beat this often and the helper sends it straight
// back, so a helper that died or hangs is noticed within HELPER_SILENCE_MS.
// A port says nothing when the worker at its other end dies (Chromium sends
// no close event), so without this a dead helper left recording and the link
// waiting for ever (issue 58, item 12). Written once for both sides: the core
// watches (HelperWatch), the helpers answer (answerBeat).
import type { HelperBeat } from "../contract/windows";

/** How often the core sends a beat on a helper's line (ten small messages a second each way). */
export const HELPER_BEAT_EVERY_MS = 100;
/**
 * How long a helper may leave beats unanswered before it is taken for gone.
 * A helper answers from its event loop, which never waits on IndexedDB or
 * the network (their calls are asynchronous); its longest piece of work is
 * decoding one restore slice, tens of ms, and its heap is small (no long
 * garbage collection). So 1 s without an answer is a thread that is not
 * running, not a busy one. The silence is seen at the first beat after it:
 * at most 1.1 s after the helper's last answer, which leaves the notice in
 * every window (a batch of events and a render later) well within the 2 s
 * the issue asks, also on a loaded machine.
 */
export const HELPER_SILENCE_MS = 1_000;
/**
 * A tick of the watch this much later than due means the watching thread
 * itself was held up (a long task on the core, a laptop asleep): the helper's
 * answers may be queued behind it, so its silence is counted afresh from then.
 */
const LATE_TICK_MS = 500;

/** The timers a watch runs on (the core's Timers fit; tests pass fake ones). */
interface WatchClock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Whether a message on a helper's line is a beat (answered at once, counted by the watch). */
export function isBeat(data: unknown): data is HelperBeat {
  return typeof data === "object" && data !== null && "beat" in data;
}

/** The helper's side: a beat comes back on the port it came on. True when `data` was one. */
export function answerBeat(port: { postMessage(message: unknown): void }, data: unknown): boolean {
  if (!isBeat(data)) return false;
  port.postMessage(data);
  return true;
}

/**
 * The core's side: beats on one line, and `silent` once the helper has left
 * them unanswered for HELPER_SILENCE_MS of the core's own running time. Any
 * message from the helper counts as an answer (`heard`). It stops itself
 * once silent; `stop` ends it earlier (the line is closed).
 */
export class HelperWatch {
  private lastHeard: number;
  private lastTick: number;
  private handle: unknown;
  private stopped = false;
  private sent = 0;

  constructor(
    private readonly send: (beat: HelperBeat) => void,
    private readonly silent: () => void,
    private readonly clock: WatchClock,
  ) {
    this.lastHeard = this.lastTick = clock.now();
    this.handle = clock.setInterval(() => this.tick(), HELPER_BEAT_EVERY_MS);
    this.send({ beat: this.sent++ });
  }

  heard(): void {
    this.lastHeard = this.clock.now();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.clock.clearInterval(this.handle);
  }

  private tick(): void {
    const now = this.clock.now();
    if (now - this.lastTick > HELPER_BEAT_EVERY_MS + LATE_TICK_MS) this.lastHeard = now;
    this.lastTick = now;
    if (now - this.lastHeard > HELPER_SILENCE_MS) {
      this.stop();
      this.silent();
      return;
    }
    this.send({ beat: this.sent++ });
  }
}
