// The trail's colour range from the values it draws. The extremes are left
// out: a few seconds of hard acceleration or regen would otherwise stretch the
// range until the rest of the lap is one colour (pack current in the demo: 65 %
// of the trail in one colour with the full range, 22 % with this one). Values
// beyond the range take the end colours, which the legend marks with ≤ and ≥.

/** Share of the values left out at each end. */
const TAIL_SHARE = 0.1;
/** The range is rounded outward to a round step of about this share of it. */
const ROUNDING = 1 / 20;
/** Below this many values every one counts (percentiles of a handful mean little). */
const FEW = 50;

/** A round number (1, 2 or 5 × a power of ten) at least `raw`. */
function roundStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
}

/** The 10th–90th percentile of the finite values, rounded outward a little; null when none. */
export function colourRange(values: Float64Array): { min: number; max: number } | null {
  const finite = values.filter(Number.isFinite).sort();
  const n = finite.length;
  if (n === 0) return null;
  const cut = n < FEW ? 0 : Math.floor(n * TAIL_SHARE);
  const low = finite[cut]!;
  const high = finite[n - 1 - cut]!;
  const step = roundStep((high - low || Math.max(1, Math.abs(high))) * ROUNDING);
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  return { min, max: max > min ? max : min + step };
}

/**
 * Whether a new tail value may be drawn with a range made before it: inside
 * the range, or past it by less than half the range (drawn in the end colour).
 * Beyond that the trail is coloured again from all its values.
 */
export function fitsRange(value: number, min: number | null, max: number | null): boolean {
  if (!Number.isFinite(value)) return true;
  if (min === null || max === null) return false;
  const slack = (max - min) / 2;
  return value >= min - slack && value <= max + slack;
}
