import { describe, expect, it } from "vitest";
import {
  clampedRange,
  drawableRange,
  isDrawableRange,
  stickyRange,
} from "../../workers/shared/plots/yRange";

// uPlot's automatic range as it behaves (10 % padding; a flat series spans 0
// to twice its value; measured with uPlot.rangeNum): enough to reproduce the
// overflow without a DOM.
const pad10 = (min: number, max: number): [number, number] => {
  if (min === max) return [Math.min(0, 2 * min), Math.max(0, 2 * max)];
  const span = max - min;
  return [min - span * 0.1, max + span * 0.1];
};

describe("plot y range with extreme values (issue 7, defect 2)", () => {
  it("keeps the automatic range for ordinary data", () => {
    expect(drawableRange(10, 20, pad10)).toEqual([9, 21]);
    expect(drawableRange(null, null, pad10)).toEqual([null, null]);
  });

  it.each([
    [-1e308, 1e308],
    [0, Number.MAX_VALUE],
    [1e308, 1e308],
    [-Number.MAX_VALUE, -Number.MAX_VALUE],
  ])("turns [%s, %s] into a finite range with a finite span", (min, max) => {
    expect(isDrawableRange(pad10(min, max))).toBe(false); // what blanked the plot
    const [lo, hi] = drawableRange(min, max, pad10) as [number, number];
    expect(Number.isFinite(lo) && Number.isFinite(hi)).toBe(true);
    expect(Number.isFinite(hi - lo)).toBe(true);
    expect(hi).toBeGreaterThan(lo);
  });

  it("still shows a Float32-range spike (3.4e38) next to ordinary values", () => {
    const range = drawableRange(0, 3.4e38, pad10);
    expect(range).toEqual(pad10(0, 3.4e38));
    expect(clampedRange(5, 5)).toEqual([5 - 3.5, 5 + 3.5]);
  });
});

describe("live y axes hold still while the data fits them", () => {
  const fresh: [number, number] = [9, 21];

  it("keeps the range in use while the data stays inside and fills at least half of it", () => {
    expect(stickyRange([0, 20], 8, 19, fresh)).toEqual([0, 20]);
    expect(stickyRange([0, 20], 5, 15, fresh)).toEqual([0, 20]);
  });

  it("re-fits with more headroom when the data leaves the range (a trend stays in longer)", () => {
    const roomy: [number, number] = [5, 25];
    expect(stickyRange([0, 20], 8, 20.5, fresh, roomy)).toEqual(roomy);
    expect(stickyRange([0, 20], -1, 10, fresh, roomy)).toEqual(roomy);
  });

  it("re-fits when the data shrinks to less than half of the range (a spike left the window)", () => {
    expect(stickyRange([0, 20], 10, 20, fresh)).toEqual([0, 20]);
    expect(stickyRange([0, 20], 11, 20, fresh)).toEqual(fresh);
  });

  it("takes the fresh range when there is no range in use or no data", () => {
    expect(stickyRange([null, null], 10, 20, fresh)).toEqual(fresh);
    expect(stickyRange([0, 20], null, null, [null, null])).toEqual([null, null]);
  });
});
