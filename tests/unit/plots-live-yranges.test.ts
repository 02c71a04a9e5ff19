// The y ranges of a live plot in the render worker's hands: the worker owns
// them, and follows the data by the same rule uPlot's axes follow on the
// main thread (liveYRange).
import uPlot from "uplot";
import { describe, expect, it } from "vitest";
import { nextYRanges, refitSlot, SNUG_REFIT_MS } from "../../workers/render/liveYRanges";

const roomy = (min: number, max: number) => {
  const [a, b] = uPlot.rangeNum(min, max, 0.25, true);
  return { min: a, max: b };
};
const snug = (min: number, max: number) => {
  const [a, b] = uPlot.rangeNum(min, max, 0.1, true);
  return { min: a, max: b };
};

describe("a live plot's y ranges chosen by the render worker", () => {
  const current = [null, { min: 0, max: 20 }];
  const scales = [null, "V"];

  it("keeps the ranges (the same array) while the data stays inside and fills half of them", () => {
    expect(nextYRanges(current, [8, 19], scales, true)).toBe(current);
    expect(nextYRanges(current, [5, 15], scales, false)).toBe(current);
  });

  it("follows data that left its range at once, with headroom, even between slots", () => {
    expect(nextYRanges(current, [8, 26], scales, false)).toEqual([null, roomy(8, 26)]);
  });

  it("takes a snugger fit only when a new slot allows it", () => {
    expect(nextYRanges(current, [11, 14], scales, false)).toBe(current);
    expect(nextYRanges(current, [11, 14], scales, true)).toEqual([null, snug(11, 14)]);
    expect(refitSlot(SNUG_REFIT_MS - 1)).not.toBe(refitSlot(SNUG_REFIT_MS));
  });

  it("gives columns of one scale one range over both, and leaves fixed (boolean) scales and columns without data alone", () => {
    const three = [null, { min: 0, max: 20 }, { min: 0, max: 20 }, { min: -0.1, max: 1.1 }];
    const next = nextYRanges(three, [2, 30, 1, 5, 0, 1], [null, "V", "V", null], false);
    expect(next[1]).toEqual(roomy(1, 30));
    expect(next[2]).toEqual(next[1]);
    expect(next[3]).toBe(three[3]);
    expect(nextYRanges(current, [NaN, NaN], scales, true)).toBe(current);
  });
});
