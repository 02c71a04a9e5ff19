// The replay history: a second TelemetryStore with the live one's columnar
// shape, filled from any source of packets or columns through one function:
//   replay.load(origin, (store, progress, signal) => …fill the store…)
// Recorded sessions, the backend's /packetsBetween and CSV import all use it.
// A load builds a fresh store and swaps it in when done (or when it fails
// part-way: what was loaded replays, and the error is kept for the UI).
// The fill asks for its store once it knows how many rows it loads
// (`reserve`): a replay holds what it loads, not the live day (capacity.ts).
import type { ReplayOrigin } from "../../contract/sessions";
import { replayCapacity } from "../store/capacity";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { TelemetryStore } from "../store/TelemetryStore";

/**
 * The store for `rows` rows. A later call for more rows than the store holds
 * (a stream whose size was not known: the backend's) moves what it has to a
 * store that large, up to the limit; for fewer, the same store.
 */
type ReplayReserve = (rows: number) => TelemetryStore;

export type ReplayFill = (
  reserve: ReplayReserve,
  progress: (packets: number, fraction: number | null) => void,
  signal: AbortSignal,
) => Promise<void>;

export class ReplayHistory {
  /** What the replay view shows; empty (the default packet) until a load lands. */
  store: TelemetryStore;
  origin: ReplayOrigin | null = null;
  loading: { packets: number; fraction: number | null } | null = null;
  error: string | null = null;
  private abort: AbortController | null = null;

  constructor(
    /** The most rows a replay may hold (the live capacity). */
    private readonly limit: number,
    /** Called when a new store is swapped in (the view switch re-sends everything). */
    private readonly onSwap: (store: TelemetryStore) => void,
    /** A replay's columns, whose stages it runs: the core's (its registered features'). */
    private readonly layout: ColumnLayout,
  ) {
    this.store = this.emptyStore();
  }

  /** Rejected packets of the current replay. */
  get rejected(): number {
    return this.store.counters().rejected;
  }

  /** Back to the empty history (playback on, nothing loaded: the default packet). */
  reset(): void {
    this.cancel();
    this.origin = null;
    this.error = null;
    this.store = this.emptyStore();
    this.onSwap(this.store);
  }

  cancel(): void {
    this.abort?.abort();
    this.abort = null;
    this.loading = null;
  }

  /**
   * Loads a replay. Resolves true when the new history is in place, false when
   * cancelled or superseded by another load. `keepShown` leaves the current
   * store on screen while loading (a seek within the same session); `quiet`
   * reports no progress (a window widened in the background).
   */
  async load(
    origin: ReplayOrigin,
    fill: ReplayFill,
    keepShown = false,
    quiet = false,
  ): Promise<boolean> {
    this.cancel();
    const abort = new AbortController();
    this.abort = abort;
    this.origin = origin;
    this.error = null;
    this.loading = quiet ? null : { packets: 0, fraction: 0 };
    if (!keepShown) {
      this.store = this.emptyStore();
      this.onSwap(this.store);
    }
    let reserved: TelemetryStore | null = null;
    const reserve: ReplayReserve = (rows) => {
      const wanted = replayCapacity(rows, this.limit);
      if (reserved && wanted <= reserved.ring.capacity) return reserved;
      const store = new TelemetryStore({ capacity: wanted, layout: this.layout });
      store.resetLatest(); // the default packet until a replayed row is shown, as emptyStore
      if (reserved && reserved.ring.length > 0)
        store.appendRows(reserved.newestRows(reserved.ring.length));
      reserved = store;
      return store;
    };
    try {
      await fill(
        reserve,
        (packets, fraction) => {
          if (this.abort === abort && !quiet) this.loading = { packets, fraction };
        },
        abort.signal,
      );
    } catch (error) {
      if (abort.signal.aborted) return false;
      this.error = error instanceof Error ? error.message : String(error);
    }
    if (abort.signal.aborted || this.abort !== abort) return false;
    this.abort = null;
    this.loading = null;
    // A fill that failed before it knew its size shows the empty history.
    const store = reserved ?? this.emptyStore();
    this.store = store;
    this.onSwap(store);
    return true;
  }

  /** A history filled elsewhere (a CSV import, with its own capacity) becomes the replay. */
  adopt(origin: ReplayOrigin, store: TelemetryStore): void {
    this.cancel();
    this.origin = origin;
    this.error = null;
    this.store = store;
    this.onSwap(store);
  }

  // SPEC §4: playback on shows the default packet until a replayed one is shown
  // (a live store with no packets shows no values instead).
  private emptyStore(): TelemetryStore {
    const store = new TelemetryStore({ capacity: 1, layout: this.layout });
    store.resetLatest();
    return store;
  }
}
