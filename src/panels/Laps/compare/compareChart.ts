// uPlot options and data for the compare view's plots: one field (or the
// delta) against distance, one line per lap in the plots' palette, with a
// cursor shared by every compare plot (and, through lapCompare.cursor, the
// maps). The worker resampled everything on one grid: the plot only draws.
import uPlot from "uplot";
import type { LapCompareResult } from "../../../../workers/contract/lapAnalysis";
import { formatNumber } from "../../../ui/format/formatNumber";
import { CHROME, seriesColor, type PlotTheme } from "../../../ui/plotPalette";
import { restingLegendHooks } from "../../../ui/restingLegend";

export type Compared = Extract<LapCompareResult, { ok: true }>;

const COMPARE_SYNC_KEY = "helios-lap-compare";
const FONT = "11px system-ui, -apple-system, 'Segoe UI', sans-serif";

/** The x axis: the grid in m/ft, or in km/mi once the laps are a kilometre / a mile long. */
export function distanceAxis(result: Compared): { x: Float64Array; unit: string } {
  const longest = result.distance[result.distance.length - 1] ?? 0;
  const metric = result.distanceUnit === "m";
  const big = metric ? 1000 : 5280;
  if (longest < big) return { x: result.distance, unit: result.distanceUnit };
  return { x: result.distance.map((d) => d / big), unit: metric ? "km" : "mi" };
}

export interface ChartSpec {
  /** The y axis title, e.g. "Speed (km/h)" or "Delta (s)". */
  title: string;
  unit: string;
  /** One column per lap. */
  columns: Float64Array[];
}

/** The y columns of field `f`, or of the delta when f is "delta". */
export function chartSpec(result: Compared, f: number | "delta"): ChartSpec {
  if (f === "delta")
    return {
      // The reference is named in the legend: a lap label does not fit an axis.
      title: "Delta to the reference (s)",
      unit: "s",
      columns: result.laps.map((lap) => lap.deltaS),
    };
  const field = result.fields[f]!;
  return {
    title: field.unit ? `${field.label} (${field.unit})` : field.label,
    unit: field.unit,
    columns: result.laps.map((lap) => lap.values[f]!),
  };
}

export function chartOptions(
  result: Compared,
  spec: ChartSpec,
  xUnit: string,
  theme: PlotTheme,
  onCursor: (index: number | null) => void,
): Omit<uPlot.Options, "width" | "height"> {
  const chrome = CHROME[theme];
  const axis = {
    stroke: chrome.axis,
    font: FONT,
    labelFont: FONT,
    grid: { stroke: chrome.grid, width: 1 },
    ticks: { stroke: chrome.grid, width: 1, size: 4 },
  };
  const decimals = xUnit === "km" || xUnit === "mi" ? 3 : 0;
  return {
    pxAlign: 0,
    scales: { x: { time: false } },
    legend: { show: true, live: true },
    cursor: {
      sync: { key: COMPARE_SYNC_KEY, setSeries: false },
      drag: { x: false, y: false },
      points: { size: 5 },
    },
    axes: [
      { ...axis, label: `Distance (${xUnit})`, labelSize: 16 },
      { ...axis, label: spec.title, labelSize: 16, size: 64 },
    ],
    series: [
      {
        label: `Distance (${xUnit})`,
        value: (_u, v) => (v == null ? "–" : formatNumber(v, decimals)),
      },
      ...result.laps.map((lap, i) => ({
        label: lap.label,
        stroke: seriesColor(theme, i),
        width: i === result.referenceIndex ? 2 : 1.5,
        points: { show: false },
        value: (_u: uPlot, v: number | null) =>
          v == null || !Number.isFinite(v)
            ? "–"
            : `${formatNumber(v, 2)}${spec.unit ? ` ${spec.unit}` : ""}`,
      })),
    ],
    hooks: {
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
      // With the cursor away, the legend reads each lap at the end of the grid: the delta
      // there is the laps' difference in time.
      ...restingLegendHooks(),
    },
  };
}

export function chartData(x: Float64Array, spec: ChartSpec): uPlot.AlignedData {
  return [x, ...spec.columns] as unknown as uPlot.AlignedData;
}
