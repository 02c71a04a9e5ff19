// The shared frame loop spreads plot draws over frames: once a frame's plot
// work passed its budget, the remaining plots draw first in the next frame.
import { afterEach, describe, expect, it, vi } from "vitest";
import { FRAME_WORK_BUDGET_MS } from "../../src/panels/Plots/cadence";
import { PlotFrameLoop } from "../../src/panels/Plots/frameLoop";
import type { PlotDriver } from "../../src/panels/Plots/plotDriver";
import { PlotStats } from "../../src/panels/Plots/plotStats";
import { PlotView } from "../../src/panels/Plots/plotView";

let clock = 0;

/** A plot whose draw takes `ms` of (fake) main-thread time; it records the frames it drew in. */
function fakePlot(ms: number, log: number[][], frameNo: () => number, id: number) {
  return {
    pointCount: 250,
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

afterEach(() => vi.restoreAllMocks());

describe("plot frame loop", () => {
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
});
