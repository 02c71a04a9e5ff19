// What the plot driver tests share: a live driver on a fake uPlot chart whose
// series requests are answered by hand (calls[i].resolve), and a frame() that
// runs the frame loop's turn for it, 100 ms apart.
import type uPlot from "uplot";
import type { LivePlotSpec, ValueRange } from "../../workers/contract/renderProtocol";
import type { SeriesRequest, SeriesResult } from "../../workers/contract/series";
import type { SeriesPainter } from "../../src/panels/Plots/livePicture";
import { PlotDriver } from "../../src/panels/Plots/plotDriver";
import { PlotView } from "../../src/panels/Plots/plotView";
import { PlotStats } from "../../src/state/plotStats";

export function liveDriverRig(painter: SeriesPainter, view = new PlotView(20)) {
  const calls: { request: SeriesRequest; resolve: (r: SeriesResult) => void }[] = [];
  const source = (request: SeriesRequest) =>
    new Promise<SeriesResult>((resolve) => calls.push({ request, resolve }));
  const driver = new PlotDriver(source, view, new PlotStats());
  const scale = { min: 0, max: 1, range: (_u: unknown, min: number, max: number) => [min, max] };
  const chart = {
    bbox: { width: 800, height: 100 },
    series: [{}, { scale: "y", show: true }],
    scales: { x: { ...scale }, y: { ...scale } },
    cursor: { left: -10 },
    batch: (fn: () => void) => fn(),
    setData: () => undefined,
    setScale: (key: "x" | "y", r: { min: number; max: number }) =>
      Object.assign(chart.scales[key], r),
    setLegend: () => undefined,
    redraw: () => undefined,
  };
  driver.configure(["Battery.PackVoltage"], "metric");
  driver.attach(chart as unknown as uPlot, painter);
  let clock = 0;
  const frame = () => {
    clock += 100;
    view.beginExtents();
    driver.takeExtent();
    view.endExtents(null);
    return driver.frame(view.xRange(), clock, true);
  };
  return { driver, view, calls, chart, frame };
}

/**
 * How a one-series plot 800 px wide looks when handed to the render worker
 * (LivePlots tests): its y range, the time axis's look, 1 device pixel.
 */
export function liveLook(
  y: ValueRange,
): Pick<LivePlotSpec, "look" | "axisLook" | "dpr" | "yScales"> {
  return {
    look: {
      y: [null, y],
      width: 800,
      height: 100,
      lineWidth: 1,
      strokes: ["", "#c00"],
      shown: [true, true],
      stepped: [false, false],
    },
    axisLook: {
      font: "10px sans-serif",
      text: "#000",
      grid: "#ccc",
      height: 24,
      tickLength: 4,
      timeZone: null,
    },
    dpr: 1,
    yScales: [null, "y"],
  };
}
