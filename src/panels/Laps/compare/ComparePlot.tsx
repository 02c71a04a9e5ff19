// One compare plot: a field (or the delta) of every compared lap against
// distance. Built again when the answer, the theme or the size changes; the
// cursor is uPlot's, synced across the compare plots by key.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { PlotTheme } from "../../../ui/plotPalette";
import { lapCompare } from "../../../state/lapCompare";
import { chartData, chartOptions, type ChartSpec, type Compared } from "./compareChart";
import { addComparePlot } from "../../../ui/lapCompare/comparePlots";

const HEIGHT = 170;

interface ComparePlotProps {
  result: Compared;
  spec: ChartSpec;
  x: Float64Array;
  xUnit: string;
  theme: PlotTheme;
  testId: string;
}

export function ComparePlot({ result, spec, x, xUnit, theme, testId }: ComparePlotProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Every synced plot reports the same grid point (they share the grid), and
    // uPlot clears the cursor (null) on all of them when the pointer leaves.
    const onCursor = (index: number | null) => {
      if (lapCompare.cursor !== index) lapCompare.cursor = index;
    };
    const options = chartOptions(result, spec, xUnit, theme, onCursor);
    const width = Math.max(200, element.clientWidth);
    const plot = new uPlot({ ...options, width, height: HEIGHT }, chartData(x, spec), element);
    const forget = addComparePlot(plot);
    const resize = new ResizeObserver(() => {
      const next = Math.max(200, element.clientWidth);
      if (next !== plot.width) plot.setSize({ width: next, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      forget();
      plot.destroy();
    };
  }, [result, spec, x, xUnit, theme]);
  return <div ref={box} className="helios-compare-plot" data-testid={testId} />;
}
