// The Strategy tab's solar plot (src/panels/Strategy/plotData.ts): the weather
// forecast's array power is a third series when the worker has one, and
// there is no third series (nor a legend entry for it) when it has none.
import { describe, expect, it } from "vitest";
import type { StrategyForecast, TimeSeriesData } from "../../workers/contract/strategy";
import { solarPlotData } from "../../src/panels/Strategy/plotData";

const withSolar = (forecastW: TimeSeriesData | null): StrategyForecast =>
  ({
    solar: {
      measured: { time: [0, 60], values: [300, 310] },
      expected: { time: [60, 120], values: [320, 330] },
      forecastW,
      sources: [],
    },
  }) as unknown as StrategyForecast;

describe("solarPlotData", () => {
  it("draws measured and expected power alone without a forecast", () => {
    const data = solarPlotData(withSolar(null));
    expect(data.x).toEqual([0, 60, 120]);
    expect(data.ys).toEqual([
      [300, 310, null],
      [null, 320, 330],
    ]);
  });

  it("adds the weather forecast's power as a third series on the same times", () => {
    const data = solarPlotData(withSolar({ time: [60, 180], values: [250, 200] }));
    expect(data.x).toEqual([0, 60, 120, 180]);
    expect(data.ys[2]).toEqual([null, 250, null, 200]);
  });
});
