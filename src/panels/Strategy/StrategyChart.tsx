// One small uPlot chart of the Strategy tab, drawn on the main thread from
// data the worker already reduced (a few hundred points). Options change
// with the theme or units; data with each answer.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import type uPlot from "uplot";
import UplotReact from "uplot-react";
import "uplot/dist/uPlot.min.css";
import type { AlignedData } from "./plotData";

const HEIGHT = 220;

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
  dark: boolean;
  /** Fills between two series (indices into `series`, high then low): the forecast's band. */
  band?: [number, number];
  bandColor?: string;
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
  const { testId, title, data, series, time, xLabel, yLabel, dark, band, bandColor } = props;
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const axis = dark ? "#ABB3BF" : "#5F6B7C";
  const grid = dark ? "rgba(255,255,255,0.09)" : "rgba(17,20,24,0.09)";
  const options = useMemo<uPlot.Options>(
    () => ({
      width: Math.max(width, 100),
      height: HEIGHT,
      scales: { x: { time } },
      legend: { show: true },
      axes: [
        { stroke: axis, grid: { stroke: grid }, label: xLabel },
        { stroke: axis, grid: { stroke: grid }, label: yLabel },
      ],
      series: [
        { label: xLabel },
        ...series.map((s) => ({
          label: s.label,
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
    [width, time, axis, grid, xLabel, yLabel, series, band, bandColor],
  );
  const plotData = useMemo(() => [data.x, ...data.ys] as uPlot.AlignedData, [data]);
  return (
    <figure className="helios-strategy-chart" data-testid={testId} data-points={data.x.length}>
      <figcaption>{title}</figcaption>
      <div ref={box}>{width > 0 && <UplotReact options={options} data={plotData} />}</div>
    </figure>
  );
}
