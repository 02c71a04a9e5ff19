// Collects worker events and pushes them through the one proxied callback in
// batches: the first event goes out at once (next macrotask), later ones at
// most every `intervalMs`. Connection state and rejection counts are
// "latest wins": a burst of changes sends one event, not one per packet.
import type {
  ConnectionState,
  RejectionReason,
  WorkerEvent,
  WorkerEventListener,
} from "../contract";
import type { TimerHandle, Timers } from "../sources/timers";

export const DEFAULT_FLUSH_MS = 80;

export interface BatchSources {
  connection(): ConnectionState;
  rejected(): { rejected: number; recent: RejectionReason[] };
}

export class EventBatcher {
  private listener: WorkerEventListener | null = null;
  private queue: WorkerEvent[] = [];
  private connectionDirty = false;
  private rejectedDirty = false;
  private timer: TimerHandle | null = null;
  private lastFlush = -Infinity;

  constructor(
    private readonly timers: Timers,
    private readonly sources: BatchSources,
    private readonly intervalMs = DEFAULT_FLUSH_MS,
  ) {}

  setListener(listener: WorkerEventListener | null): void {
    this.listener = listener;
  }

  push(event: WorkerEvent): void {
    this.queue.push(event);
    this.schedule();
  }

  connectionChanged(): void {
    this.connectionDirty = true;
    this.schedule();
  }

  rejectedChanged(): void {
    if (this.rejectedDirty) return; // already scheduled: the hot path stays cheap
    this.rejectedDirty = true;
    this.schedule();
  }

  /** Send what is pending now (also used on stop). */
  flush(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const events: WorkerEvent[] = [];
    if (this.connectionDirty)
      events.push({ type: "connection", connection: this.sources.connection() });
    events.push(...this.queue);
    if (this.rejectedDirty) events.push({ type: "rejected", ...this.sources.rejected() });
    this.queue = [];
    this.connectionDirty = this.rejectedDirty = false;
    this.lastFlush = this.timers.now();
    if (events.length === 0 || !this.listener) return;
    try {
      this.listener(events);
    } catch {
      // A listener that throws (or a closed Comlink port) must not break the worker.
    }
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.connectionDirty = this.rejectedDirty = false;
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.intervalMs - (this.timers.now() - this.lastFlush));
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }
}
