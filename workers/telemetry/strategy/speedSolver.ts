// The recommended constant speed: the one whose energy balance ends the day
// at the target state of charge. The end state of charge falls as the speed
// rises (the fitted power has no negative coefficient), so a bisection
// between the slowest sensible speed and the car's top finds it, or says
// plainly why none does.
import type { Recommendation, StrategyScenario } from "../../contract/strategy";
import { endSocWithoutStop, runScenario, type ScenarioInputs, type Timeline } from "./scenario";

export const MIN_SPEED_KMH = 20;
/** A target this close to the stop level means the day is to end there (a race's last day). */
const LAST_DAY_PTS = 1;

interface SpeedBounds {
  minKmh: number;
  maxKmh: number;
}

export function recommendSpeed(
  t: Timeline,
  inp: ScenarioInputs,
  targetPct: number,
  bounds: SpeedBounds,
): Recommendation {
  const lo = bounds.minKmh / 3.6;
  const hi = bounds.maxKmh / 3.6;
  const endAt = (v: number) => endSocWithoutStop(t, inp, v);
  if (endAt(lo) < targetPct) {
    const slow = runScenario(t, inp, lo);
    if (slow.emptyAt !== null && targetPct <= inp.stopPct + LAST_DAY_PTS)
      return { ok: true, ...furthestWithStops(t, inp, bounds) };
    return {
      ok: false,
      why: slow.emptyAt !== null ? "empties" : "below",
      speedKmh: bounds.minKmh,
      endSocPct: slow.endSocPct,
      emptyAt: slow.emptyAt,
    };
  }
  if (endAt(hi) >= targetPct) {
    const fast = runScenario(t, inp, hi);
    return {
      ok: false,
      why: "any",
      speedKmh: bounds.maxKmh,
      endSocPct: fast.endSocPct,
      emptyAt: fast.emptyAt,
    };
  }
  let a = lo;
  let b = hi;
  for (let i = 0; i < 40 && b - a > 1e-4; i++) {
    const mid = (a + b) / 2;
    if (endAt(mid) >= targetPct) a = mid;
    else b = mid;
  }
  let speed = a;
  let scenario = runScenario(t, inp, speed);
  // Ending at the target can still mean running empty on the way (a deficit
  // now that the afternoon sun would repay): slow down until it does not.
  if (scenario.emptyAt !== null) {
    let x = lo;
    let y = speed;
    for (let i = 0; i < 30 && y - x > 1e-3; i++) {
      const mid = (x + y) / 2;
      if (runScenario(t, inp, mid).emptyAt === null) x = mid;
      else y = mid;
    }
    speed = x;
    scenario = runScenario(t, inp, speed);
  }
  return { ok: true, ...scenario };
}

/**
 * A day meant to end at the protection's stop level (a race's last day) on
 * which even the slowest speed runs the pack down: the car will stand to
 * charge whatever it does, and charge left at the end is wasted. The speed
 * to hold is then the one that goes furthest with the stops counted
 * (runScenario drives them: down at the stop level, on again at the resume
 * level), in the sky expected and in one a σ dimmer: the worse of the two
 * decides. Crawling at the slowest speed into the stop late in the day left
 * the car standing at the end with up to the resume level's charge unused
 * (bench:strategy, a heavy car on a dim last day); a faster speed reaches
 * the stop sooner, charges back sooner and drives that charge too. Judged
 * in the expected sky alone, a faster speed stopped the car where a dimmer
 * afternoon than expected never gave it back its resume level.
 *
 * One dimmer sky still left that chance: a car stopped at 15:20 whose
 * afternoon came dimmer than the σ-dim one stood at 17:00 with most of the
 * band between the stop and the resume level unused. So a speed counts only
 * if, in each sky down to 2 σ dimmer, the car ends the day within half that
 * band of the stop level: it either drives its charge back or stops late
 * enough that little comes in after. When no speed does, the furthest does.
 */
function furthestWithStops(
  t: Timeline,
  inp: ScenarioInputs,
  bounds: SpeedBounds,
): StrategyScenario {
  const dimmer = (sigmas: number): Timeline => ({
    ...t,
    solarW: t.solarW.map((w, k) => Math.max(0, w - sigmas * t.solarSigmaW[k]!)),
  });
  const dim = dimmer(1);
  const dimmest = dimmer(2);
  const strandedPct = (inp.resumePct - inp.stopPct) / 2;
  const judge = (kmh: number) => {
    const expected = runScenario(t, inp, kmh / 3.6);
    const dimmed = runScenario(dim, inp, kmh / 3.6);
    return { kmh, expected, dimmed, km: Math.min(expected.distanceKm, dimmed.distanceKm) };
  };
  // (The sky 2 σ dimmer is run only for a speed that would be chosen: a plan update stays quick.)
  const endsNearStop = (s: StrategyScenario) => s.endSocPct - inp.stopPct <= strandedPct;
  const drivesItsCharge = (j: ReturnType<typeof judge>) =>
    endsNearStop(j.expected) &&
    endsNearStop(j.dimmed) &&
    endsNearStop(runScenario(dimmest, inp, j.kmh / 3.6));
  let bestOfAll = judge(bounds.minKmh);
  let best = drivesItsCharge(bestOfAll) ? bestOfAll : null;
  for (let kmh = Math.floor(bounds.minKmh) + 1; kmh <= bounds.maxKmh; kmh++) {
    const here = judge(kmh);
    // Among speeds within 50 m of each other, the slower: the same way, gentler on the pack.
    if (here.km > bestOfAll.km + 0.05) bestOfAll = here;
    if ((best === null || here.km > best.km + 0.05) && drivesItsCharge(here)) best = here;
  }
  return (best ?? bestOfAll).expected;
}
