// A recorded session replayed around the clock: sessions longer than the
// replay window are read ±windowSeconds either side of it (a seek reads only
// the chunks it needs from IndexedDB), and the next window is read before the
// clock runs out of the loaded one. Apart from ReplayController because it is
// a small state machine of its own: the span loaded and the read in flight.
import type { ReplayOrigin } from "../../contract/sessions";
import type { Sessions } from "../sessions/Sessions";
import type { ReplayHistory } from "./ReplayHistory";

/** A recorded session is read this far either side of the clock (seconds). */
export const DEFAULT_WINDOW_SECONDS = 600;
/**
 * A seek outside what is loaded first reads this far either side of the new
 * clock (a few dozen chunks: the packet at the clock is shown at once), then
 * the whole window in the background for the plots and the map.
 */
const SEEK_FIRST_SECONDS = 30;

interface SessionSpan {
  id: string;
  first: number;
  last: number;
  loadedFrom: number;
  loadedTo: number;
}

export class SessionWindow {
  /** The recorded session being replayed (null for a range or an import). */
  span: SessionSpan | null = null;
  private reloading: Promise<boolean> | null = null;

  constructor(
    private readonly history: ReplayHistory,
    private readonly sessions: () => Sessions | null,
    private readonly windowSeconds: number,
  ) {}

  /** Replays session `id` from `first` to `last`; nothing of it is loaded yet. */
  open(id: string, first: number, last: number): SessionSpan {
    this.span = { id, first, last, loadedFrom: Infinity, loadedTo: -Infinity };
    return this.span;
  }

  /** Whether `at` lies in a session outside the rows loaded of it. */
  outside(at: number): boolean {
    const s = this.span;
    return s !== null && (at < s.loadedFrom || at > s.loadedTo);
  }

  /** A seek outside what is loaded: a short read first (then `show`), the whole window after. */
  async seek(at: number, show: () => void): Promise<void> {
    const s = this.span;
    const ok = await this.load(at, true, undefined, SEEK_FIRST_SECONDS);
    show();
    if (ok && this.span === s) void this.load(at, true, undefined, undefined, true);
  }

  /** Resolves when no window of the session is being read (benchmarks, tests). */
  async idle(): Promise<void> {
    while (this.reloading) await this.reloading;
  }

  /** Called each tick with the clock. */
  readAhead(at: number): void {
    const s = this.span;
    // Read the next window of a long session before the clock runs out of it.
    if (s && !this.reloading && at > s.loadedTo - 60 && s.loadedTo < s.last)
      void this.load(at, true, undefined, undefined, true);
  }

  /** `quiet`: a widening in the background (no progress bar). */
  load(
    center: number,
    keepShown: boolean,
    first?: ReplayOrigin,
    seconds = this.windowSeconds,
    quiet = false,
  ): Promise<boolean> {
    const s = this.span!;
    const from = Math.max(s.first, center - seconds);
    const to = Math.min(s.last, center + seconds);
    // Later windows of the same session keep the origin the first load named.
    const origin = first ?? this.history.origin!;
    const sessions = this.sessions();
    const loading = this.history.load(
      origin,
      async (reserve, progress, signal) => {
        if (!sessions) throw new Error("No recorded sessions: storage is not available");
        const chunks = await sessions.sessionRows(s.id, from, to);
        // Superseded meanwhile (another seek): do not spend the thread on copying.
        if (signal.aborted) return;
        const store = reserve(chunks.reduce((sum, rows) => sum + rows.count, 0));
        for (const rows of chunks) store.appendRows(rows);
        progress(store.ring.length, 1);
      },
      keepShown,
      quiet,
    );
    this.reloading = loading;
    return loading.then((ok) => {
      if (this.reloading === loading) this.reloading = null;
      if (ok && this.span === s) {
        s.loadedFrom = from;
        s.loadedTo = to;
      }
      return ok;
    });
  }
}
