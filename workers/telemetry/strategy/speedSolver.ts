// The recommended constant speed: the one whose energy balance ends the day
// at the target state of charge. The end state of charge falls as the speed
// rises (the fitted power has no negative coefficient), so a bisection
// between the slowest sensible speed and the car's top finds it, or says
// plainly why none does.
import type { Recommendation } from "../../contract/strategy";
import { endSocWithoutStop, runScenario, type ScenarioInputs, type Timeline } from "./scenario";

export const MIN_SPEED_KMH = 20;

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
