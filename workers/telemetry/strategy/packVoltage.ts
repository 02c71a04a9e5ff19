// How the pack's voltage falls as it empties, fitted from today's minutes.
// The state of charge counts charge (Ah), while the car spends energy (Wh):
// as the voltage falls, each Wh takes more charge, so a forecast at today's
// voltage ends the day too high by a point or two on a long discharge. Each
// minute's mean voltage is fitted as V = v₀ + slope·SoC − R·I (least squares;
// the current's term keeps the sag under load out of the slope).

import { normalEquations, solve } from "./linearSolve";
import type { MinuteWindows } from "./minuteWindows";

/** A window counts when this much of its minute was integrated, s. */
const MIN_COVERED_S = 45;
const MIN_WINDOWS = 30;
/** Less charge moved than this says nothing about the slope, points. */
const MIN_SOC_RANGE_PCT = 5;
/** A slope steeper than this share of the voltage per point is not a pack's (a bad fit). */
const MAX_RELATIVE_SLOPE = 0.02;

interface PackVoltageFit {
  /** Volts the pack loses per point of state of charge. */
  voltsPerPct: number;
  windows: number;
}

export function fitPackVoltage(w: MinuteWindows, slots: readonly number[]): PackVoltageFit | null {
  const soc: number[] = [];
  const amps: number[] = [];
  const volts: number[] = [];
  for (const slot of slots) {
    const covered = w.coveredS[slot]!;
    const first = w.socFirst[slot]!;
    const last = w.socLast[slot]!;
    if (covered < MIN_COVERED_S || !Number.isFinite(first) || !Number.isFinite(last)) continue;
    soc.push((first + last) / 2);
    amps.push((w.packAh[slot]! * 3600) / covered);
    volts.push(w.packVs[slot]! / covered);
  }
  if (soc.length < MIN_WINDOWS) return null;
  if (Math.max(...soc) - Math.min(...soc) < MIN_SOC_RANGE_PCT) return null;
  // V = v₀ + slope·SoC + k·I (k = −R: fitted only to keep the sag under
  // load out of the slope).
  const { xtx, xty } = normalEquations(
    soc.map((s, i) => [1, s, amps[i]!]),
    volts,
  );
  const solved = solve(xtx, xty);
  if (!solved) return null;
  const slope = solved[1]!;
  const meanV = volts.reduce((a, b) => a + b, 0) / volts.length;
  if (!(slope >= 0) || slope > MAX_RELATIVE_SLOPE * meanV) return null;
  return { voltsPerPct: slope, windows: soc.length };
}
