import { describe, expect, it } from "vitest";
import type { SeriesResult } from "../../workers/contract";
import { planAxes } from "../../src/panels/Plots/axisLayout";
import { formatValue } from "../../src/panels/Plots/fieldLabel";
import {
  finiteExtent,
  lastDrawnIndex,
  nanGapSpans,
  toAlignedData,
} from "../../src/panels/Plots/seriesData";

function result(columns: number[][], hasGaps: boolean[]): SeriesResult {
  return {
    data: columns.map((c) => Float64Array.from(c)),
    from: columns[0]![0] ?? null,
    to: columns[0]!.at(-1) ?? null,
    hasGaps,
    units: hasGaps.map(() => "V"),
  };
}

describe("series → uPlot data", () => {
  it("passes every column through untouched, gaps included (no copy)", () => {
    const r = result(
      [
        [1, 2, 3],
        [10, NaN, 12],
      ],
      [true],
    );
    const data = toAlignedData(r);
    expect(data[0]).toBe(r.data[0]);
    expect(data[1]).toBe(r.data[1]);
  });

  it("handles an empty window", () => {
    const data = toAlignedData(result([[], []], [false]));
    expect(data[0]).toHaveLength(0);
    expect(lastDrawnIndex(data)).toBeNull();
  });

  it("finds the newest index with a value for the live legend, skipping trailing gaps", () => {
    const data = toAlignedData(
      result(
        [
          [1, 2, 3],
          [5, 6, NaN],
          [NaN, 1, NaN],
        ],
        [true, true],
      ),
    );
    expect(lastDrawnIndex(data)).toBe(1);
  });
});

describe("NaN gaps drawn as breaks", () => {
  const px = (x: number) => x * 10;

  it("clips from the value before a run of NaN to the value after it", () => {
    const xs = [1, 2, 3, 4, 5, 6];
    const ys = [1, 2, NaN, NaN, 5, 6];
    expect(nanGapSpans(xs, ys, 0, 5, px)).toEqual([[20, 50]]);
  });

  it("finds every gap, and none in a column without NaN", () => {
    expect(nanGapSpans([1, 2, 3, 4, 5], [NaN, 1, NaN, 2, 3], 0, 4, px)).toEqual([
      [10, 20],
      [20, 40],
    ]);
    expect(nanGapSpans([1, 2, 3], [1, 2, 3], 0, 2, px)).toEqual([]);
  });

  it("looks only inside the drawn index range", () => {
    expect(nanGapSpans([1, 2, 3, 4], [NaN, 1, 2, 3], 1, 3, px)).toEqual([]);
  });

  it("takes the y extent over finite values only (a leading NaN must not poison the scale)", () => {
    expect(finiteExtent([Float64Array.from([NaN, 3, -1]), [null, 7]])).toEqual([-1, 7]);
    expect(finiteExtent([Float64Array.from([NaN, NaN])])).toEqual([null, null]);
  });
});

describe("axes per unit", () => {
  it("puts the first unit left and the second right", () => {
    const plan = planAxes([
      { unit: "V", boolean: false },
      { unit: "A", boolean: false },
      { unit: "V", boolean: false },
    ]);
    expect(plan.series.map((s) => s.scale)).toEqual(["y", "y2", "y"]);
    expect(plan.axes).toEqual([
      { scale: "y", unit: "V", side: 3 },
      { scale: "y2", unit: "A", side: 1 },
    ]);
  });

  it("gives a third unit its own scale without an axis", () => {
    const plan = planAxes([
      { unit: "V", boolean: false },
      { unit: "A", boolean: false },
      { unit: "°C", boolean: false },
    ]);
    expect(plan.series[2]).toEqual({ scale: "y3", side: null });
    expect(plan.axes).toHaveLength(2);
  });

  it("fixes the range only of scales that hold booleans alone", () => {
    const plan = planAxes([
      { unit: "%", boolean: false },
      { unit: "", boolean: true },
    ]);
    expect(plan.booleanScales).toEqual(["y2"]);
  });
});

describe("legend values", () => {
  it("formats numbers with their unit, booleans as on/off and gaps as a dash", () => {
    expect(formatValue(12.3456, "mph", false)).toBe("12.35 mph");
    expect(formatValue(1, "", true)).toBe("on");
    expect(formatValue(0, "", true)).toBe("off");
    expect(formatValue(null, "V", false)).toBe("—");
    expect(formatValue(Infinity, "V", false)).toBe("—");
  });
});
