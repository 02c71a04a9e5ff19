// --parse-rate: the bench picks the busy loops' nice gap whose page parses
// nearest the rate asked for, measuring each gap at most once.
import { describe, expect, it } from "vitest";
import { gapForParseRate, MAX_NICE_GAP, type ParseProbe } from "../../bench/parseRateTarget";
import { shareAtNice } from "../../bench/slowMachine";

/** A machine parsing `unhindered`/s alone, slowed as its share of a core falls (gap 0: no loops). */
const machine = (unhindered: number) => (gap: number) =>
  Promise.resolve(gap === 0 ? unhindered : unhindered * 2 * shareAtNice(gap));

/** The gap a search of every gap would choose. */
function bruteForce(unhindered: number, target: number): number | null {
  let best = 0;
  for (let gap = 1; gap <= MAX_NICE_GAP; gap++) {
    const rate = (g: number) => (g === 0 ? unhindered : unhindered * 2 * shareAtNice(g));
    if (Math.abs(Math.log(rate(gap) / target)) < Math.abs(Math.log(rate(best) / target)))
      best = gap;
  }
  return best === 0 ? null : best;
}

describe("bench --parse-rate", () => {
  it("finds the gap whose rate is nearest the target, as a search of every gap would", async () => {
    for (const unhindered of [40_000, 65_000, 89_000])
      for (const target of [10_000, 18_600, 25_000, 36_000]) {
        const probes: ParseProbe[] = [];
        const gap = await gapForParseRate(target, machine(unhindered), probes);
        expect(gap, `${unhindered} → ${target}`).toBe(bruteForce(unhindered, target));
        // A bisection of 19 gaps: a handful of measurements, none repeated.
        expect(probes.length).toBeLessThanOrEqual(8);
        expect(new Set(probes.map((p) => p.niceGap)).size).toBe(probes.length);
      }
  });

  it("slows nothing when the machine is already as slow as asked", async () => {
    const probes: ParseProbe[] = [];
    expect(await gapForParseRate(30_000, machine(28_000), probes)).toBeNull();
    expect(probes).toEqual([{ niceGap: 0, pps: 28_000 }]);
  });

  it("goes no further than the largest gap for a target below it", async () => {
    expect(await gapForParseRate(100, machine(89_000))).toBe(MAX_NICE_GAP);
  });

  it("refuses a rate that is not a positive number, saying which", async () => {
    await expect(gapForParseRate(0, machine(89_000))).rejects.toThrow(
      "--parse-rate must be a positive number of packets a second (got 0)",
    );
    await expect(gapForParseRate(Number("x"), machine(89_000))).rejects.toThrow("(got NaN)");
  });
});
