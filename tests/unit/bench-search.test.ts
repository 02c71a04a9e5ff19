// The browser bench's search counts a rate as held only when the feed really
// sent it: the feed server stops at MAX_RATE, and a starved feed skips its
// backlog, so a probe "at 32,000/s" may have measured 10,000/s.
import { describe, expect, it } from "vitest";
import {
  ATTEMPTS,
  DELIVERED_SHARE,
  findMaxRate,
  holds,
  SEARCH_CAP,
} from "../../bench/browserSearch";
import type { RateResult } from "../../bench/browserRun";
import { MAX_RATE } from "../../feed-server/FeedServer";

const good = { fpsMedian: 59.9, longTasks: 0, keptUp: true, latencyP95Ms: 50 };

describe("bench max-rate search", () => {
  it("holds a rate only at the rate the feed really sent", () => {
    expect(holds({ ...good, rate: 8_000, sentPps: 7_990 }, true)).toBe(true);
    expect(holds({ ...good, rate: 32_000, sentPps: 10_000 }, true)).toBe(false);
    expect(holds({ ...good, rate: 4_000, sentPps: 4_000 * DELIVERED_SHARE - 1 }, false)).toBe(
      false,
    );
    expect(holds({ ...good, rate: 4_000, sentPps: Number.NaN }, false)).toBe(false);
  });

  it("keeps the other budgets: latency with plots only, long tasks, frame rate, keeping up", () => {
    const at = { ...good, rate: 2_000, sentPps: 2_000 };
    expect(holds({ ...at, latencyP95Ms: 150 }, true)).toBe(false);
    expect(holds({ ...at, latencyP95Ms: Number.NaN }, false)).toBe(true);
    expect(holds({ ...at, longTasks: 1 }, false)).toBe(false);
    expect(holds({ ...at, fpsMedian: 50 }, false)).toBe(false);
    expect(holds({ ...at, keptUp: false }, false)).toBe(false);
  });

  it("searches no higher than the feed's ceiling", async () => {
    expect(SEARCH_CAP).toBe(MAX_RATE);
    const asked: number[] = [];
    // A page that holds everything; the feed sends what it can.
    const probe = (rate: number) => {
      asked.push(rate);
      return Promise.resolve({ ...good, rate, sentPps: Math.min(rate, MAX_RATE) } as RateResult);
    };
    const result = await findMaxRate(probe);
    expect(Math.max(...asked)).toBe(MAX_RATE);
    expect(result).toMatchObject({ withPlots: MAX_RATE, withoutPlots: MAX_RATE, capped: true });
  });

  it("bisects to the highest rate that held, to 250 packets/s", async () => {
    const probe = (rate: number) =>
      Promise.resolve({ ...good, rate, sentPps: rate, keptUp: rate <= 3_300 } as RateResult);
    const result = await findMaxRate(probe);
    expect(result.withPlots).toBeGreaterThanOrEqual(3_000);
    expect(result.withPlots).toBeLessThanOrEqual(3_300);
    expect(result.capped).toBe(false);
  });

  it("tries a missed probe again before the rate counts as failed", async () => {
    expect(ATTEMPTS).toBe(2);
    // Every rate up to 6,000/s holds, but the first probe of each rate misses
    // once (a stall elsewhere): the search still finds the true limit.
    const tried = new Map<number, number>();
    const probe = (rate: number) => {
      const n = (tried.get(rate) ?? 0) + 1;
      tried.set(rate, n);
      return Promise.resolve({
        ...good,
        rate,
        sentPps: rate,
        longTasks: n === 1 ? 1 : 0,
        keptUp: rate <= 6_000,
      } as RateResult);
    };
    const result = await findMaxRate(probe);
    expect(result.withPlots).toBeGreaterThanOrEqual(5_750);
    expect(result.withPlots).toBeLessThanOrEqual(6_000);
    // A rate that misses twice fails: none is probed more than twice.
    expect(Math.max(...tried.values())).toBeLessThanOrEqual(ATTEMPTS * 2); // both modes
  });
});
