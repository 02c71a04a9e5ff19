// One small uPlot chart of the Strategy tab, drawn on the main thread from
// data the worker already reduced (a few hundred points). Options change
// with the theme or units; data with each answer. A time axis shows the race
// day's zone (settings), 24-hour, named in the axis label, whatever the
// browser's zone: the schedule and the forecast's texts are in it too. With
// the cursor away, the legend shows the values at the forecast's time. An
// axis over several days (the race plan) names each day at its midnight, and
// its legend gives the date with the time.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import uPlot from "uplot";
import UplotReact from "uplot-react";
import "uplot/dist/uPlot.min.css";
import {
  clockTickLabels,
  formatDateTime,
  formatLocalTime,
  zoneAbbreviation,
} from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";
import { formatNumber, NO_VALUE } from "../../ui/format/formatNumber";
import { formatValue } from "../../ui/format/fieldLabel";
import { restingLegendHooks } from "../../ui/restingLegend";
import type { AlignedData } from "./plotData";

const HEIGHT = 220;
const DAY_S = 86_400;

export interface ChartSeries {
  label: string;
  color: string;
  dash?: number[];
  width?: number;
  /** Drawn as points only (measured windows, recorded forecasts). */
  points?: boolean;
}

interface StrategyChartProps {
  testId: string;
  title: string;
  data: AlignedData;
  series: readonly ChartSeries[];
  /** x is epoch seconds (a time axis), or a plain number (speed). */
  time: boolean;
  xLabel: string;
  yLabel: string;
  /** The series' unit ("%", "W"): the legend gives each value with it, as the Plots tab's do. */
  valueUnit: string;
  dark: boolean;
  /** Fills between two series (indices into `series`, high then low): the forecast's band. */
  band?: [number, number];
  bandColor?: string;
  /**
   * The x whose values the legend shows while the cursor is away: the
   * forecast's time (the newest packet's, live or at the playback clock),
   * the scenario's speed; the newest x when absent.
   */
  legendAt?: number | undefined;
}

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function StrategyChart(props: StrategyChartProps) {
  const { testId, title, data, series, time, xLabel, yLabel, valueUnit, dark, band, bandColor } =
    props;
  // A time axis is in the zone every time is shown in (the race's by default).
  const zone = useShownZone();
  // The zone's name at the plot's first time ("CDT"): the axis label says it.
  const zoneName = time && data.x.length > 0 ? zoneAbbreviation(data.x[0]!, zone) : "";
  const overDays = time && data.x.length > 1 && data.x[data.x.length - 1]! - data.x[0]! > DAY_S;
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  // Read by the legend's hook: a new forecast moves it without rebuilding the chart.
  const legendAt = useRef(props.legendAt);
  useLayoutEffect(() => {
    legendAt.current = props.legendAt;
  }, [props.legendAt]);
  const axis = dark ? "#ABB3BF" : "#5F6B7C";
  const grid = dark ? "rgba(255,255,255,0.09)" : "rgba(17,20,24,0.09)";
  const options = useMemo<uPlot.Options>(
    () => ({
      width: Math.max(width, 100),
      height: HEIGHT,
      scales: { x: { time } },
      legend: { show: true },
      hooks: restingLegendHooks(() => legendAt.current ?? null),
      ...(time ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), zone) } : {}),
      axes: [
        {
          stroke: axis,
          grid: { stroke: grid },
          label: zoneName ? `${xLabel} (${zoneName})` : xLabel,
          ...(time
            ? {
                values: (_u: uPlot, splits: number[]) => clockTickLabels(splits, zone, overDays),
              }
            : {}),
        },
        { stroke: axis, grid: { stroke: grid }, label: yLabel },
      ],
      series: [
        {
          label: xLabel,
          value: time
            ? (_u: uPlot, v: number | null) =>
                v === null
                  ? NO_VALUE
                  : overDays
                    ? formatDateTime(v, zone)
                    : formatLocalTime(v, zone, true)
            : (_u: uPlot, v: number | null) => formatNumber(v),
        },
        ...series.map((s) => ({
          label: s.label,
          // The app's number format and the unit; a series with no point at all reads as missing.
          value: (_u: uPlot, v: number | null) => formatValue(v, valueUnit, false),
          stroke: s.color,
          width: s.width ?? (s.points ? 0 : 2),
          ...(s.dash ? { dash: s.dash } : {}),
          ...(s.points
            ? { points: { show: true, size: 6, fill: s.color }, paths: () => null }
            : {}),
          spanGaps: !s.points,
        })),
      ],
      ...(band ? { bands: [{ series: [band[0] + 1, band[1] + 1], fill: bandColor }] } : {}),
    }),
    [
      width,
      time,
      overDays,
      zone,
      zoneName,
      axis,
      grid,
      xLabel,
      yLabel,
      valueUnit,
      series,
      band,
      bandColor,
    ],
  );
  const plotData = useMemo(() => [data.x, ...data.ys] as uPlot.AlignedData, [data]);
  return (
    <figure className="helios-strategy-chart" data-testid={testId} data-points={data.x.length}>
      <figcaption>{title}</figcaption>
      <div ref={box}>{width > 0 && <UplotReact options={options} data={plotData} />}</div>
    </figure>
  );
}
