// The y ranges of a live plot the render worker holds: it owns them
// (workers/shared/plots/ownership.ts). Each scale follows its columns' data
// by the one live policy (liveYRange). Data that left its range is followed
// at once; a snugger fit waits for the next SNUG_REFIT_MS slot of the clock,
// so the axes change at most about twice a second while the data fills in.
import type { ValueRange } from "../contract/renderProtocol";
import { extentsLeave } from "../shared/plots/liveWindow";
import { keepsLiveRange, liveYRange } from "../shared/plots/yRange";

/** Shortest time between two snugger fits of a plot's y axes. */
export const SNUG_REFIT_MS = 500;

/** Which SNUG_REFIT_MS slot of the clock `now` (ms) falls in. */
export function refitSlot(now: number): number {
  return Math.floor(now / SNUG_REFIT_MS);
}

/**
 * The y ranges (per column from 1, as SeriesPicture.y) for data with these
 * extents (flat [min, max, …] from column 1; NaN: none), or `current`
 * itself when they stay. `scales`: each column's scale key (null: a fixed
 * range). `snug`: whether a snugger fit may be taken now; data that left its
 * range is followed whatever it says.
 */
export function nextYRanges(
  current: (ValueRange | null)[],
  extents: number[],
  scales: (string | null)[],
  snug: boolean,
): (ValueRange | null)[] {
  if (!snug && !extentsLeave(extents, current.length, (c) => current[c])) return current;
  let next: (ValueRange | null)[] | null = null;
  for (let c = 1; c < current.length; c++) {
    const key = scales[c];
    if (key === null || key === undefined) continue;
    // The scale's extent: over every column it draws.
    let min = Infinity;
    let max = -Infinity;
    for (let d = 1; d < current.length; d++) {
      if (scales[d] !== key) continue;
      const lo = extents[2 * (d - 1)]!;
      const hi = extents[2 * (d - 1) + 1]!;
      if (lo < min) min = lo; // NaN compares false: no data
      if (hi > max) max = hi;
    }
    const range = current[c] ?? null;
    const lo = range?.min ?? null;
    const hi = range?.max ?? null;
    const has = min <= max;
    if (keepsLiveRange(lo, hi, has ? min : null, has ? max : null)) continue;
    const [a, b] = liveYRange([lo, hi], has ? min : null, has ? max : null);
    if (a === null || b === null || (a === lo && b === hi)) continue; // no data: keep
    next ??= current.slice();
    next[c] = { min: a, max: b };
  }
  return next ?? current;
}
