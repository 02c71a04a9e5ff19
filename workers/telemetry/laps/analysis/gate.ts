// Crossing a line across the track, found in a GPS track: the finish line of
// a source without lap events, and every sector line. A gate is a point on
// the track with a radius; its line runs through the point perpendicular to
// the car's motion there, so a gate needs no direction of its own and a user
// sets one with a single click on the map. The car crosses it when the foot
// of the perpendicular from the point falls inside a step between two fixes
// that passes within the radius.
import { EARTH_RADIUS_M as EARTH_M } from "../../../shared/earth";
import { hasFix } from "../../../shared/gpsFix";
import { GLITCH_KM } from "../../geo/geo";

interface Gate {
  lat: number;
  long: number;
  /** How far from the point a step still crosses, m (a track is a few metres wide; GPS adds error). */
  radiusM: number;
}

/** The default radius: a wide track plus GPS error, short of the next stretch of track. */
export const GATE_RADIUS_M = 25;
/**
 * Crossings closer together than this are one (a car standing on the line
 * with its GPS wandering would otherwise cross it back and forth).
 */
const MIN_CROSSING_GAP_S = 20;

const RAD = Math.PI / 180;
/** Steps shorter than this (m) say nothing about the direction of motion (jitter at standstill). */
const MIN_STEP_M = 0.3;

/** Metres per degree of longitude and of latitude around a gate (a local flat projection). */
function scales(gate: Gate): { kx: number; ky: number } {
  return { kx: Math.cos(gate.lat * RAD) * EARTH_M * RAD, ky: EARTH_M * RAD };
}

/**
 * Where along the step a→b the car crossed the gate, 0 ≤ t < 1, or null.
 * Positions in degrees; a local flat projection around the gate is exact
 * enough over the tens of metres that matter.
 */
export function crossingFraction(
  gate: Gate,
  aLat: number,
  aLong: number,
  bLat: number,
  bLong: number,
  k = scales(gate),
): number | null {
  const ax = (aLong - gate.long) * k.kx;
  const ay = (aLat - gate.lat) * k.ky;
  const bx = (bLong - gate.long) * k.kx;
  const by = (bLat - gate.lat) * k.ky;
  // Both ends beyond the radius on the same side: the step cannot pass
  // within it (most steps of a lap; this keeps a lap table of 100 laps cheap).
  const r = gate.radiusM;
  if ((ax > r && bx > r) || (ax < -r && bx < -r) || (ay > r && by > r) || (ay < -r && by < -r))
    return null;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  if (!(len2 >= MIN_STEP_M * MIN_STEP_M) || len2 > (GLITCH_KM * 1000) ** 2) return null;
  // The foot of the perpendicular from the gate (the origin) onto the step.
  const t = -(ax * dx + ay * dy) / len2;
  if (!(t >= 0 && t < 1)) return null;
  const fx = ax + t * dx;
  const fy = ay + t * dy;
  return fx * fx + fy * fy <= r * r ? t : null;
}

/**
 * Every time (epoch s, interpolated between the two fixes) the track
 * crosses the gate, oldest first. Rows without a fix (shared/gpsFix.ts) are none; a step
 * across one is not a step. Crossings within MIN_CROSSING_GAP_S of the
 * previous one are dropped.
 */
export function findCrossings(
  time: ArrayLike<number>,
  lat: ArrayLike<number>,
  long: ArrayLike<number>,
  gate: Gate,
  minGapS = MIN_CROSSING_GAP_S,
): number[] {
  const out: number[] = [];
  const k = scales(gate);
  let prev = -1;
  for (let i = 0; i < time.length; i++) {
    if (!hasFix(lat[i]!, long[i]!)) {
      prev = -1;
      continue;
    }
    if (prev >= 0) {
      const t = crossingFraction(gate, lat[prev]!, long[prev]!, lat[i]!, long[i]!, k);
      if (t !== null) {
        const at = time[prev]! + t * (time[i]! - time[prev]!);
        if (out.length === 0 || at - out[out.length - 1]! >= minGapS) out.push(at);
      }
    }
    prev = i;
  }
  return out;
}

/** How far (m) the nearest fix of a track comes to a point; Infinity without fixes. */
export function nearestApproachM(
  lat: ArrayLike<number>,
  long: ArrayLike<number>,
  pointLat: number,
  pointLong: number,
): number {
  const kx = Math.cos(pointLat * RAD) * EARTH_M * RAD;
  const ky = EARTH_M * RAD;
  let best = Infinity;
  for (let i = 0; i < lat.length; i++) {
    if (!hasFix(lat[i]!, long[i]!)) continue;
    const x = (long[i]! - pointLong) * kx;
    const y = (lat[i]! - pointLat) * ky;
    best = Math.min(best, x * x + y * y);
  }
  return Math.sqrt(best);
}
