// A uPlot legend at rest. While the cursor is away from a plot, uPlot writes
// a placeholder ("--") in every value cell, so a legend said nothing until
// pointed at (the Strategy tab showed eleven such rows: issue 58). At rest,
// a legend shows the values at the plot's "now" instead: the newest (live),
// or the playback clock's when the plot's data ends there. The Plots tab's
// charts keep their own newest values (plotDriver.ts: uPlot's copy of their
// data may be behind), the charts drawn from a worker's answer use this.
import type uPlot from "uplot";

type Column = ArrayLike<number | null | undefined>;

const hasValue = (v: number | null | undefined): boolean => v != null && Number.isFinite(v);

/**
 * Per series (x first), the data index a legend at rest shows for x = `at`:
 * x's last index at or before `at` (its first when all are after); each
 * series' last value at or before that, else its first after it (a forecast
 * that starts later); null for a series with no value at all.
 */
export function restingIndices(data: readonly Column[], at: number): (number | null)[] {
  const x = data[0];
  if (!x || x.length === 0) return data.map(() => null);
  let here = 0;
  while (here + 1 < x.length && (x[here + 1] as number) <= at) here++;
  const out: (number | null)[] = [here];
  for (let s = 1; s < data.length; s++) {
    const column = data[s]!;
    let found: number | null = null;
    for (let i = Math.min(here, column.length - 1); i >= 0 && found === null; i--)
      if (hasValue(column[i])) found = i;
    for (let i = here + 1; i < column.length && found === null; i++)
      if (hasValue(column[i])) found = i;
    out.push(found);
  }
  return out;
}

/** Whether the cursor is over the plot (or synced from one that is): uPlot's values stand. */
function pointedAt(u: uPlot): boolean {
  return (u.cursor.left ?? -1) >= 0;
}

/**
 * uPlot hooks keeping a legend at rest on the values at `at(u)` (epoch s for
 * a time axis, else an x value); the newest x when `at` is absent or gives
 * null. Written through uPlot's own legend (each series' formatter), after
 * uPlot wrote its placeholders, without firing the hook again.
 */
export function restingLegendHooks(
  at?: (u: uPlot) => number | null,
): Required<Pick<uPlot.Hooks.Arrays, "setLegend">> {
  return {
    setLegend: [
      (u) => {
        const x = u.data[0];
        if (pointedAt(u) || !x || x.length === 0) return;
        const shown = at?.(u) ?? (x[x.length - 1] as number);
        u.setLegend({ idxs: restingIndices(u.data, shown) }, false);
      },
    ],
  };
}
