// The Strategy tab's plots as uPlot wants them: one x array and one y array
// per series, aligned (null where a series has no point). Built from the
// worker's answer, which is a few hundred points (a point per minute or a few
// minutes), never from the history itself: the worker did that work.
import type {
  StrategyForecast,
  StrategyRecord,
  StrategyScenario,
} from "../../../workers/contract/strategy";

export type Column = (number | null)[];

export interface AlignedData {
  x: number[];
  ys: Column[];
}

/** Joins series given as (xs, ys) pairs onto their merged, sorted x values. */
export function align(
  series: readonly { x: readonly number[]; y: readonly number[] }[],
): AlignedData {
  const xs = [...new Set(series.flatMap((s) => s.x.filter(Number.isFinite)))].sort((a, b) => a - b);
  const at = new Map(xs.map((x, i) => [x, i]));
  const ys = series.map((s) => {
    const column: Column = new Array<number | null>(xs.length).fill(null);
    s.x.forEach((x, i) => {
      const index = at.get(x);
      const y = s.y[i];
      if (index !== undefined && y !== undefined && Number.isFinite(y)) column[index] = y;
    });
    return column;
  });
  return { x: xs, ys };
}

/** The forecast drawn with its band: the slider's when the user set one, else the current pace's. */
export function shownScenario(forecast: StrategyForecast): StrategyScenario {
  return forecast.slider ?? forecast.current;
}

/**
 * The state of charge plot's series, in this order: the day so far, the
 * shown forecast, its band's low and high, the recommended speed's forecast,
 * the target (a level line over the whole span) and the recorded
 * forecasts' end-of-day values at the times they were made.
 */
export function socPlotData(
  forecast: StrategyForecast,
  records: readonly StrategyRecord[],
): AlignedData {
  const shown = shownScenario(forecast);
  const recommended = forecast.recommended.ok ? forecast.recommended.soc : { time: [], values: [] };
  const first = Math.min(forecast.history.time[0] ?? forecast.at, records[0]?.at ?? Infinity);
  const span = [first, forecast.endAt];
  return align([
    { x: forecast.history.time, y: forecast.history.values },
    { x: shown.soc.time, y: shown.soc.values },
    { x: shown.soc.time, y: shown.socLow },
    { x: shown.soc.time, y: shown.socHigh },
    { x: recommended.time, y: recommended.values },
    { x: span, y: span.map(() => forecast.targetSocPct) },
    { x: records.map((r) => r.at), y: records.map((r) => r.endSocPct) },
  ]);
}

/** Measured window powers (points) and the fitted curve, against speed (converted for display). */
export function powerPlotData(forecast: StrategyForecast, speedScale: number): AlignedData {
  const { points, curve } = forecast.power;
  return align([
    { x: points.speedKmh.map((v) => v * speedScale), y: points.powerW },
    { x: curve.speedKmh.map((v) => v * speedScale), y: curve.powerW },
  ]);
}

/**
 * The array's measured power and the expected course, against time, and the
 * weather forecast's as a third series when one is known (none: two series,
 * so the legend names no forecast the tab does not have).
 */
export function solarPlotData(forecast: StrategyForecast): AlignedData {
  const { measured, expected, forecastW } = forecast.solar;
  return align([
    { x: measured.time, y: measured.values },
    { x: expected.time, y: expected.values },
    ...(forecastW ? [{ x: forecastW.time, y: forecastW.values }] : []),
  ]);
}

/** The recorded forecasts alone (a replay whose history is too short to forecast from). */
export function recordsPlotData(records: readonly StrategyRecord[]): AlignedData {
  return align([
    { x: records.map((r) => r.at), y: records.map((r) => r.endSocPct) },
    { x: records.map((r) => r.at), y: records.map((r) => r.socNowPct) },
  ]);
}
