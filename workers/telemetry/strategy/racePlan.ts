// The plan over a race of several days (issue 62): one constant speed per
// day, chosen so that the days together cover the most distance while the
// pack never falls to the battery protection's stop level before the event
// ends. The distance of a plan that never stops is Σ speed × driving time,
// so the walk below only has to say whether a plan keeps above the floor and
// where it leaves the pack each evening (the day's target).
//
// The search is a coordinate descent (searchPlan) from the fastest speed
// every day can share. With the car's power convex in speed, an even split
// is best while the pack neither fills nor empties on the way: the 100 %
// ceiling is what makes unequal days pay (a sunny day after a full pack
// wastes sun unless the day before emptied it further), and the floor on a
// dim day in between.
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
 * The speeds (km/h) that drive furthest and keep above the floor, each
 * within [minKmh, maxKmh]; `runsDown` when not even the slowest does.
 *
 * A plan is judged with its slack spent: every day's speed moved together
 * by the most that still keeps above the floor (a bisection). A move of one
 * day's speed then pays when the whole plan goes further, so a move that
 * saves energy on one day counts for what the others can do with it. (A
 * search that took only moves gaining distance by themselves stuck on
 * uneven days that an even split beat by 1 %.)
 */
export function searchPlan(
  t: EventTimeline,
  pack: PackModel,
  bounds: { minKmh: number; maxKmh: number },
): PlanSearch {
  const days = t.drivingS.length;
  const { minKmh, maxKmh } = bounds;
  let walks = 0;
  const keeps = (v: readonly number[]) => {
    walks++;
    const mps = v.map((x) => x / 3.6);
    return walkPlan(t, pack, mps, undefined, true).downAt === null;
  };
  const clamp = (v: readonly number[], by: number) =>
    v.map((x) => Math.min(maxKmh, Math.max(minKmh, x + by)));
  const distance = (v: readonly number[]) => v.reduce((s, x, d) => s + x * t.drivingS[d]!, 0);
  const span = maxKmh - minKmh;
  /** `v` moved together by the most that keeps above the floor; null when none does. */
  const spent = (v: readonly number[]): number[] | null => {
    if (!keeps(clamp(v, -span))) return null;
    let lo = -span;
    let hi = span;
    if (keeps(clamp(v, hi))) return clamp(v, hi);
    while (hi - lo > 0.02) {
      const mid = (lo + hi) / 2;
      if (keeps(clamp(v, mid))) lo = mid;
      else hi = mid;
    }
    return clamp(v, lo);
  };
  const walk = (v: readonly number[]) =>
    walkPlan(
      t,
      pack,
      v.map((x) => x / 3.6),
    );
  let v = spent(Array<number>(days).fill(minKmh));
  if (!v) {
    const slowest = Array<number>(days).fill(minKmh);
    return { speedsKmh: slowest, walk: walk(slowest), runsDown: true, walks };
  }
  let best = distance(v);
  for (const step of [8, 4, 2, 1, 0.5]) {
    for (let better = true; better;) {
      better = false;
      for (let i = 0; i < days; i++) {
        if (t.drivingS[i]! <= 0) continue;
        for (const by of [step, -step]) {
          const next = spent(with1(v, i, by));
          // A hair's gain is the bisection's noise, not a better plan.
          if (next && distance(next) > best * 1.0005) {
            v = next;
            best = distance(next);
            better = true;
          }
        }
      }
    }
  }
  return { speedsKmh: v, walk: walk(v), runsDown: false, walks };
}

function with1(v: readonly number[], i: number, by: number): number[] {
  const next = v.slice();
  next[i]! += by;
  return next;
}
