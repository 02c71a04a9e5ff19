// Integrating a sampled value over packet time, the one way every running
// total here does it (the lap energy totals, the strategy's minute windows,
// range statistics, integ()): trapezoids between consecutive samples, the
// straight line the plots draw, and a step longer than MAX_STEP_SECONDS is a
// gap where nothing is known. Ground floor: it imports nothing, so any
// feature may use it without an import cycle.

/**
 * A step between two samples longer than this (seconds) is a gap: the link
 * was down, not the car, and no integral bridges it.
 */
export const MAX_STEP_SECONDS = 10;

/** Whether a step of `dt` seconds between two samples is integrated: forward and not a gap. */
export const bridges = (dt: number): boolean => dt > 0 && dt <= MAX_STEP_SECONDS;

/**
 * The trapezoid between two samples `dt` seconds apart, in value·hours (W →
 * Wh, A → Ah); 0 when either sample is missing (NaN) or the step is not
 * bridged.
 */
export function trapezoidH(prev: number, value: number, dt: number): number {
  if (prev !== prev || value !== value || !bridges(dt)) return 0;
  return ((prev + value) / 2) * (dt / 3600);
}
