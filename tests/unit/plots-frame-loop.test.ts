// The shared frame loop spreads plot draws over frames: once a frame's plot
// work passed its budget, the remaining plots draw first in the next frame.
import { afterEach, describe, expect, it, vi } from "vitest";
import { FRAME_WORK_BUDGET_MS, LATENCY_INTERVAL_MS } from "../../src/panels/Plots/cadence";
import { IDLE_CHECK_MS, PlotFrameLoop } from "../../src/panels/Plots/frameLoop";
import type { PlotDriver } from "../../src/panels/Plots/plotDriver";
import { PlotStats } from "../../src/state/plotStats";
import { PlotView } from "../../src/panels/Plots/plotView";
import { plotRefreshText } from "../../src/ui/format/plotRefreshText";
import type { LiveStatus } from "../../src/worker-client/liveStore";
import type { RenderNews } from "../../workers/contract/renderProtocol";

let clock = 0;

/** A plot whose draw takes `ms` of (fake) main-thread time; it records the frames it drew in. */
function fakePlot(
  ms: number,
  log: number[][],
  frameNo: () => number,
  id: number,
  firstPictureDue = false,
) {
  return {
    firstPictureDue,
    pixelWidth: 500,
    takeAnswerMs: () => 0,
    takeExtent: () => undefined,
    resume: () => undefined,
    frame: () => {
      clock += ms;
      log[frameNo()]!.push(id);
      return true;
    },
  } as unknown as PlotDriver;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("plot frame loop", () => {
  it("asks for no animation frames while every plot is in the render worker's hands: it looks in with each snapshot, and is woken at once", () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal("cancelAnimationFrame", () => undefined);
    vi.stubGlobal("document", { addEventListener() {}, removeEventListener() {} });
    let snapshot = (): void => undefined;
    const loop = new PlotFrameLoop(
      new PlotView(120),
      new PlotStats(),
      () => null,
      () => true,
      undefined,
      (listener) => {
        snapshot = listener;
        return () => (snapshot = () => undefined);
      },
    );
    let looks = 0;
    const plot = {
      pixelWidth: 500,
      handedToWorker: true,
      takeAnswerMs: () => 0,
      takeExtent: () => undefined,
      resume: () => undefined,
      suspend: () => undefined,
      frame: () => {
        looks++;
        return false;
      },
    };
    loop.add(plot as unknown as PlotDriver);
    loop.start();
    frames.shift()!(0);
    expect(looks).toBe(1);
    expect(frames).toHaveLength(0); // idle: no next frame asked for …
    snapshot(); // … it looks in with a snapshot, in the snapshot's task …
    expect(looks).toBe(2);
    vi.advanceTimersByTime(IDLE_CHECK_MS - 1);
    expect(looks).toBe(2); // (a snapshot put the fallback look off)
    vi.advanceTimersByTime(1);
    expect(looks).toBe(3); // … or when none came for a while
    expect(frames).toHaveLength(0);
    loop.wake(); // the view changed, the pointer came over a plot
    expect(frames).toHaveLength(1);
    snapshot(); // woken: the look waits for the frame
    vi.advanceTimersByTime(IDLE_CHECK_MS);
    expect(looks).toBe(3);
    frames.shift()!(100);
    expect(looks).toBe(4);
    loop.wake();
    plot.handedToWorker = false; // taken back: every frame again
    frames.shift()!(116);
    expect(frames).toHaveLength(1);
    snapshot(); // not idle: snapshots do not draw
    expect(looks).toBe(5);
    frames.shift()!(133);
    expect(frames).toHaveLength(1);
    loop.stop();
    snapshot();
    vi.advanceTimersByTime(IDLE_CHECK_MS);
    expect(looks).toBe(6);
  });

  it("draws plots in turn until the frame's budget is spent, the rest first in the next frame", () => {
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const loop = new PlotFrameLoop(
      new PlotView(120),
      new PlotStats(),
      () => null,
      () => true,
    );
    const log: number[][] = [];
    let n = -1;
    const drawMs = FRAME_WORK_BUDGET_MS / 4; // 12 plots would make a frame three budgets long
    for (let id = 0; id < 12; id++) loop.add(fakePlot(drawMs, log, () => n, id));
    for (let f = 0; f < 8; f++) {
      log.push([]);
      n = f;
      loop.frame(f * 16.7);
    }
    const perFrame = Math.floor(FRAME_WORK_BUDGET_MS / drawMs) + 1;
    for (const drawn of log) expect(drawn.length).toBeLessThanOrEqual(perFrame);
    expect(log[0]!.length).toBeLessThan(12);
    // The plots put off go first in the next frame, so every plot gets its turn.
    expect(log[1]![0]).toBe(log[0]!.at(-1)! + 1);
    expect(new Set(log.slice(0, 3).flat()).size).toBe(12);
  });

  it("never puts a plot's first picture off to the next frame (a layout switch waits for them all)", () => {
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const loop = new PlotFrameLoop(
      new PlotView(120),
      new PlotStats(),
      () => null,
      () => true,
    );
    const log: number[][] = [[]];
    const drawMs = FRAME_WORK_BUDGET_MS / 4;
    // Twelve new plots, and two already drawn that refresh: those wait their turn.
    for (let id = 0; id < 12; id++) loop.add(fakePlot(drawMs, log, () => 0, id, true));
    for (let id = 12; id < 14; id++) loop.add(fakePlot(drawMs, log, () => 0, id, false));
    loop.frame(0);
    expect(log[0]).toEqual([...Array(12).keys()]);
  });

  it("draws every plot in one frame when they fit", () => {
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const loop = new PlotFrameLoop(
      new PlotView(120),
      new PlotStats(),
      () => null,
      () => true,
    );
    const log: number[][] = [[]];
    for (let id = 0; id < 12; id++) loop.add(fakePlot(0.2, log, () => 0, id));
    loop.frame(0);
    expect(log[0]).toHaveLength(12);
  });

  it("counts each of the render worker's batched answers: one late in four keeps the pace, two slow it", () => {
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    vi.stubGlobal("requestAnimationFrame", () => 1);
    vi.stubGlobal("cancelAnimationFrame", () => undefined);
    vi.stubGlobal("document", { addEventListener() {}, removeEventListener() {} });
    let deliver = (_news: RenderNews): void => undefined;
    const stats = new PlotStats();
    const loop = new PlotFrameLoop(
      new PlotView(120),
      stats,
      () => null,
      () => true,
      (listener) => {
        deliver = listener;
        return () => undefined;
      },
    );
    loop.start();
    let now = 0;
    /** One second of frames, the worker reporting four refreshes' answers every 250 ms. */
    const second = (answerMs: number[]) => {
      for (let f = 0; f < 60; f++) {
        if (f % 15 === 0) deliver({ type: "news", plots: [], paints: [], answerMs, updateMs: [] });
        loop.frame((now += 1000 / 60));
      }
    };
    for (let s = 0; s < 3; s++) second([5, 5, 5, 500]);
    expect(stats.cadenceFactor).toBe(1);
    for (let s = 0; s < 3; s++) second([5, 5, 500, 500]);
    expect(stats.cadenceFactor).toBeGreaterThan(1);
    expect(plotRefreshText(stats)).toMatch(/data arriving late/);
    loop.stop();
  });

  it("refreshes live plots less often while the worker says packets arrive late, and says why", () => {
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const stats = new PlotStats();
    let lagMs = 2_000;
    const status = () =>
      ({
        connection: { arrivalLagMs: lagMs },
        counters: { accepted: 0, lastPacketTime: null },
      }) as unknown as LiveStatus;
    const loop = new PlotFrameLoop(new PlotView(120), stats, status, () => true);
    const log: number[][] = [];
    for (let id = 0; id < 4; id++) loop.add(fakePlot(0.2, log, () => 0, id));
    log.push([]);
    let now = 0;
    const run = (seconds: number) => {
      for (let f = 0; f < seconds * 60; f++) loop.frame((now += 1000 / 60));
    };
    run(3);
    expect(stats.cadenceFactor).toBeGreaterThan(2);
    expect(stats.intervalMs).toBeGreaterThan(2 * LATENCY_INTERVAL_MS);
    expect(plotRefreshText(stats)).toMatch(/data arriving late/);
    lagMs = 10; // the backlog drained
    run(30);
    expect(stats.cadenceFactor).toBe(1);
  });
});
