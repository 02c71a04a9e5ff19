// A moment another panel (the map, the lap table) asks the plots to show: the
// plot workspace applies it to its shared view when it is (or next gets)
// mounted, so a click on the map or a lap row moves the plots' window there.
import { proxy } from "valtio";

interface PlotFocus {
  /** Packet-time window, epoch seconds. */
  from: number;
  to: number;
  /** Where it came from, for the note above the plots ("Lap 3", "Map: 12:04:05"). */
  label: string;
  /** Bumped per request so the same window asked twice is applied twice. */
  seq: number;
}

export const plotFocus = proxy<{ focus: PlotFocus | null }>({ focus: null });

let seq = 0;

export function focusPlots(from: number, to: number, label: string): void {
  if (!(Number.isFinite(from) && Number.isFinite(to) && to > from)) return;
  plotFocus.focus = { from, to, label, seq: ++seq };
}

/** Half the window shown around a moment picked on the map, seconds. */
const MOMENT_HALF_WINDOW_S = 30;

export function focusPlotsAt(time: number, label: string): void {
  focusPlots(time - MOMENT_HALF_WINDOW_S, time + MOMENT_HALF_WINDOW_S, label);
}
