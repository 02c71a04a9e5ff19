// The "Today" window as the user sees it: the x range spans the day (its
// start to start + the stepped span) while following, zoom and pause work as
// for any window, the driver asks Today's tails and hands the plot to the
// render worker, and the render worker paints it against the day's range,
// only the new data until the span steps up. Answers come from a real
// telemetry store, so the day's start and grid are the worker's own.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SeriesRequest } from "../../workers/contract/series";
import type {
  LivePlotSpec,
  RenderNews,
  SeriesPicture,
} from "../../workers/contract/renderProtocol";
import type { SeriesPainter } from "../../src/panels/Plots/livePicture";
import type { SeriesFrame } from "../../src/panels/Plots/seriesLayer";
import { PlotView } from "../../src/panels/Plots/plotView";
import { baseIntervalMs, LATENCY_INTERVAL_MS } from "../../src/panels/Plots/cadence";
import {
  isTodayPreset,
  parseStoredLayout,
  WINDOW_LABELS,
  WINDOW_SECONDS,
} from "../../src/state/plotLayout/plotLayout";
import { LivePlots } from "../../workers/render/LivePlots";
import { tailStart } from "../../workers/shared/plots/liveTail";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { liveDriverRig, liveLook } from "./plotsKit";
import { LAYOUT } from "../../workers/telemetry/features";

beforeAll(() => {
  (globalThis as { devicePixelRatio?: number }).devicePixelRatio = 1;
});

const TIME = LAYOUT.storedFieldSlot("TimeStamp")!.index;
const FIELD = "Battery.PackVoltage";
const VOLTS = LAYOUT.storedFieldSlot(FIELD)!.index;
const H = 3600;

/** Epoch seconds of a local time on 15 January 2026. */
const at = (hours: number, minutes = 0): number =>
  new Date(2026, 0, 15, hours, minutes).getTime() / 1000;

/** A store with a packet a second from `from` to `to` (yesterday evening's packets before a long pause, if asked). */
function day(from: number, to: number): { store: TelemetryStore; moveOn: (until: number) => void } {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 50_000 });
  let next = from;
  const moveOn = (until: number) => {
    for (; next <= until; next++) {
      const slot = store.ring.claimSlot();
      store.ring.setNumber(slot, TIME, next);
      store.ring.setNumber(slot, VOLTS, 100 + Math.sin(next / 60) * 10);
    }
  };
  moveOn(to);
  return { store, moveOn };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the Today preset", () => {
  it("sits beside the fixed windows, labelled Today, and older stored layouts still load", () => {
    expect(WINDOW_LABELS.today).toBe("Today");
    expect(isTodayPreset("today")).toBe(true);
    expect(isTodayPreset("all")).toBe(false);
    expect(WINDOW_SECONDS.today).toBeNull();
    const stored = (window: string) =>
      parseStoredLayout(JSON.stringify({ version: 1, window, plots: [] }));
    expect(stored("today")).toMatchObject({ layout: { window: "today" }, warning: null });
    expect(stored("1h")).toMatchObject({ layout: { window: "1h" }, warning: null });
  });

  it("refreshes at the latency budget's pace, as All does", () => {
    const view = new PlotView(WINDOW_SECONDS.today, true);
    expect(baseIntervalMs(view.windowSeconds, 800)).toBe(LATENCY_INTERVAL_MS);
  });
});

describe("the shared view on Today", () => {
  const dayRange = { start: at(7), span: 2 * H };
  const follow = (view: PlotView, to: number) => {
    view.beginExtents();
    view.noteExtent(at(7), to, dayRange);
    view.endExtents(null);
  };

  it("shows the day's range while following, not the data's extent", () => {
    const view = new PlotView(null, true);
    follow(view, at(8, 10));
    expect(view.xRange()).toEqual({ min: at(7), max: at(9) });
    expect(view.requestWindow()).toEqual({ from: null, to: null });
  });

  it("zooms, pauses and goes live again as any window does", () => {
    const view = new PlotView(null, true);
    follow(view, at(8, 10));
    view.zoomTo(at(8), at(8, 1));
    expect(view.xRange()).toEqual({ min: at(8), max: at(8, 1) });
    expect(view.requestWindow()).toEqual({ from: at(8), to: at(8, 1) });
    follow(view, at(8, 11)); // a zoomed view does not move with the day
    expect(view.xRange()).toEqual({ min: at(8), max: at(8, 1) });
    view.goLive();
    follow(view, at(8, 11));
    expect(view.xRange()).toEqual({ min: at(7), max: at(9) });
    view.togglePause();
    follow(view, at(8, 12));
    expect(view.fixedRange()).toEqual({ min: at(7), max: at(9) });
  });

  it("leaves Today for a fixed window", () => {
    const view = new PlotView(null, true);
    follow(view, at(8, 10));
    view.setWindow(30);
    follow(view, at(8, 10));
    expect(view.xRange()).toEqual({ min: at(8, 10) - 30, max: at(8, 10) });
  });
});

describe("a Today plot on the main thread", () => {
  it("asks with today, then only tails, and hands the plot to the render worker as Today", async () => {
    const { store, moveOn } = day(at(7), at(8, 10));
    const handovers: Parameters<NonNullable<SeriesPainter["live"]>>[1][] = [];
    const painter: SeriesPainter = {
      full: () => undefined,
      update: () => undefined,
      dispose: () => undefined,
      live: (_frame, handover) => handovers.push(handover),
      still: () => undefined,
    };
    const view = new PlotView(null, true);
    const { calls, frame } = liveDriverRig(painter, view);
    frame();
    expect(calls[0]!.request).toMatchObject({ today: true, from: null });
    expect(calls[0]!.request.liveWindowSeconds).toBeUndefined();
    const first = store.series(calls[0]!.request);
    calls[0]!.resolve(first);
    await settle();
    frame();
    expect(view.xRange()).toEqual({ min: at(7), max: at(9) });
    moveOn(at(8, 11));
    // The first picture is drawn and current: the plot goes to the render worker.
    expect(handovers).toHaveLength(1);
    expect(handovers[0]).toMatchObject({ today: true });
    expect(handovers[0]!.window!.day).toEqual({ start: at(7), span: 2 * H });
    // A zoom takes it back; the zoomed request is an ordinary one (split evenly, every sample of a minute).
    view.zoomTo(at(8), at(8, 1));
    frame();
    const zoomed = calls.at(-1)!.request;
    expect(zoomed).toMatchObject({ from: at(8), to: at(8, 1) });
    expect(zoomed.today).toBeUndefined();
    expect(store.series(zoomed).data[0]).toHaveLength(61);
  });

  // The first packet 4 s past a whole pixel (2 h on 800 px: 9 s a pixel). A
  // live range moved on to the next whole pixel would hide it, and a fault
  // one packet long in it.
  const firstPixelStart = at(7) + 4;

  /** The x range of the last picture drawn on the main thread, from a store of a packet a second. */
  async function drawnRange(view: PlotView, until: number) {
    const { store } = day(firstPixelStart, until);
    const frames: SeriesFrame[] = [];
    const painter: SeriesPainter = {
      full: (frame) => frames.push(frame),
      update: (frame) => frames.push(frame),
      dispose: () => undefined,
    };
    const { calls, frame } = liveDriverRig(painter, view);
    frame();
    calls[0]!.resolve(store.series(calls[0]!.request));
    await settle();
    frame();
    expect(frames.length).toBeGreaterThan(0);
    return frames.at(-1)!.x;
  }

  it("draws the day from its first packet: the range is the day's, not moved on to a whole pixel", async () => {
    const x = await drawnRange(new PlotView(null, true), at(8, 10));
    expect(x).toEqual({ min: firstPixelStart, max: firstPixelStart + 2 * H });
  });

  it("draws All from its first packet too, while a window of fixed length moves in whole pixels", async () => {
    expect(await drawnRange(new PlotView(null), at(8, 10))).toEqual({
      min: firstPixelStart,
      max: at(8, 10),
    });
    const window = await drawnRange(new PlotView(30 * 60), at(8, 10));
    expect(window.max - window.min).toBeCloseTo(30 * 60, 6);
    expect(window.max).toBeGreaterThan(at(8, 10));
  });

  it("joins a tail asked from the newest bucket", async () => {
    const { store, moveOn } = day(at(7), at(8, 10));
    const painter: SeriesPainter = {
      full: () => undefined,
      update: () => undefined,
      dispose: () => undefined,
    };
    const view = new PlotView(null, true);
    const { calls, frame } = liveDriverRig(painter, view);
    frame();
    const first = store.series(calls[0]!.request);
    calls[0]!.resolve(first);
    await settle();
    moveOn(at(8, 11));
    frame();
    expect(calls[1]!.request).toMatchObject({ today: true, from: tailStart(first) });
  });
});

describe("a Today plot in the render worker", () => {
  afterEach(() => vi.useRealTimers());

  function worker(from: number, to: number) {
    vi.useFakeTimers();
    const { store, moveOn } = day(from, to);
    const painted: { kind: "full" | "update"; fromX?: number; picture: SeriesPicture }[] = [];
    const reports: RenderNews[] = [];
    const asked: SeriesRequest[][] = [];
    const plots = new LivePlots(
      () => ({
        full: (picture) => painted.push({ kind: "full", picture }),
        update: (picture, fromX) => painted.push({ kind: "update", fromX, picture }),
      }),
      (news) => reports.push(news),
      () => 0,
    );
    plots.connect((requests) => {
      asked.push(requests);
      return Promise.resolve(store.seriesBatch(requests));
    });
    const request = { fields: [FIELD], points: 400, units: "metric" as const };
    const spec: LivePlotSpec = {
      id: 1,
      request,
      windowSeconds: 0,
      today: true,
      window: store.series({ ...request, from: null, to: null, today: true }),
      ...liveLook({ min: 0, max: 200 }),
      intervalMs: 33,
    };
    return { store, moveOn, plots, spec, painted, reports, asked };
  }

  it("asks Today's tails and paints only the new data against the day's fixed range", async () => {
    const { store, moveOn, plots, spec, painted, reports, asked } = worker(at(7), at(8, 10));
    plots.live(spec);
    moveOn(at(8, 10) + 5);
    await plots.refresh(); // (its first paint here may choose new y ranges: a whole paint)
    const tail = tailStart(spec.window!)!;
    expect(asked[0]).toEqual([expect.objectContaining({ today: true, from: tail, to: null })]);
    expect(asked[0]![0]!.liveWindowSeconds).toBeUndefined();
    expect(painted[0]!.picture.x).toEqual({ min: at(7), max: at(9) });
    expect(reports[0]!.plots[0]!.day).toEqual({ start: at(7), span: 2 * H });
    const held = painted[0]!.picture.data;
    moveOn(at(8, 10) + 10);
    await plots.refresh();
    expect(asked[1]![0]!.from).toBe(tailStart({ ...spec.window!, data: held as Float64Array[] }));
    expect(painted[1]).toMatchObject({ kind: "update", fromX: asked[1]![0]!.from });
    expect(painted[1]!.picture.x).toEqual({ min: at(7), max: at(9) });
    // What it paints is what a whole fetch of the day gives.
    const whole = store.series({ ...spec.request, from: null, to: null, today: true });
    expect(Array.from(painted[1]!.picture.data[0]!)).toEqual([...whole.data[0]!]);
    expect(Array.from(painted[1]!.picture.data[1]!)).toEqual([...whole.data[1]!]);
  });

  it("fetches the whole day once its span steps up, and paints it afresh over the wider range", async () => {
    const { moveOn, plots, spec, painted, asked } = worker(at(7), at(8, 59));
    plots.live(spec);
    moveOn(at(9, 2)); // past 2 h since 07:00: the span steps up to 3 h
    await plots.refresh(); // the tail is on a coarser grid: it does not join
    expect(painted).toHaveLength(0);
    await plots.refresh();
    expect(asked[1]).toEqual([expect.objectContaining({ today: true, from: null })]);
    expect(painted).toHaveLength(1);
    expect(painted[0]!.kind).toBe("full");
    expect(painted[0]!.picture.x).toEqual({ min: at(7), max: at(10) });
  });
});

describe("an All plot on the main thread", () => {
  it("asks tails on a grid stepped from the span it shows, not the whole history every refresh", async () => {
    const { store, moveOn } = day(at(7), at(8, 10));
    const painter: SeriesPainter = {
      full: () => undefined,
      update: () => undefined,
      dispose: () => undefined,
    };
    const view = new PlotView(null);
    const { calls, frame } = liveDriverRig(painter, view);
    const answer = async (i: number) => {
      calls[i]!.resolve(store.series(calls[i]!.request));
      await settle();
      frame();
    };
    frame();
    expect(calls[0]!.request).toMatchObject({ from: null, to: null });
    // Now the view knows the span (1 h 10 min, stepped up to 2 h); the first
    // answer was split evenly, so the first tail on the 2 h grid does not join it.
    await answer(0);
    expect(calls[1]!.request).toMatchObject({ liveWindowSeconds: 2 * H });
    await answer(1);
    expect(calls[2]!.request).toMatchObject({ from: null, liveWindowSeconds: 2 * H });
    await answer(2);
    const held = store.series(calls[2]!.request);
    moveOn(at(8, 11));
    expect(calls[3]!.request).toMatchObject({ from: tailStart(held), liveWindowSeconds: 2 * H });
    await answer(3);
    expect(calls[4]!.request.from).toBeGreaterThan(at(8, 10));
    // Past 2 h of history the grid steps up: the tail does not join, the whole history is asked once.
    moveOn(at(9, 1));
    await answer(4);
    await answer(5);
    expect(calls[6]!.request).toMatchObject({ from: null, liveWindowSeconds: 3 * H });
    await answer(6);
    expect(calls[7]!.request.from).toBeGreaterThanOrEqual(at(9));
  });
});
