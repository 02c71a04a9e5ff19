// The plan over a race of several days (issue 62): one constant speed per
// day, chosen so that the days together cover the most distance while the
// pack never falls to the battery protection's stop level before the event
// ends. The distance of a plan that never stops is Σ speed × driving time,
// so the walk below only has to say whether a plan keeps above the floor and
// where it leaves the pack each evening (the day's target).
//
// The search is a coordinate descent on a 1 km/h grid from the fastest
// speed every day can share: raise one day, or raise one day and lower
// another by as little as keeps the plan above the floor, while the
// distance grows; then finer steps. The pack's 100 % ceiling is what makes
// unequal days pay: a sunny day after a full pack wastes sun unless the day
// before emptied it further.
import { powerAt } from "./powerFit";
import { whPerPctAt, type ScenarioInputs as PackModel } from "./scenario";

/** What the car does in one step of the event (EventTimeline.doing). */
export const Doing = { Nothing: 0, Stand: 1, Drive: 2 } as const;

/** The rest of the event cut into steps (eventTimeline.ts builds it). */
export interface EventTimeline {
  /** Step end, epoch s; length, s; what the car does; the day it belongs to; the sun expected, W. */
  time: Float64Array;
  dt: Float64Array;
  doing: Uint8Array;
  day: Uint8Array;
  sunW: Float64Array;
  /** Per day: driving seconds left in it, and the index of its last driving step (−1: none). */
  drivingS: number[];
  lastDriveStep: number[];
}

export interface PlanWalk {
  /** The pack fell to the stop level (the car would stop) at this step's end, epoch s; null: never. */
  downAt: number | null;
  /** Per day: state of charge after its last driving step, %. */
  dayEndPct: number[];
  endPct: number;
}

/** The pack through the event at one speed per day (m/s), stopping at nothing: the plan's check. */
export function walkPlan(
  t: EventTimeline,
  pack: PackModel,
  speedsMps: readonly number[],
  /** Told each step's state of charge (the plan's curve). */
  seen?: (k: number, pct: number) => void,
  /** Stop at the first fall to the floor (the search only asks whether there is one). */
  quick = false,
): PlanWalk {
  const drive = speedsMps.map((v) => powerAt(pack.fit, v));
  const dayEndPct = t.drivingS.map(() => NaN);
  let pct = pack.socNowPct;
  let downAt: number | null = null;
  for (let k = 0; k < t.dt.length; k++) {
    const doing = t.doing[k]!;
    if (doing === Doing.Nothing) continue;
    const d = t.day[k]!;
    const load = doing === Doing.Drive ? drive[d]! : pack.standstillW;
    pct -= ((load - t.sunW[k]!) * t.dt[k]!) / 3600 / whPerPctAt(pack, pct);
    if (pct > 100) pct = 100; // a full pack takes no more sun
    if (pct <= pack.stopPct && downAt === null && doing === Doing.Drive) {
      downAt = t.time[k]!;
      if (quick) break;
    }
    if (k === t.lastDriveStep[d]) dayEndPct[d] = pct;
    seen?.(k, pct);
  }
  return { downAt, dayEndPct, endPct: pct };
}

export interface PlanSearch {
  speedsKmh: number[];
  walk: PlanWalk;
  /** Even the slowest speed every day runs the pack down. */
  runsDown: boolean;
  /** Walks the search took (its cost). */
  walks: number;
}

/**
 * The speeds (km/h, whole) that drive furthest and keep above the floor,
 * each within [minKmh, maxKmh]; `runsDown` when not even the slowest does.
 */
export function searchPlan(
  t: EventTimeline,
  pack: PackModel,
  bounds: { minKmh: number; maxKmh: number },
): PlanSearch {
  const days = t.drivingS.length;
  const { minKmh, maxKmh } = bounds;
  const walk = (v: readonly number[]) =>
    walkPlan(
      t,
      pack,
      v.map((x) => x / 3.6),
    );
  let walks = 0;
  const keeps = (v: readonly number[]) => {
    walks++;
    return (
      walkPlan(
        t,
        pack,
        v.map((x) => x / 3.6),
        undefined,
        true,
      ).downAt === null
    );
  };
  const slowest = Array<number>(days).fill(minKmh);
  if (!keeps(slowest)) return { speedsKmh: slowest, walk: walk(slowest), runsDown: true, walks };
  // The fastest speed all days can share: bisection on the grid.
  let lo = minKmh;
  let hi = maxKmh;
  if (keeps(Array<number>(days).fill(hi))) lo = hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (keeps(Array<number>(days).fill(mid))) lo = mid;
    else hi = mid;
  }
  const v = Array<number>(days).fill(lo);
  for (const step of [8, 4, 2, 1]) {
    for (let better = true; better;) {
      better = false;
      for (let i = 0; i < days; i++) {
        if (t.drivingS[i]! <= 0) continue;
        if (v[i]! + step <= maxKmh && keeps(with1(v, i, step))) {
          v[i]! += step;
          better = true;
          continue;
        }
        // Raise i and lower another day by the least that keeps the plan
        // above the floor: taken when the distance grows.
        for (let j = 0; j < days && !better; j++) {
          if (j === i || v[i]! + step > maxKmh) continue;
          for (let down = 1; down <= 3 * step && v[j]! - down >= minKmh; down++) {
            const gain = step * t.drivingS[i]! - down * t.drivingS[j]!;
            if (gain <= 0) break;
            const next = with1(with1(v, i, step), j, -down);
            if (keeps(next)) {
              v.splice(0, days, ...next);
              better = true;
              break;
            }
          }
        }
      }
    }
  }
  // The grid's last step is coarse (1 km/h for a day is several points of
  // charge): every day then takes the largest share of one more km/h that
  // still keeps above the floor, so the event ends at it.
  let extra = 0;
  for (let lo2 = 0, hi2 = 1, i = 0; i < 12; i++) {
    const mid = (lo2 + hi2) / 2;
    if (keeps(v.map((x) => Math.min(maxKmh, x + mid)))) extra = lo2 = mid;
    else hi2 = mid;
  }
  const speeds = v.map((x) => Math.min(maxKmh, x + extra));
  return { speedsKmh: speeds, walk: walk(speeds), runsDown: false, walks };
}

function with1(v: readonly number[], i: number, by: number): number[] {
  const next = v.slice();
  next[i]! += by;
  return next;
}
