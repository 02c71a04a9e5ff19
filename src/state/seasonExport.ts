// The season export this window runs (at most one): its progress for the
// status bar, and how the last one ended, for the Sessions tab.
import { proxy } from "valtio";

export const seasonExport = proxy({
  running: false,
  done: 0,
  total: 0,
  /** How the last export ended (null while one runs, or before the first). */
  outcome: null as { text: string; ok: boolean } | null,
});

let stop: AbortController | null = null;

/** A new export's signal (Cancel aborts it). */
export function seasonSignal(): AbortSignal {
  stop = new AbortController();
  return stop.signal;
}

/** Cancel: the running export stops, and what it wrote partly is removed. */
export function cancelSeason(): void {
  stop?.abort();
}
