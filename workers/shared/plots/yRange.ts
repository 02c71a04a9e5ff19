// A y range uPlot can draw. Its automatic range pads the data's min and max by
// 10 %; with extreme (valid) values such as an odometer of ±1e308 the padded
// ends or their span overflow to Infinity and the whole plot goes blank. A
// range whose span stays finite with headroom is kept as uPlot made it;
// otherwise the ends are clamped so one extreme value squashes the plot but
// never blanks it (values beyond the clamp are drawn off the edge).
import uPlot from "uplot";

const LIMIT = Number.MAX_VALUE / 4;

type YRange = [number | null, number | null];

/** Whether uPlot can scale and tick this range without overflowing. */
export function isDrawableRange([lo, hi]: YRange): boolean {
  if (lo === null || hi === null) return true; // no data: uPlot shows an empty plot
  return Number.isFinite(lo) && Number.isFinite(hi) && Math.abs(hi - lo) <= 2 * LIMIT;
}

/** A finite range around [min, max] with a finite span (for when padding overflowed). */
export function clampedRange(min: number, max: number): [number, number] {
  const clamp = (v: number) => (Number.isNaN(v) ? 0 : Math.max(-LIMIT, Math.min(LIMIT, v)));
  const lo = clamp(min);
  const hi = clamp(max);
  if (lo < hi) return [lo, hi];
  const half = Math.abs(lo) / 2 + 1;
  return [lo - half, lo + half];
}

/** uPlot's own range when drawable, else the clamped one. */
export function drawableRange(
  min: number | null,
  max: number | null,
  autoRange: (min: number, max: number) => YRange,
): YRange {
  if (min === null || max === null) return [min, max];
  const auto = autoRange(min, max);
  return isDrawableRange(auto) ? auto : clampedRange(min, max);
}

/**
 * Share of a y axis the data must fill for a live axis to keep its range: the
 * axes hold still while the data stays inside and fills at least this much,
 * instead of re-fitting (and redrawing) as every point enters or leaves the
 * window. Readable numbers that do not jump; far fewer redraws.
 */
const KEEP_FILL = 0.5;

/**
 * `current` while the data [min, max] lies inside it and fills KEEP_FILL of
 * it; `roomy` (the data with more headroom, so a trend does not leave it
 * again at once) when the data left it; `fresh` (a snug fit) otherwise.
 */
export function stickyRange(
  current: YRange,
  min: number | null,
  max: number | null,
  fresh: YRange,
  roomy: YRange = fresh,
): YRange {
  const [lo, hi] = current;
  if (lo === null || hi === null || min === null || max === null || !(hi > lo)) return fresh;
  if (min < lo || max > hi) return roomy;
  return max - min >= KEEP_FILL * (hi - lo) ? current : fresh;
}

/** uPlot's automatic range for [min, max] with `pad` of headroom, made drawable. */
function padded(min: number, max: number, pad: number): YRange {
  return drawableRange(min, max, (lo, hi) => uPlot.rangeNum(lo, hi, pad, true));
}

/**
 * A live y axis's range for the data [min, max] (finite, or null: no data),
 * given the range it shows: kept while the data fits it (stickyRange), else
 * a snug fit (10 % headroom) or, when the data left it, a roomy one (25 %).
 * The one y-range policy, applied by whichever thread owns the picture
 * (ownership.ts): uPlot's range function on the main thread, LivePlots in
 * the render worker.
 */
export function liveYRange(current: YRange, min: number | null, max: number | null): YRange {
  // The common case, without building candidates.
  if (keepsLiveRange(current[0], current[1], min, max)) return current;
  if (min === null || max === null) return [min, max];
  return stickyRange(current, min, max, padded(min, max, 0.1), padded(min, max, 0.25));
}

/** Whether a live range [lo, hi] stays for the data [min, max]: inside it and filling KEEP_FILL of it. */
export function keepsLiveRange(
  lo: number | null,
  hi: number | null,
  min: number | null,
  max: number | null,
): boolean {
  if (lo === null || hi === null || min === null || max === null || !(hi > lo)) return false;
  return min >= lo && max <= hi && max - min >= KEEP_FILL * (hi - lo);
}
