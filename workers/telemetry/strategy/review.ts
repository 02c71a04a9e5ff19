// After the day, its forecasts held against what happened (issue 35: "after
// the day the forecast can be held against what happened"). From the
// records alone, so it works live, in a replay and after a reload: the
// day's end is the state of charge the last minute recorded before the end
// of the day, and each whole hour before the end is represented by the
// forecast recorded nearest to it.
import type { StrategyRecord, StrategyReview } from "../../contract/strategy";

/** The last record must be this close to the end of the day for the day to count as finished, s. */
const END_SEEN_S = 3 * 60;
/** A forecast stands for an hour before the end when made this close to it, s. */
const NEAR_HOUR_S = 90;
/** Records whose end of the day differs by less than this are of one day (raceInfo's end moves a little), s. */
const SAME_DAY_S = 15 * 60;
const MAX_HOURS = 12;

export function reviewDay(records: readonly StrategyRecord[]): StrategyReview | null {
  const last = records.at(-1);
  if (!last || last.endAt - last.at > END_SEEN_S || last.at > last.endAt) return null;
  const day = records.filter((r) => Math.abs(r.endAt - last.endAt) < SAME_DAY_S);
  const forecasts: StrategyReview["forecasts"] = [];
  for (let hours = 1; hours <= MAX_HOURS; hours++) {
    const wanted = last.endAt - hours * 3600;
    let best: StrategyRecord | null = null;
    for (const r of day)
      if (
        Math.abs(r.at - wanted) <= NEAR_HOUR_S &&
        (!best || Math.abs(r.at - wanted) < Math.abs(best.at - wanted))
      )
        best = r;
    if (best)
      forecasts.push({
        hoursBefore: hours,
        at: best.at,
        forecastPct: best.endSocPct,
        errorPts: best.endSocPct - last.socNowPct,
      });
  }
  return {
    endAt: last.endAt,
    actualEndSocPct: last.socNowPct,
    endSeenAt: last.at,
    ...(last.timeZone ? { timeZone: last.timeZone } : {}),
    forecasts,
  };
}
