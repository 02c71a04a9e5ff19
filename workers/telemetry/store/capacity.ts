// How many packets each history holds. The live history keeps a whole race
// day at the car's rate in memory (issue 33): 9.6 h at 10 packets/s is
// 345,600 rows, about 272 MB at 788 bytes a row (700 packed, 8 for each of the 8 starter
// math channels, 8 for each of the 3 lap energy totals). At a higher rate the same
// rows cover less time, and the settings say how much (src/ui/format).
// Replays and imports hold what they load, never the live capacity: two
// replay stores exist while a load fills, and each would otherwise cost as
// much as the live day.
import { CAR_RATE_HZ } from "../../shared/carRate";

/** Hours of the car's packets the live history keeps by default. */
const DAY_HOURS = 9.6;
/** Default live capacity: DAY_HOURS at CAR_RATE_HZ (345,600 rows). */
export const LIVE_DAY_CAPACITY = Math.round(DAY_HOURS * 3600 * CAR_RATE_HZ);

/**
 * Rows a replay store gets for `rows` to load: exactly those (at least one,
 * so an empty replay allocates nothing to speak of), never more than `limit`
 * (the live capacity: a replay never holds more than live does).
 */
export function replayCapacity(rows: number, limit: number): number {
  const wanted = Number.isFinite(rows) && rows >= 1 ? Math.ceil(rows) : 1;
  return Math.max(1, Math.min(wanted, Math.floor(limit)));
}

/**
 * A backend range's size is not known before it streams in: plan for the car
 * at twice its rate over the range (a jittery clock, a burst), within the limit.
 */
export function backendRangeRows(fromS: number, toS: number, limit: number): number {
  const seconds = Math.max(0, toS - fromS);
  return replayCapacity(seconds * CAR_RATE_HZ * 2 + 16, limit);
}
