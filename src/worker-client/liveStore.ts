// Latest values on the main thread: a plain map filled from the worker's
// throttled snapshots (only the fields that changed), with subscriptions per
// field so that a panel re-renders only when one of its own fields moved.
import type { FieldPath, FieldValue } from "../../workers/contract/fields";
import type { Snapshot } from "../../workers/contract/snapshot";
import type { TelemetryClient } from "./TelemetryClient";

/**
 * The snapshot's status parts (connection, counters, alerts, strategy, …):
 * the snapshot contract less its field values, so the two cannot drift.
 */
export type LiveStatus = Omit<Snapshot, "seq" | "empty" | "changed">;

type Listener = () => void;

/**
 * A snapshot unanswered this long means the core is not answering: busy, or
 * gone (a shared core dies with the tab whose process ran it). The core
 * answers within a poll interval; 10 s leaves room for a slow machine's
 * longest piece of work without taking a live core for lost.
 */
export const CORE_SILENCE_MS = 10_000;

/** The old value when the new one (a fresh structured clone) holds the same data. */
function keep<T>(old: T | undefined, next: T): T {
  return old !== undefined && sameData(old, next) ? old : next;
}

/** Deep equality of plain cloned data (objects, arrays, primitives); the status parts are small. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => key in recordB && sameData(recordA[key], recordB[key]));
}

export class LiveStore {
  private readonly values = new Map<FieldPath, FieldValue>();
  private readonly fieldListeners = new Map<FieldPath, Set<Listener>>();
  private readonly statusListeners = new Set<Listener>();
  private statusValue: LiveStatus | null = null;
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private silent = false;
  private readonly silenceListeners = new Set<(silent: boolean) => void>();

  constructor(
    private readonly client: TelemetryClient,
    private readonly intervalMs = 100,
    private readonly silenceMs = CORE_SILENCE_MS,
  ) {}

  /** Hears when the core stops answering (true) and when it answers again (false). */
  onSilence(listener: (silent: boolean) => void): () => void {
    this.silenceListeners.add(listener);
    return () => this.silenceListeners.delete(listener);
  }

  private setSilent(silent: boolean): void {
    if (silent === this.silent) return;
    this.silent = silent;
    for (const listener of this.silenceListeners) listener(silent);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.poll();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  get(path: FieldPath): FieldValue | undefined {
    return this.values.get(path);
  }

  get status(): LiveStatus | null {
    return this.statusValue;
  }

  subscribeField(path: FieldPath, listener: Listener): () => void {
    let set = this.fieldListeners.get(path);
    if (!set) this.fieldListeners.set(path, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeStatus(listener: Listener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Apply one snapshot; exposed for tests. */
  apply(snapshot: Snapshot): void {
    this.seq = snapshot.seq;
    // A history with no packet (e.g. live afresh after the demo): show nothing
    // rather than values that came from another source.
    if (snapshot.empty && this.values.size > 0) {
      this.values.clear();
      for (const set of this.fieldListeners.values()) for (const listener of set) listener();
    }
    for (const path in snapshot.changed) {
      this.values.set(path, snapshot.changed[path]!);
      const set = this.fieldListeners.get(path);
      if (set) for (const listener of set) listener();
    }
    // Parts equal to the last snapshot's keep their identity, so a component
    // that reads one part (useLiveStatusPart) re-renders only when it moved.
    const last = this.statusValue;
    const next: LiveStatus = {
      connection: keep(last?.connection, snapshot.connection),
      counters: keep(last?.counters, snapshot.counters),
      geo: keep(last?.geo, snapshot.geo),
      backend: keep(last?.backend, snapshot.backend),
      playback: keep(last?.playback, snapshot.playback),
      recording: keep(last?.recording, snapshot.recording),
      alerts: keep(last?.alerts, snapshot.alerts),
      math: keep(last?.math, snapshot.math),
      strategy: keep(last?.strategy ?? null, snapshot.strategy ?? null),
      windows: keep(last?.windows, snapshot.windows),
      features: keep(last?.features, snapshot.features),
    };
    // Listeners hear every snapshot even when nothing moved: the status bar's
    // "waiting … s" text ages with them.
    this.statusValue = next;
    for (const listener of this.statusListeners) listener();
  }

  /**
   * Poll now rather than at the next interval: something worth showing at
   * once happened (an alert started: the status bar counts it within the
   * budget of 150 ms, not up to a whole interval later). A poll in flight
   * is followed by another as soon as it answers.
   */
  pollNow(): void {
    if (this.stopped) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.poll();
  }

  private inFlight = false;
  private again = false;

  // At most one request in flight: the next poll is scheduled after the answer.
  private async poll(): Promise<void> {
    if (this.stopped) return;
    const started = performance.now();
    this.inFlight = true;
    const silence = setTimeout(() => this.setSilent(true), this.silenceMs);
    try {
      this.apply(await this.client.api.snapshot(this.seq));
    } catch {
      // The worker is being restarted; the next poll picks up the new one.
    }
    clearTimeout(silence);
    this.setSilent(false);
    this.inFlight = false;
    if (this.stopped) return;
    const again = this.again;
    this.again = false;
    const wait = again ? 0 : Math.max(0, this.intervalMs - (performance.now() - started));
    this.timer = setTimeout(() => void this.poll(), wait);
  }
}
