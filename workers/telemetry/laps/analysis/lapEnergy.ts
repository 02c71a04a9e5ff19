// A lap's or a sector's energy and distance: the difference of the energy
// stage's running totals (energyStage.ts) at its two edges, each found by
// binary search on packet time and interpolated between the two rows around
// it. O(log n) per lap, whatever the history's length.
import type { LapEnergy } from "../../../contract/lapAnalysis";
import type { ColumnRing } from "../../history/ColumnRing";
import { lowerBound } from "../../history/downsample";
import { ARRAY_IN_TOTAL, PACK_OUT_TOTAL, TRACK_DISTANCE_TOTAL } from "./energyStage";

/** Below this distance (m) a Wh/km figure says nothing. */
const MIN_WH_PER_KM_DISTANCE_M = 10;

/** Where the history keeps a running total (its layout has the energy stage's columns). */
const field = (ring: ColumnRing, path: string): number => {
  const slot = ring.names.storedFieldSlot(path);
  if (slot?.kind !== "number") throw new Error(`lap energy: ${path} is not stored`);
  return slot.index;
};

/** A running total at time t, interpolated between the rows around t; NaN outside the rows. */
function totalAt(ring: ColumnRing, column: number, t: number): number {
  const n = ring.length;
  if (n === 0) return NaN;
  const i = lowerBound(n, (k) => ring.time(k), t);
  const value = (k: number) => ring.numberAtSlot(ring.physical(k), column);
  if (i >= n) return t - ring.time(n - 1) <= 1e-9 ? value(n - 1) : NaN;
  const ti = ring.time(i);
  if (ti === t || i === 0) return ti - t <= 1e-9 ? value(i) : NaN;
  const t0 = ring.time(i - 1);
  const v0 = value(i - 1);
  const v1 = value(i);
  return v0 + ((v1 - v0) * (t - t0)) / (ti - t0);
}

/**
 * Energy and distance from `from` to `to` (packet times, epoch s). An edge
 * outside the rows is taken at the nearest row (a lap running past the
 * history's edge: it is flagged partial anyway). Null without rows.
 */
export function energyBetween(ring: ColumnRing, from: number, to: number): LapEnergy | null {
  const n = ring.length;
  if (n === 0 || !(to > from)) return null;
  const first = ring.time(0);
  const last = ring.time(n - 1);
  const a = Math.min(Math.max(from, first), last);
  const b = Math.min(Math.max(to, first), last);
  const between = (path: string) => {
    const column = field(ring, path);
    return totalAt(ring, column, b) - totalAt(ring, column, a);
  };
  const packOutWh = between(PACK_OUT_TOTAL);
  const arrayInWh = between(ARRAY_IN_TOTAL);
  const distanceM = between(TRACK_DISTANCE_TOTAL);
  if (![packOutWh, arrayInWh, distanceM].every(Number.isFinite)) return null;
  const netWh = packOutWh + arrayInWh;
  return {
    packOutWh,
    arrayInWh,
    netWh,
    whPerKm: distanceM >= MIN_WH_PER_KM_DISTANCE_M ? netWh / (distanceM / 1000) : null,
    distanceKm: distanceM / 1000,
    averageSpeedKmh: (distanceM / 1000 / (to - from)) * 3600,
  };
}
