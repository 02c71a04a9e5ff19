import { describe, expect, it } from "vitest";
import { traceSeries } from "../../workers/render/SeriesCanvas";
import type { SeriesResult } from "../../workers/contract/series";
import { planAxes } from "../../src/panels/Plots/axisLayout";
import { formatValue } from "../../src/ui/format/fieldLabel";
import { finiteExtent, toAlignedData } from "../../src/panels/Plots/seriesData";
import { lastDrawnIndex } from "../../workers/shared/plots/liveWindow";

function result(columns: number[][], hasGaps: boolean[]): SeriesResult {
  return {
    data: columns.map((c) => Float64Array.from(c)),
    from: columns[0]![0] ?? null,
    bucketSeconds: 0,
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

describe("series lines as the series layer traces them", () => {
  function trace(xs: number[], ys: number[], stepped = false, start = 0): string[] {
    const path: string[] = [];
    const sink = {
      moveTo: (x: number, y: number) => path.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => path.push(`L${x},${y}`),
    };
    traceSeries(
      sink,
      xs,
      ys,
      start,
      stepped,
      (x) => x * 10,
      (y) => 100 - y,
    );
    return path;
  }

  it("lifts the pen at a gap (NaN) and puts it down at the next value", () => {
    expect(trace([1, 2, 3, 4, 5], [1, 2, NaN, NaN, 5])).toEqual(["M10,99", "L20,98", "M50,95"]);
  });

  it("draws a boolean as steps: each value holds until the next sample", () => {
    expect(trace([1, 2, 3], [0, 1, 1], true)).toEqual([
      "M10,100",
      "L20,100",
      "L20,99",
      "L30,99",
      "L30,99",
    ]);
  });

  it("starts where it is told (the strip a live update redraws)", () => {
    expect(trace([1, 2, 3], [5, 6, 7], false, 1)).toEqual(["M20,94", "L30,93"]);
  });
});

describe("y extents", () => {
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
