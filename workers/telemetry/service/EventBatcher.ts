// Collects worker events (discrete happenings: notifications, laps, lap
// coordinates, started alerts) and pushes them through the one proxied callback in batches:
// the first event goes out at once (next macrotask), later ones at most every
// `intervalMs`. State (links, latencies, counters) never travels here: the UI
// reads it from snapshots.
import { ANNOUNCE_CAP } from "../../contract/alerts";
import type { WorkerEvent, WorkerEventListener } from "../../contract/telemetryApi";
import type { SharedSettingKind } from "../../contract/windows";
import type { TimerHandle, Timers } from "../sources/timers";

export const DEFAULT_FLUSH_MS = 80;

export class EventBatcher {
  private listener: WorkerEventListener | null = null;
  private queue: WorkerEvent[] = [];
  private timer: TimerHandle | null = null;
  private lastFlush = -Infinity;

  constructor(
    private readonly timers: Timers,
    private readonly intervalMs = DEFAULT_FLUSH_MS,
  ) {}

  setListener(listener: WorkerEventListener | null): void {
    this.listener = listener;
  }

  push(event: WorkerEvent): void {
    if (event.type === "alerts") this.pushAlerts(event);
    else if (event.type === "sharedSettings") this.pushSharedSettings(event.kinds);
    else this.queue.push(event);
    this.schedule();
  }

  /**
   * Started alerts join the batch's one "alerts" event, up to ANNOUNCE_CAP
   * entries; the rest are counted: a storm at 2,000 packets/s would
   * otherwise send thousands of entries a batch for one coalesced toast.
   */
  private pushAlerts(event: Extract<WorkerEvent, { type: "alerts" }>): void {
    const queued = this.queue.find((e) => e.type === "alerts");
    if (!queued) {
      this.queue.push({ ...event, started: [...event.started] });
      return;
    }
    // This window announces the batch if it was to announce any of it.
    queued.announce = queued.announce !== false || event.announce !== false;
    const room = Math.max(0, ANNOUNCE_CAP - queued.started.length);
    queued.started.push(...event.started.slice(0, room));
    queued.omitted =
      (queued.omitted ?? 0) + (event.omitted ?? 0) + Math.max(0, event.started.length - room);
  }

  /** Changed settings join the batch's one "sharedSettings" event: each is read again once. */
  private pushSharedSettings(kinds: SharedSettingKind[]): void {
    const queued = this.queue.find((e) => e.type === "sharedSettings");
    if (!queued) this.queue.push({ type: "sharedSettings", kinds: [...kinds] });
    else queued.kinds = [...new Set([...queued.kinds, ...kinds])];
  }

  /** Send what is pending now (also used on stop). */
  flush(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const events = this.queue;
    this.queue = [];
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
