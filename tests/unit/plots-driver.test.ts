import { beforeAll, describe, expect, it } from "vitest";
import type uPlot from "uplot";
import type { SeriesRequest, SeriesResult } from "../../workers/contract/series";
import { baseIntervalMs } from "../../src/panels/Plots/cadence";
import { LEGEND_INTERVAL_MS, PlotDriver } from "../../src/panels/Plots/plotDriver";
import { PlotStats } from "../../src/state/plotStats";
import { PlotView } from "../../src/panels/Plots/plotView";

beforeAll(() => {
  (globalThis as { devicePixelRatio?: number }).devicePixelRatio = 1;
});

/** A series source whose answers the test releases by hand. */
function manualSource() {
  const calls: { request: SeriesRequest; resolve: (r: SeriesResult) => void }[] = [];
  const source = (request: SeriesRequest) =>
    new Promise<SeriesResult>((resolve) => calls.push({ request, resolve }));
  return { source, calls };
}

function fakeChart() {
  const setData: uPlot.AlignedData[] = [];
  const xScales: unknown[] = [];
  // The legend's value cells (x, the field), as uPlot builds them.
  const legend = [0, 1].map(() => ({ textContent: "", dataset: {}, style: {} }));
  const value = (_u: unknown, v: number) => String(v);
  const chart = {
    bbox: { width: 400, height: 100 },
    root: { querySelectorAll: () => legend },
    series: [{ value }, { scale: "y", value }], // x + one field, as configured below
    scales: {
      x: { min: 0, max: 1 },
      y: { min: 0, max: 1, range: (_u: unknown, a: number, b: number) => [a, b] },
    },
    cursor: { left: -10 },
    batch: (fn: () => void) => fn(),
    setData: (data: uPlot.AlignedData) => setData.push(data),
    setScale: (key: string, range: unknown) => {
      if (key === "x") xScales.push(range);
    },
    setLegend: () => undefined,
    redraw: () => undefined,
  };
  return { chart: chart as unknown as uPlot, setData, xScales, legend };
}

function series(to: number): SeriesResult {
  return {
    data: [Float64Array.of(to - 1, to), Float64Array.of(1, 2)],
    from: to - 1,
    to,
    bucketSeconds: 0,
    hasGaps: [false],
    units: ["V"],
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function setup(windowSeconds: number | null = 30) {
  const view = new PlotView(windowSeconds);
  const { source, calls } = manualSource();
  const driver = new PlotDriver(source, view, new PlotStats());
  const { chart, xScales, legend } = fakeChart();
  driver.configure(["Battery.PackVoltage"], "metric");
  // The data the series layer was asked to paint (uPlot itself redraws only
  // when its axes change); a chart's first, empty picture is not counted.
  const drawn: uPlot.AlignedData[] = [];
  const paint = (f: { data: uPlot.AlignedData }) => {
    if (f.data[0].length > 0) drawn.push(f.data);
  };
  const painter = { full: paint, update: paint, dispose: () => undefined };
  driver.attach(chart, painter);
  let clock = 0;
  /** One animation frame, `ms` after the previous one (default: past any live interval). */
  const frame = (ms = 100, liveDue = true, pageVisible = true) => {
    clock += ms;
    view.beginExtents();
    driver.takeExtent();
    view.endExtents(null);
    return driver.frame(view.xRange(), clock, liveDue, pageVisible);
  };
  return { view, driver, calls, drawn, xScales, legend, frame, chart };
}

describe("plot driver", () => {
  it("keeps at most one request in flight however many frames pass", async () => {
    const { calls, frame } = setup();
    frame();
    frame();
    frame();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request).toMatchObject({ fields: ["Battery.PackVoltage"], points: 200 }); // 400 px, a bucket per 2 px
    calls[0]!.resolve(series(100));
    await settle();
    frame();
    expect(calls).toHaveLength(2);
  });

  it("draws a result once, on the next frame, and skips an unchanged one", async () => {
    const { calls, frame, drawn } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    expect(drawn).toHaveLength(0);
    frame();
    expect(drawn).toHaveLength(1);
    calls[1]!.resolve(series(100));
    await settle();
    frame();
    expect(drawn).toHaveLength(1);
  });

  it("keeps its answer when the plot narrows a little; a much narrower or wider plot asks again", async () => {
    const { calls, frame, drawn, chart } = setup();
    frame();
    expect(calls[0]!.request.points).toBe(200);
    // The window narrowed: the plotting area lost 50 px. The answer is drawn.
    chart.bbox.width = 350;
    calls[0]!.resolve(series(100));
    await settle();
    frame();
    expect(drawn).toHaveLength(1);
    expect(calls[1]!.request.points).toBe(200);
    // Half as wide: as many points as it needs.
    chart.bbox.width = 200;
    calls[1]!.resolve(series(100));
    await settle();
    frame();
    expect(calls[2]!.request.points).toBe(100);
    // Wider than its points: more detail.
    chart.bbox.width = 240;
    calls[2]!.resolve(series(100));
    await settle();
    frame();
    expect(calls.at(-1)!.request.points).toBe(120);
  });

  it("drops a result fetched for a view that changed meanwhile and asks again", async () => {
    const { view, calls, frame, drawn } = setup();
    view.beginExtents();
    view.noteExtent(0, 100);
    view.endExtents(null);
    frame();
    view.zoomTo(50, 60);
    calls[0]!.resolve(series(100));
    await settle();
    frame();
    expect(drawn).toHaveLength(0);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.request).toMatchObject({ from: 50, to: 60 });
  });

  it("stops asking while paused until the view changes", async () => {
    const { view, calls, frame } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    view.togglePause();
    frame();
    await settle();
    calls[1]?.resolve(series(100));
    await settle();
    const asked = calls.length;
    frame();
    frame();
    expect(calls).toHaveLength(asked);
    view.zoomTo(95, 99);
    frame();
    expect(calls).toHaveLength(asked + 1);
  });

  it("refreshes a live plot only when the loop says a refresh is due", async () => {
    const { calls, frame } = setup();
    frame(100, true);
    calls[0]!.resolve(series(100));
    await settle();
    frame(16, false);
    frame(16, false);
    expect(calls).toHaveLength(1);
    frame(16, true);
    expect(calls).toHaveLength(2);
  });

  it("paces live refreshes at about a pixel of time, at most once a frame, at least every 33 ms (two frames)", () => {
    expect(baseIntervalMs(2, 400)).toBeCloseTo(1000 / 60); // a pixel is 5 ms: every frame
    expect(baseIntervalMs(10, 400)).toBe(25); // a pixel of time
    expect(baseIntervalMs(30, 400)).toBe(33); // a pixel is 75 ms: capped for latency
    expect(baseIntervalMs(null, 400)).toBe(33);
  });

  it("asks in the app's units and again when they change", async () => {
    const { driver, calls, frame } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    driver.configure(["Battery.PackVoltage"], "imperial");
    frame();
    expect(calls.at(-1)!.request.units).toBe("imperial");
  });

  it("off screen, neither asks nor draws; back on screen, asks at once and draws", async () => {
    const { driver, calls, frame, drawn } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    frame();
    expect(drawn).toHaveLength(1);
    calls[1]!.resolve(series(101)); // in flight when the plot scrolled away
    await settle();
    driver.setOnScreen(false);
    for (let i = 0; i < 10; i++) frame(100, true);
    expect(drawn).toHaveLength(1);
    expect(calls).toHaveLength(2);
    driver.setOnScreen(true);
    frame(16, false); // not a live refresh, yet it catches up
    expect(drawn).toHaveLength(2); // what waited is drawn at once
    expect(calls).toHaveLength(3);
    calls[2]!.resolve(series(105));
    await settle();
    frame(16, false);
    expect(drawn).toHaveLength(3);
    expect(drawn[2]![0]).toEqual(Float64Array.of(104, 105));
  });

  it("in a hidden page, skips frames and catches up when the page is shown", async () => {
    const { driver, calls, frame, drawn } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    frame(100, true, false);
    frame(100, true, false);
    expect(drawn).toHaveLength(0);
    expect(calls).toHaveLength(1);
    driver.resume();
    expect(frame(16, false, true)).toBe(true);
    expect(drawn).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it("drops a result that shows nothing new without redrawing", async () => {
    const { calls, frame, drawn } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    expect(frame()).toBe(true);
    calls[1]!.resolve(series(100));
    await settle();
    expect(frame()).toBe(false);
    expect(drawn).toHaveLength(1);
  });

  it("while live, moves uPlot's x range (the cursor's) only while the pointer is over a plot", async () => {
    const { view, calls, drawn, xScales, frame } = setup();
    const answer = async (to: number) => {
      frame();
      calls.at(-1)!.resolve(series(to));
      await settle();
      frame(16, false);
    };
    await answer(100);
    const first = xScales.length; // the first picture sets uPlot up
    expect(first).toBeGreaterThan(0);
    await answer(101);
    await answer(102);
    expect(drawn.length).toBeGreaterThanOrEqual(3); // the series layer moved on …
    expect(xScales).toHaveLength(first); // … uPlot did not (its time axis is the layer's)
    view.pointerOver = true;
    await answer(103);
    expect(xScales.length).toBeGreaterThan(first);
    // The live range, on the next whole pixel at or after the newest packet.
    expect((xScales.at(-1) as { max: number }).max).toBeCloseTo(103, 0);
  });

  it("puts the newest values back at once when uPlot writes placeholders with the cursor away, new data or not", async () => {
    const { view, driver, calls, legend, frame, chart } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    frame();
    expect(legend[1]!.textContent).toBe("2");
    view.togglePause(); // no new data comes: only a pointer leaving changes the legend now
    frame();
    // The pointer left: uPlot wrote its placeholder in every cell, then its setLegend hook ran.
    for (const cell of legend) cell.textContent = "—";
    driver.legendWritten(chart);
    expect(legend.map((cell) => cell.textContent)).toEqual(["100", "2"]);
    // Pointed at, uPlot's hovered values stand.
    (chart.cursor as { left: number }).left = 40;
    legend[1]!.textContent = "1";
    driver.legendWritten(chart);
    expect(legend[1]!.textContent).toBe("1");
  });

  it("shows what was drawn in a new chart's legend without waiting for new data", async () => {
    const { view, driver, calls, frame } = setup();
    frame();
    calls[0]!.resolve(series(100));
    await settle();
    frame();
    view.togglePause();
    // A new chart (the theme changed), legend as uPlot builds it; nothing new comes.
    const again = fakeChart();
    driver.attach(again.chart, {
      full: () => undefined,
      update: () => undefined,
      dispose: () => undefined,
    });
    for (const cell of again.legend) cell.textContent = "—";
    frame(600);
    expect(again.legend[1]!.textContent).toBe("2");
  });

  it("changes every plot's legend in the same slot of the clock, at most once a slot", async () => {
    // Two plots on one clock, frames every 100 ms; b's data starts coming later.
    const a = setup();
    const b = setup();
    const changes = { a: [] as number[], b: [] as number[] };
    for (let t = 100; t <= 3000; t += 100) {
      for (const [name, plot] of [
        ["a", a],
        ["b", b],
      ] as const) {
        if (name === "b" && t < 350) continue;
        const before = plot.legend[1]!.textContent;
        for (const call of plot.calls.splice(0))
          call.resolve({ ...series(t), data: [Float64Array.of(t - 1, t), Float64Array.of(1, t)] });
        await settle();
        plot.frame(name === "b" && t === 400 ? 400 : 100);
        if (plot.legend[1]!.textContent !== before) changes[name].push(t);
      }
    }
    const slot = (t: number) => Math.floor(t / LEGEND_INTERVAL_MS);
    expect(changes.a.length).toBeGreaterThan(4);
    expect(new Set(changes.a.map(slot)).size).toBe(changes.a.length); // at most once a slot
    // After its first, b's legend changes in the same frames as a's: one repaint for both.
    expect(changes.b.length).toBeGreaterThan(4);
    for (const t of changes.b.slice(1)) expect(changes.a).toContain(t);
  });
});
