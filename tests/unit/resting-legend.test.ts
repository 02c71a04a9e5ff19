import { describe, expect, it } from "vitest";
import type uPlot from "uplot";
import { restingIndices, restingLegendHooks } from "../../src/ui/restingLegend";

// The Strategy tab's state of charge plot in small: the day so far (until
// 12:00), the forecast (from 12:00), a target line over the whole span, and a
// series with no point at all (no recommended speed today).
const x = [10, 11, 12, 13, 14];
const soFar = [80, 78, 76, null, null];
const forecast = [null, null, 76, 73, 70];
const target = [30, null, null, null, 30];
const none = [null, null, null, null, null];
const data = [x, soFar, forecast, target, none];

describe("a legend with the cursor away", () => {
  it("reads every series at the plot's now: its value there, or the last before it", () => {
    expect(restingIndices(data, 12)).toEqual([2, 2, 2, 0, null]);
    // Between two points: the last at or before; the forecast, all after, its first.
    expect(restingIndices(data, 11.5)).toEqual([1, 1, 2, 0, null]);
    // The newest (live): each series' last value.
    expect(restingIndices(data, 14)).toEqual([4, 2, 4, 4, null]);
    // Before the first x: x's first, each series' first value.
    expect(restingIndices(data, 0)).toEqual([0, 0, 2, 0, null]);
    expect(restingIndices([[], []], 5)).toEqual([null, null]);
  });

  it("hands uPlot the indices at `at` once it has written its placeholders, without firing again", () => {
    const calls: { opts: { idxs?: (number | null)[] }; fire: boolean | undefined }[] = [];
    const chart = {
      data,
      cursor: { left: -10 },
      setLegend: (opts: { idxs?: (number | null)[] }, fire?: boolean) => calls.push({ opts, fire }),
    };
    const [hook] = restingLegendHooks(() => 13).setLegend;
    hook!(chart as unknown as uPlot);
    expect(calls).toEqual([{ opts: { idxs: [3, 2, 3, 0, null] }, fire: false }]);

    // No `at`: the newest x.
    restingLegendHooks().setLegend[0]!(chart as unknown as uPlot);
    expect(calls[1]!.opts.idxs).toEqual([4, 2, 4, 4, null]);

    // Pointed at: the hovered values stand.
    chart.cursor.left = 120;
    hook!(chart as unknown as uPlot);
    expect(calls).toHaveLength(2);
  });

  it("leaves an empty plot's legend alone", () => {
    const calls: unknown[] = [];
    const chart = { data: [[], []], cursor: { left: -10 }, setLegend: () => calls.push(1) };
    restingLegendHooks(() => 5).setLegend[0]!(chart as unknown as uPlot);
    expect(calls).toEqual([]);
  });
});
