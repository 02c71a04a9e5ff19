// The recommended constant speed: the one whose energy balance ends the day
// at the target state of charge. The end state of charge falls as the speed
// rises (the fitted power has no negative coefficient), so a bisection
// between the slowest sensible speed and the car's top finds it, or says
// plainly why none does.
import type { Recommendation } from "../../contract/strategy";
import { formatZonedTime } from "../../shared/dateTime";
import { endSocWithoutStop, runScenario, type ScenarioInputs, type Timeline } from "./scenario";

export const MIN_SPEED_KMH = 20;

export interface SpeedBounds {
  minKmh: number;
  maxKmh: number;
}

export function recommendSpeed(
  t: Timeline,
  inp: ScenarioInputs,
  targetPct: number,
  bounds: SpeedBounds,
  timeZone: string,
): Recommendation {
  const lo = bounds.minKmh / 3.6;
  const hi = bounds.maxKmh / 3.6;
  const endAt = (v: number) => endSocWithoutStop(t, inp, v);
  if (endAt(lo) < targetPct) {
    const slow = runScenario(t, inp, lo);
    return {
      ok: false,
      message:
        slow.emptyAt !== null
          ? `Even at ${bounds.minKmh} km/h the pack empties at ${formatZonedTime(slow.emptyAt, timeZone)}`
          : `Even at ${bounds.minKmh} km/h the day ends at ${slow.endSocPct.toFixed(0)} %, below the ${targetPct} % target`,
    };
  }
  if (endAt(hi) >= targetPct)
    return {
      ok: false,
      message: `Target reached at any speed up to ${bounds.maxKmh.toFixed(0)} km/h (the day ends at ${runScenario(t, inp, hi).endSocPct.toFixed(0)} % at ${bounds.maxKmh.toFixed(0)} km/h)`,
    };
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
