// A layout switch asks for the new plots' series before React builds them
// (layoutAhead.ts, seriesBatcher.ts), and a new plot asks once, at the width
// it will plot in (plotArea.ts).
import { beforeAll, describe, expect, it } from "vitest";
import type uPlot from "uplot";
import { proxy } from "valtio";
import type { FieldInfo } from "../../workers/contract/fields";
import type { SeriesRequest, SeriesResult } from "../../workers/contract/series";
import type { PlotLayout } from "../../src/state/plotLayout/plotLayout";
import { followLayout } from "../../src/panels/Plots/layoutAhead";
import { plotAreaPx } from "../../src/panels/Plots/plotArea";
import { PlotDriver } from "../../src/panels/Plots/plotDriver";
import { PlotView } from "../../src/panels/Plots/plotView";
import { batchingSource, WARM_MS, type WarmSource } from "../../src/panels/Plots/seriesBatcher";
import { PlotStats } from "../../src/state/plotStats";

beforeAll(() => {
  (globalThis as { devicePixelRatio?: number }).devicePixelRatio = 1;
});

const settle = () => new Promise((r) => setTimeout(r, 0));

function answer(to: number): SeriesResult {
  return {
    data: [Float64Array.of(to - 1, to), Float64Array.of(1, 2)],
    from: to - 1,
    to,
    bucketSeconds: 0,
    hasGaps: [false],
    units: ["V"],
  };
}

const request = (fields: string[], points = 100): SeriesRequest => ({
  fields,
  from: null,
  to: null,
  points,
  units: "metric",
  today: true,
});

/** The worker's batch call, answered at once; every call kept. */
function worker() {
  const batches: SeriesRequest[][] = [];
  let answered = 0;
  const send = (requests: SeriesRequest[]) => {
    batches.push(requests);
    return Promise.resolve(requests.map(() => answer(++answered)));
  };
  return { send, batches };
}

describe("asking ahead for series", () => {
  it("sends the warmed requests at once, and a plot's same request takes that answer", async () => {
    let clock = 0;
    const { send, batches } = worker();
    const source = batchingSource(send, () => clock);
    source.warm([request(["Battery.PackVoltage"]), request(["MPPT.Mppt0Ch0ArrayVoltage"])]);
    expect(batches).toHaveLength(1); // before any microtask: the worker starts now
    clock += 100;
    const [same, again, other] = await Promise.all([
      source(request(["Battery.PackVoltage"])),
      source(request(["Battery.PackVoltage"])),
      source(request(["Battery.PackVoltage"], 150)),
    ]);
    expect(same.to).toBe(1);
    expect(again).toBe(same); // two plots of the same fields share it
    expect(batches).toHaveLength(2); // only the other width was asked
    expect(batches[1]).toEqual([request(["Battery.PackVoltage"], 150)]);
    expect(other.to).toBe(3);
  });

  it("asks the worker again once the warmed answer is older than WARM_MS", async () => {
    let clock = 0;
    const { send, batches } = worker();
    const source = batchingSource(send, () => clock);
    source.warm([request(["Battery.PackVoltage"])]);
    clock += WARM_MS + 1;
    const late = await source(request(["Battery.PackVoltage"]));
    expect(batches).toHaveLength(2);
    expect(late.to).toBe(2);
  });

  it("lets a plot's own ask see a warmed request that failed", async () => {
    const source = batchingSource(() => Promise.reject(new Error("worker restarting")));
    source.warm([request(["Battery.PackVoltage"])]);
    await expect(source(request(["Battery.PackVoltage"]))).rejects.toThrow("worker restarting");
  });
});

const field = (path: string, unit: string): FieldInfo =>
  ({ path, unit, type: "number", label: path, group: "Test" }) as unknown as FieldInfo;

function panel(chartWidth: number | null = 465) {
  const layout = proxy<PlotLayout>({
    version: 1,
    window: "today",
    plots: [{ id: "old", fields: ["Battery.PackVoltage"] }],
  });
  const view = new PlotView(null, true);
  const warmed: SeriesRequest[][] = [];
  const source = Object.assign(() => Promise.reject(new Error("not asked here")), {
    warm: (requests: readonly SeriesRequest[]) => void warmed.push([...requests]),
  }) as unknown as WarmSource;
  const fields = [
    field("Battery.PackVoltage", "V"),
    field("Battery.PackCurrent", "A"),
    field("Battery.HighTemperature", "°C"),
  ];
  const catalog = { fields, byPath: new Map(fields.map((f) => [f.path, f])) };
  const stop = followLayout({
    layout,
    view,
    source,
    catalog,
    units: "metric",
    chartWidth: () => chartWidth,
  });
  return { layout, view, warmed, stop };
}

describe("a layout switch in the plots panel", () => {
  it("asks for the new plots' series as the layout changes, at the width each will plot in", () => {
    const { layout, warmed, stop } = panel(465);
    Object.assign(layout, {
      plots: [
        { id: "a", fields: ["Battery.PackVoltage", "Old.Gone"] },
        { id: "b", fields: ["Battery.PackCurrent", "Battery.HighTemperature"] },
        { id: "c", fields: ["Battery.PackVoltage"], timeline: true },
        { id: "d", fields: [] },
      ],
    });
    expect(warmed).toHaveLength(1); // at once: before React renders the new plots
    const [a, b] = warmed[0]!;
    expect(warmed[0]).toHaveLength(2); // a timeline sizes its own axis; an empty plot asks nothing
    // One axis (52 px and its 14 px unit): (465 − 66) / 2 px a point; two axes: (465 − 132) / 2.
    expect(a).toMatchObject({ fields: ["Battery.PackVoltage"], points: 200, today: true });
    expect(b).toMatchObject({
      fields: ["Battery.PackCurrent", "Battery.HighTemperature"],
      points: 167,
    });
    // A plot that stays is not asked for again.
    layout.plots.push({ id: "e", fields: ["Battery.PackCurrent"] });
    expect(warmed).toHaveLength(2);
    expect(warmed[1]!.map((r) => r.fields)).toEqual([["Battery.PackCurrent"]]);
    stop();
    layout.plots.push({ id: "f", fields: ["Battery.PackCurrent"] });
    expect(warmed).toHaveLength(2);
  });

  it("puts the view on the layout's window before asking, so the requests are the new window's", () => {
    const { layout, view, warmed } = panel();
    Object.assign(layout, { window: "2m", plots: [{ id: "a", fields: ["Battery.PackCurrent"] }] });
    expect(view.windowSeconds).toBe(120);
    expect(view.today).toBe(false);
    expect(warmed[0]![0]).toMatchObject({ liveWindowSeconds: 120 });
    expect(warmed[0]![0]!.today).toBeUndefined();
  });

  it("asks nothing ahead with no chart to learn the width from, but still follows the window", () => {
    const { layout, view, warmed } = panel(null);
    Object.assign(layout, { window: "10m", plots: [{ id: "a", fields: ["Battery.PackCurrent"] }] });
    expect(warmed).toHaveLength(0);
    expect(view.windowSeconds).toBe(600);
  });
});

/** A chart as uPlot leaves it: axis sizes made functions, y axes hidden until their scales have data. */
function chartWithAxes(width: number, units: string[]) {
  const axes = [
    { side: 2, size: () => 24 },
    ...units.map((unit, i) => ({
      side: i === 0 ? 3 : 1,
      size: () => 52,
      label: unit,
      labelSize: unit ? 14 : 0,
    })),
  ];
  const scale = { min: 0, max: 1, range: (_u: unknown, a: number, b: number) => [a, b] };
  return {
    width,
    axes,
    bbox: { width, height: 100 }, // no y axis shown yet
    series: [{}, ...units.map((_, i) => ({ scale: i === 0 ? "y" : "y2", show: true }))],
    scales: { x: { ...scale }, y: { ...scale }, y2: { ...scale } },
    cursor: { left: -10 },
    batch: (fn: () => void) => fn(),
    setData: () => undefined,
    setScale: () => undefined,
    setLegend: () => undefined,
    redraw: () => undefined,
  };
}

describe("a new plot's width", () => {
  it("counts every y axis the chart has, shown yet or not", () => {
    const chart = chartWithAxes(465, ["A", "°C"]) as unknown as uPlot;
    expect(plotAreaPx(chart)).toBe(333);
    expect(plotAreaPx(chartWithAxes(465, [""]) as unknown as uPlot)).toBe(413);
  });

  it("asks once: the y axes showing with its first answer do not make it ask again", async () => {
    const requests: SeriesRequest[] = [];
    const source = (r: SeriesRequest) => {
      requests.push(r);
      return Promise.resolve(answer(100 + requests.length));
    };
    const view = new PlotView(30);
    const driver = new PlotDriver(source, view, new PlotStats());
    driver.configure(["Battery.PackCurrent", "Battery.HighTemperature"], "metric");
    const chart = chartWithAxes(465, ["A", "°C"]);
    const paint = () => undefined;
    driver.attach(chart as unknown as uPlot, { full: paint, update: paint, dispose: paint });
    let clock = 0;
    const frame = (liveDue = false) => {
      clock += 16;
      view.beginExtents();
      driver.takeExtent();
      view.endExtents(null);
      driver.frame(view.xRange(), clock, liveDue);
    };
    frame();
    await settle();
    chart.bbox.width = 333; // uPlot shows both axes once their scales have data
    for (let i = 0; i < 5; i++) frame();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.points).toBe(167);
  });

  it("draws an answer asked ahead that has come in the frame it asks in, and asks the worker nothing", async () => {
    const { send, batches } = worker();
    const source = batchingSource(send);
    const view = new PlotView(30);
    const driver = new PlotDriver(source, view, new PlotStats());
    driver.configure(["Battery.PackCurrent", "Battery.HighTemperature"], "metric");
    const chart = chartWithAxes(465, ["A", "°C"]);
    const painted: unknown[] = [];
    const paint = (frame: { data: uPlot.AlignedData }) => {
      if (frame.data[0].length > 0) painted.push(frame);
    };
    driver.attach(chart as unknown as uPlot, { full: paint, update: paint, dispose: () => {} });
    // The layout switch asked ahead for what this plot will ask, and the answer came.
    const ahead = { ...request(["Battery.PackCurrent", "Battery.HighTemperature"], 167) };
    delete (ahead as Partial<SeriesRequest>).today;
    source.warm([{ ...ahead, liveWindowSeconds: 30 }]);
    await settle();
    expect(driver.firstPictureDue).toBe(true);
    view.beginExtents();
    driver.takeExtent();
    view.endExtents(null);
    driver.frame(view.xRange(), 16, false);
    expect(painted).toHaveLength(1);
    expect(driver.firstPictureDue).toBe(false);
    expect(batches).toHaveLength(1); // the warm batch only
  });
});
