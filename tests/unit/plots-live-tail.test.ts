// A live plot keeps its window up to date from tails: the worker's buckets on
// a fixed grid of absolute time, joined on the main thread, must give exactly
// what fetching the whole window would, and the driver must paint the new
// data as an update of what it drew, not a whole redraw.
import { beforeAll, describe, expect, it } from "vitest";
import type uPlot from "uplot";
import type { SeriesRequest, SeriesResult } from "../../workers/contract";
import { fillColumn, planDownsample } from "../../workers/history/downsample";
import { wholePixelRange, type SeriesPainter } from "../../src/panels/Plots/livePicture";
import { PlotDriver } from "../../src/panels/Plots/plotDriver";
import { PlotStats } from "../../src/panels/Plots/plotStats";
import { PlotView } from "../../src/panels/Plots/plotView";
import { mergeTail, newestBucketStart } from "../../src/panels/Plots/seriesData";

beforeAll(() => {
  (globalThis as { devicePixelRatio?: number }).devicePixelRatio = 1;
});

/** 100 packets/s of a noisy signal from t = 1000 s. */
const packets = (until: number) => {
  const x: number[] = [];
  const y: number[] = [];
  for (let t = 1000; t <= until + 1e-9; t += 0.01) {
    x.push(Math.round(t * 100) / 100);
    y.push(Math.sin(t * 7) * 10 + ((t * 1000) % 13));
  }
  return { x: Float64Array.from(x), y: Float64Array.from(y) };
};

/** What the worker answers for samples with x ≥ from (fixed grid of `grid` s). */
function answer(
  all: { x: Float64Array; y: Float64Array },
  from: number,
  grid: number,
): SeriesResult {
  let lo = 0;
  while (lo < all.x.length && all.x[lo]! < from) lo++;
  const x = all.x.subarray(lo);
  const plan = planDownsample(x, 0, x.length, 200, grid);
  const y = new Float64Array(plan.x.length);
  const gaps = fillColumn(plan, all.y.subarray(lo), y);
  return {
    data: [plan.x, y],
    from: x.length ? x[0]! : null,
    to: x.length ? x[x.length - 1]! : null,
    hasGaps: [gaps],
    units: ["V"],
    bucketSeconds: plan.bucketSeconds,
  };
}

describe("a live window kept up to date from tails", () => {
  const grid = 0.6;

  it("joins a tail to the window held into exactly what a whole fetch returns", () => {
    const before = packets(1030);
    const after = packets(1031.37);
    const base = answer(before, 1030 - 20, grid);
    const tailFrom = newestBucketStart(base.data[0]!, grid)!;
    expect(Math.floor(tailFrom / grid)).toBe(Math.floor(base.to! / grid));
    const tail = answer(after, tailFrom, grid);
    const joined = mergeTail(base, tail, tailFrom, 1031.37 - 20)!;
    const whole = answer(after, 1031.37 - 20, grid);
    // The first bucket of the window is cut by its left edge; from the next one on, all agree.
    const edge = Math.ceil((1031.37 - 20) / grid) * grid;
    const from = (r: SeriesResult) => {
      const i = r.data[0]!.findIndex((v) => v >= edge);
      return r.data.map((c) => Array.from(c.subarray(i)));
    };
    expect(from(joined)).toEqual(from(whole));
    expect(joined.to).toBe(whole.to);
  });

  it("refuses a tail that does not join (empty, or older: the source changed)", () => {
    const base = answer(packets(1030), 1010, grid);
    const older = answer(packets(1020), 1019.4, grid);
    expect(mergeTail(base, older, 1019.4, 1000)).toBeNull();
    const empty = { ...older, data: [new Float64Array(0), new Float64Array(0)], to: null };
    expect(mergeTail(base, empty, 1029.6, 1010)).toBeNull();
  });

  it("moves a live range in whole pixels: less than a pixel later it stays put", () => {
    const a = wholePixelRange({ min: 880.01, max: 1000.01 }, 400)!;
    const b = wholePixelRange({ min: 880.15, max: 1000.15 }, 400)!;
    const pixel = 120 / 400;
    expect(a.max - a.min).toBeCloseTo(120, 9);
    expect(Math.abs(a.max / pixel - Math.round(a.max / pixel))).toBeLessThan(1e-6);
    expect(b).toEqual(a);
    const c = wholePixelRange({ min: 880.4, max: 1000.4 }, 400)!;
    expect((c.min - a.min) / pixel).toBeCloseTo(1, 6);
  });
});

describe("the plot driver with its series layer", () => {
  function setup() {
    const view = new PlotView(20);
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
    const paints: string[] = [];
    const painter: SeriesPainter = {
      full: () => paints.push("full"),
      update: () => paints.push("update"),
      dispose: () => undefined,
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
    return { calls, frame, paints };
  }

  const settle = () => new Promise((r) => setTimeout(r, 0));

  it("asks for the newest bucket on, joins it, and paints it as an update", async () => {
    const { calls, frame, paints } = setup();
    frame();
    expect(calls[0]!.request.liveWindowSeconds).toBe(20);
    const grid = 20 / 100; // 800 px → 400 points → 100 buckets of 4
    calls[0]!.resolve(answer(packets(1030), 1010, grid));
    await settle();
    frame();
    expect(paints.at(-1)).toBe("full"); // the first picture
    const tailFrom = calls[1]!.request.from!;
    expect(Math.floor(tailFrom / grid)).toBe(Math.floor(1030 / grid)); // the newest bucket on
    calls[1]!.resolve(answer(packets(1030.05), tailFrom, grid));
    await settle();
    const before = paints.length;
    frame();
    expect(paints.slice(before)).toEqual(["update"]);
  });

  it("fetches the whole window again when a tail does not join", async () => {
    const { calls, frame } = setup();
    frame();
    const grid = 20 / 100;
    calls[0]!.resolve(answer(packets(1030), 1010, grid));
    await settle();
    frame();
    calls[1]!.resolve(answer(packets(1005), 1004.8, grid)); // time went back: another source
    await settle();
    frame();
    expect(calls[2]!.request.from).toBeCloseTo(1030 - 20, 9);
  });
});
