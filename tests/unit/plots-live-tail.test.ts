// A live plot keeps its window up to date from tails: the worker's buckets on
// a fixed grid of absolute time, joined on the main thread, must give exactly
// what fetching the whole window would, and the driver must paint the new
// data as an update of what it drew, not a whole redraw.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { liveDriverRig, liveLook } from "./plotsKit";
import type { SeriesRequest, SeriesResult } from "../../workers/contract/series";
import { fillColumn, planDownsample } from "../../workers/telemetry/history/downsample";
import type { SeriesPainter } from "../../src/panels/Plots/livePicture";
import {
  mergeTail,
  newestBucketStart,
  wholePixelRange,
} from "../../workers/shared/plots/liveWindow";
import { LivePlots, NEWS_INTERVAL_MS } from "../../workers/render/LivePlots";
import type {
  LivePlotNews,
  LivePlotSpec,
  RenderNews,
  SeriesPicture,
} from "../../workers/contract/renderProtocol";

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

/** A driver with a fake chart and a painter that records what it is asked (and can refresh a live plot alone). */
function setup({ canHandOver = false } = {}) {
  const paints: string[] = [];
  const handovers: Parameters<NonNullable<SeriesPainter["live"]>>[1][] = [];
  const painter: SeriesPainter = {
    full: () => paints.push("full"),
    update: () => paints.push("update"),
    dispose: () => undefined,
    ...(canHandOver && {
      live: (_frame, handover) => {
        paints.push("live");
        handovers.push(handover);
      },
      still: () => paints.push("still"),
    }),
  };
  const { calls, frame, view, chart } = liveDriverRig(painter);
  return { calls, frame, paints, painter, handovers, view, chart };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the plot driver with its series layer", () => {
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

describe("a live plot handed over to the render worker", () => {
  const grid = 20 / 100;

  /** What the render worker says it painted of the plot: its one column's extent and the y range it chose. */
  const news = (min: number, max: number, y = { min, max }): LivePlotNews => ({
    id: 1,
    from: 1010,
    to: 1031,
    extents: [min, max],
    newest: [1031, max],
    units: ["V"],
    y: [null, y],
  });

  /** A live plot drawn once by the driver, which then hands it over. */
  async function handedOver() {
    const driven = setup({ canHandOver: true });
    driven.frame();
    driven.calls[0]!.resolve(answer(packets(1030), 1010, grid));
    await settle();
    driven.frame();
    return driven;
  }

  it("is handed over once drawn, and this side then neither asks nor paints", async () => {
    const { calls, frame, paints, handovers } = await handedOver();
    expect(paints.slice(-2)).toEqual(["full", "live"]); // drawn here first
    expect(handovers[0]!.windowSeconds).toBe(20);
    expect(handovers[0]!.window!.to).toBeCloseTo(1030, 9);
    const asked = calls.length;
    const painted = paints.length;
    for (let i = 0; i < 5; i++) frame();
    expect(calls.length).toBe(asked);
    expect(paints.length).toBe(painted);
  });

  it("is taken back when the pointer comes over a plot, and asked for at once", async () => {
    const { calls, frame, paints, view } = await handedOver();
    view.pointerOver = true;
    const asked = calls.length;
    frame();
    expect(paints.at(-1)).toBe("still");
    expect(calls.length).toBe(asked + 1);
  });

  it("shows on uPlot's y axes the ranges the worker chose, and sends nothing back", async () => {
    const { calls, frame, paints, painter, handovers, chart } = await handedOver();
    const asked = calls.length;
    painter.onNews!(news(-900, 900, { min: -1000, max: 1000 }));
    expect(chart.scales.y).not.toMatchObject({ min: -1000, max: 1000 }); // at the next look
    frame();
    // The worker's choice, not a range of this side's own for the extents.
    expect(chart.scales.y).toMatchObject({ min: -1000, max: 1000 });
    painter.onNews!(news(-10, 10, { min: -12, max: 12 }));
    frame();
    expect(chart.scales.y).toMatchObject({ min: -12, max: 12 });
    // The worker keeps the plot and its window: nothing is handed over, fetched or painted here.
    expect(handovers).toHaveLength(1);
    expect(paints.at(-1)).toBe("live");
    expect(calls.length).toBe(asked);
  });
});

describe("the render worker refreshing live plots on its own", () => {
  const grid = 20 / 100;
  type Painted = { kind: "full" | "update"; fromX?: number; picture: SeriesPicture };

  function workerSetup(inFrame?: (paint: () => void) => void) {
    vi.useFakeTimers(); // refreshes are driven by hand below
    const painted: Painted[] = [];
    const layer = {
      full: (picture: SeriesPicture) => painted.push({ kind: "full", picture }),
      update: (picture: SeriesPicture, fromX: number) =>
        painted.push({ kind: "update", fromX, picture }),
    };
    const reports: RenderNews[] = [];
    const asked: SeriesRequest[][] = [];
    let history = packets(1030);
    const clock = { now: 0 };
    const plots = new LivePlots(
      () => layer,
      (news) => reports.push(news),
      () => clock.now,
      inFrame,
    );
    plots.connect((requests) => {
      asked.push(requests);
      return Promise.resolve(requests.map((r) => answer(history, r.from!, grid)));
    });
    const spec: LivePlotSpec = {
      id: 1,
      request: { fields: ["Battery.PackVoltage"], points: 400, units: "metric" },
      windowSeconds: 20,
      window: answer(history, 1010, grid),
      ...liveLook({ min: -20, max: 30 }),
      intervalMs: 60,
    };
    const moveOn = (until: number) => (history = packets(until));
    return { plots, spec, painted, reports, asked, moveOn, clock };
  }

  afterEach(() => vi.useRealTimers());

  it("asks for the newest bucket on, joins it and paints only what changed", async () => {
    const { plots, spec, painted, reports, asked, moveOn } = workerSetup();
    plots.live(spec);
    moveOn(1030.5);
    await plots.refresh();
    const tailFrom = newestBucketStart(spec.window!.data[0]!, grid)!;
    expect(asked[0]).toEqual([
      expect.objectContaining({ from: tailFrom, to: null, liveWindowSeconds: 20 }),
    ]);
    expect(painted).toHaveLength(1);
    const { kind, fromX, picture } = painted[0]!;
    expect(kind).toBe("update");
    expect(fromX).toBe(tailFrom);
    // What a whole fetch would show, on an x range a window long that reaches the newest packet.
    const whole = answer(packets(1030.5), 1010.5, grid);
    expect(Array.from(picture.data[1]!).slice(-20)).toEqual(Array.from(whole.data[1]!).slice(-20));
    expect(picture.x.max).toBeGreaterThanOrEqual(1030.5);
    expect(picture.x.max - picture.x.min).toBeCloseTo(20, 9);
    expect(picture.axis.labels.length).toBeGreaterThan(0);
    // The UI hears what it needs for the y axes and the legend.
    const news = reports[0]!.plots[0]!;
    expect(news.to).toBeCloseTo(1030.5, 9);
    expect(news.extents.every((v) => Number.isFinite(v))).toBe(true);
    expect(news.newest![0]).toBeCloseTo(1030.5, 9);
    expect(reports[0]!.paints[0]!.newestX).toBeCloseTo(1030.5, 9);
    expect(reports[0]!.updateMs).toHaveLength(1); // the plot update, timed where it is done
  });

  it("tells the UI at once when it chose new y ranges, else at most every NEWS_INTERVAL_MS with every paint since", async () => {
    const { plots, spec, reports, moveOn, clock } = workerSetup();
    plots.live(spec);
    moveOn(1030.5);
    await plots.refresh(); // the first report goes at once
    expect(reports).toHaveLength(1);
    clock.now = NEWS_INTERVAL_MS / 2;
    moveOn(1030.7);
    await plots.refresh(); // inside its y ranges: it waits
    expect(reports).toHaveLength(1);
    clock.now = NEWS_INTERVAL_MS;
    moveOn(1030.9);
    await plots.refresh();
    expect(reports).toHaveLength(2);
    expect(reports[1]!.paints.map((p) => p.newestX)).toEqual([
      expect.closeTo(1030.7),
      expect.closeTo(1030.9),
    ]);
    expect(reports[1]!.updateMs).toHaveLength(2);
    expect(reports[1]!.plots[0]!.newest![0]).toBeCloseTo(1030.9, 9);
    // Handed over anew with y ranges narrower than the data: the worker
    // re-fits them, and the UI hears at once (its axes must follow).
    plots.live({
      ...spec,
      window: answer(packets(1030.9), 1010.9, grid),
      look: { ...spec.look, y: [null, { min: 0, max: 1 }] },
    });
    clock.now += 1;
    moveOn(1031.1);
    await plots.refresh();
    expect(reports).toHaveLength(3);
    expect(reports[2]!.plots[0]!.y[1]!.max).toBeGreaterThan(1);
  });

  it("re-fits the y ranges itself when the data leaves them: repaints the whole plot with them at once and reports them", async () => {
    const { plots, spec, painted, reports, moveOn } = workerSetup();
    plots.live({ ...spec, look: { ...spec.look, y: [null, { min: 0, max: 5 }] } });
    moveOn(1030.5);
    await plots.refresh();
    expect(painted.map((p) => p.kind)).toEqual(["full"]);
    const y = painted[0]!.picture.y[1]!;
    const [min, max] = reports[0]!.plots[0]!.extents as [number, number];
    expect(y.min).toBeLessThan(min);
    expect(y.max).toBeGreaterThan(max);
    expect(reports[0]!.plots[0]!.y).toEqual(painted[0]!.picture.y);
    // Inside the new ranges: the next refresh paints only what changed.
    moveOn(1030.6);
    await plots.refresh();
    expect(painted.map((p) => p.kind)).toEqual(["full", "update"]);
    expect(painted[1]!.picture.y).toEqual(painted[0]!.picture.y);
  });

  it("keeps its window and y ranges when the UI sends a new interval, and paints an answer that comes meanwhile", async () => {
    const { plots, spec, painted, moveOn } = workerSetup();
    plots.live(spec);
    moveOn(1030.5);
    const pending = plots.refresh();
    plots.live({
      ...spec,
      window: null,
      intervalMs: 120,
      look: { ...spec.look, y: [null, { min: -50, max: 50 }] }, // the UI's axes, behind ours
    });
    await pending;
    const last = painted.at(-1)!;
    expect(last.kind).toBe("update");
    expect(last.picture.y).toEqual(spec.look.y);
    expect(Array.from(last.picture.data[0]!).at(-1)).toBeCloseTo(1030.5, 9);
  });

  it("neither asks for nor paints a plot given back", async () => {
    const { plots, spec, painted, asked } = workerSetup();
    plots.live(spec);
    plots.still(spec.id);
    await plots.refresh();
    expect(asked).toHaveLength(0);
    expect(painted).toHaveLength(0);
  });

  it("asks for the whole window when a tail does not join (the source changed)", async () => {
    const { plots, spec, painted, asked, moveOn } = workerSetup();
    plots.live(spec);
    moveOn(1005); // time went back
    await plots.refresh();
    expect(painted).toHaveLength(0);
    moveOn(1031);
    await plots.refresh();
    expect(asked[1]![0]!.from).toBeCloseTo(1030 - 20, 9);
    expect(painted.map((p) => p.kind)).toEqual(["full"]);
  });

  it("drops an answer from a line to the telemetry worker that was replaced", async () => {
    const { plots, spec, painted } = workerSetup();
    let answerOld: (results: SeriesResult[]) => void = () => undefined;
    plots.connect(() => new Promise((resolve) => (answerOld = resolve)));
    plots.live(spec);
    const pending = plots.refresh();
    plots.connect(() => Promise.resolve([]));
    answerOld([answer(packets(1031), 1029.8, grid)]);
    await pending;
    expect(painted).toHaveLength(0);
  });

  describe("painting in the worker's animation frame", () => {
    /** Frames run by hand: the paints asked for so far. */
    function byHand() {
      const frames: (() => void)[] = [];
      const runFrame = () => frames.splice(0).forEach((paint) => paint());
      return { inFrame: (paint: () => void) => void frames.push(paint), frames, runFrame };
    }

    it("paints nothing before the frame, then every plot once in it", async () => {
      const { inFrame, frames, runFrame } = byHand();
      const { plots, spec, painted, reports, moveOn } = workerSetup(inFrame);
      plots.live(spec);
      plots.live({ ...spec, id: 2 });
      moveOn(1030.5);
      await plots.refresh();
      expect(painted).toHaveLength(0);
      expect(frames).toHaveLength(1); // one frame for both plots
      runFrame();
      expect(painted.map((p) => p.kind)).toEqual(["update", "update"]);
      expect(painted[0]!.picture.x).toEqual(painted[1]!.picture.x);
      expect(reports[0]!.plots.map((p) => p.id)).toEqual([1, 2]);
    });

    it("joins two answers before a frame into one paint from the earlier change", async () => {
      const { inFrame, frames, runFrame } = byHand();
      const { plots, spec, painted, reports, moveOn } = workerSetup(inFrame);
      plots.live(spec);
      moveOn(1030.5);
      await plots.refresh();
      const firstFrom = newestBucketStart(spec.window!.data[0]!, grid)!;
      moveOn(1031.5);
      await plots.refresh();
      expect(frames).toHaveLength(1);
      runFrame();
      expect(painted).toHaveLength(1);
      expect(painted[0]!.fromX).toBe(firstFrom); // the strip covers both answers' changes
      expect(Array.from(painted[0]!.picture.data[0]!).at(-1)).toBeCloseTo(1031.5, 9);
      expect(reports[0]!.answerMs).toHaveLength(2);
    });

    it("does not paint a plot given back, or a window the UI replaced, before the frame", async () => {
      const { inFrame, runFrame } = byHand();
      const { plots, spec, painted, moveOn } = workerSetup(inFrame);
      plots.live(spec);
      plots.live({ ...spec, id: 2 });
      moveOn(1030.5);
      await plots.refresh();
      plots.still(2);
      plots.live({ ...spec, window: answer(packets(1030.5), 1010.5, grid) }); // the UI's own
      runFrame();
      expect(painted).toHaveLength(0);
    });
  });
});
