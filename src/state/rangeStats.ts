// Whether the range statistics drawer is open, for which range, and which
// series the plots show. A range comes from a plot (Alt-drag, the toolbar's
// visible window) or a lap (Laps tab); the series are the dragged plot's, or
// else every plot's, which the
// Plots panel publishes here while it is mounted (a panel may not read
// another's state), and which stay known after it unmounts.
import { proxy, ref } from "valtio";
import type { FieldPath } from "../../workers/contract/fields";

export interface StatsRange {
  /** Packet time, epoch seconds, both ends included. */
  from: number;
  to: number;
  /** Where it came from: "Selection", "Visible window", "Lap 3". */
  label: string;
  /** The series of the plot it was selected on; otherwise every plotted series. */
  fields?: readonly FieldPath[];
}

export const rangeStatsState = proxy<{
  open: boolean;
  range: StatsRange | null;
  /** Every plot's fields, each once, in plot order; null before the plots were ever shown. */
  plotted: FieldPath[] | null;
}>({ open: false, range: null, plotted: null });

/** Opens the drawer on a range; an empty or reversed range is ignored. */
export function openRangeStats(
  from: number,
  to: number,
  label: string,
  fields?: readonly FieldPath[],
): void {
  if (!(Number.isFinite(from) && Number.isFinite(to) && to >= from)) return;
  rangeStatsState.range = ref(
    fields ? { from, to, label, fields: [...fields] } : { from, to, label },
  );
  rangeStatsState.open = true;
}

export function closeRangeStats(): void {
  rangeStatsState.open = false;
}

/** The Plots panel tells which series it shows (each field once). */
export function setPlottedFields(fields: readonly FieldPath[]): void {
  const unique = [...new Set(fields)];
  const current = rangeStatsState.plotted;
  if (current && current.length === unique.length && current.every((f, i) => f === unique[i]))
    return;
  rangeStatsState.plotted = ref(unique);
}
