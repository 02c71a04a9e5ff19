// The plots' visible time window while it stands still (zoomed, panned or
// paused), for the navbar's Export: the shell may not reach into the Plots
// panel, so the panel lends a reader here while it is mounted.

/** A time window in epoch seconds, both ends included. */
export interface TimeWindow {
  from: number;
  to: number;
}

let reader: (() => TimeWindow | null) | null = null;

/** The Plots panel lends its reader; the returned function takes it back (on unmount). */
export function providePlotsWindow(read: () => TimeWindow | null): () => void {
  reader = read;
  return () => {
    if (reader === read) reader = null;
  };
}

/**
 * The plots' fixed window now; null while they follow the newest data (a
 * window that moves on is not one the user chose) or when no plots are shown.
 */
export function plotsFixedWindow(): TimeWindow | null {
  return reader?.() ?? null;
}
