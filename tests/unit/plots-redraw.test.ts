import { describe, expect, it } from "vitest";
import { plotRefreshText } from "../../src/ui/format/plotRefreshText";
import { PlotStats } from "../../src/state/plotStats";
import {
  AdaptiveCadence,
  baseIntervalMs,
  FRAME_MS,
  FRAME_OVERRUN_MS,
  LATENCY_INTERVAL_MS,
  MAX_INTERVAL_MS,
  WORK_SHARE_BUDGET,
  ANSWER_BUDGET_MS,
  ARRIVAL_LAG_BUDGET_MS,
} from "../../src/panels/Plots/cadence";
import { redrawReason, type RedrawInput } from "../../src/panels/Plots/redrawPolicy";

// A live 120 s window on a 400 px plot: a pixel is 0.3 s.
const base: RedrawInput = {
  visible: true,
  forced: false,
  range: { min: 880, max: 1000 },
  drawnRange: { min: 880, max: 1000 },
  freshTo: undefined,
  drawnTo: 1000,
  widthPx: 400,
};

describe("when a plot must redraw", () => {
  it("skips when nothing it shows changed", () => {
    expect(redrawReason(base)).toBeNull();
    expect(redrawReason({ ...base, freshTo: 1000 })).toBeNull(); // the same newest packet
  });

  it("skips a live range that moved less than a pixel, redraws once it moved one", () => {
    expect(redrawReason({ ...base, range: { min: 880.1, max: 1000.1 } })).toBeNull();
    expect(redrawReason({ ...base, range: { min: 880.3, max: 1000.3 } })).toBe("scroll");
  });

  it("redraws for new data inside the window", () => {
    expect(redrawReason({ ...base, freshTo: 1000.05, range: { min: 880.05, max: 1000.05 } })).toBe(
      "data",
    );
  });

  it("skips new data that lies outside a zoomed window", () => {
    const zoomed = { min: 100, max: 200 };
    const input = { ...base, range: zoomed, drawnRange: zoomed, drawnTo: 50 };
    expect(redrawReason({ ...input, freshTo: 60 })).toBeNull();
    expect(redrawReason({ ...input, freshTo: 150 })).toBe("data");
  });

  it("redraws when time jumps back or the window empties (a source switch)", () => {
    expect(redrawReason({ ...base, freshTo: 10 })).toBe("data");
    expect(redrawReason({ ...base, freshTo: null })).toBe("data");
  });

  it("redraws for an answer on another grid with the same newest packet (a new window's, after the old one was drawn at its range)", () => {
    // 10 min of 8.7 s buckets was drawn at the new 2-minute range; the 2-minute answer follows.
    const regrid = { ...base, freshTo: 1000, drawnGrid: 8.7 };
    expect(redrawReason({ ...regrid, freshGrid: 1.74 })).toBe("data");
    expect(redrawReason({ ...regrid, freshGrid: 8.7 })).toBeNull();
  });

  it("redraws for a zoom, a resize or a theme change, and the first picture", () => {
    expect(redrawReason({ ...base, range: { min: 950, max: 1000 } })).toBe("zoom");
    expect(redrawReason({ ...base, forced: true })).toBe("forced");
    expect(redrawReason({ ...base, drawnRange: null, drawnTo: null, freshTo: 1000 })).toBe("data");
  });

  it("never redraws off screen or in a hidden page, whatever changed", () => {
    expect(
      redrawReason({
        ...base,
        visible: false,
        forced: true,
        freshTo: 2000,
        range: { min: 0, max: 9 },
      }),
    ).toBeNull();
  });
});

describe("adaptive cadence", () => {
  /**
   * `seconds` of frames `gapMs` apart; every `drawEvery`-th frame draws with
   * `workMs` of plot work (the others draw nothing: 0).
   */
  function run(
    cadence: AdaptiveCadence,
    seconds: number,
    workMs: number,
    { gapMs = 1000 / 60, drawEvery = 4, answerMs = 5, lagMs = 0 } = {},
  ) {
    let now = (cadence as unknown as { t?: number }).t ?? 0;
    for (let i = 0; i < seconds * (1000 / gapMs); i++) {
      now += gapMs;
      // A series answer arrives in the frame after each draw.
      if (i % drawEvery === 1) cadence.noteAnswer(answerMs);
      cadence.frame(now, i % drawEvery === 0 ? workMs : 0, lagMs);
    }
    (cadence as unknown as { t?: number }).t = now;
  }

  it("keeps the base interval while the plots' work fits", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 5, 2);
    expect(cadence.factor).toBe(1);
    expect(cadence.intervalMs(60)).toBe(60);
  });

  it("does not slow down for frames that come late for someone else's reason", () => {
    // A busy machine: frames 50 ms apart, but the plots' own work is small.
    const cadence = new AdaptiveCadence();
    run(cadence, 5, 2, { gapMs: 50, drawEvery: 1 });
    expect(cadence.factor).toBe(1);
    expect(cadence.slowdowns).toBe(0);
  });

  it("refreshes less often while drawing frames run over budget, never beyond the cap", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 2, FRAME_OVERRUN_MS * 1.5);
    expect(cadence.factor).toBeGreaterThan(1);
    expect(cadence.intervalMs(60)).toBeGreaterThan(60);
    expect(cadence.slowdowns).toBeGreaterThan(0);
    run(cadence, 30, FRAME_OVERRUN_MS * 1.5);
    expect(cadence.intervalMs(60)).toBe(MAX_INTERVAL_MS);
  });

  it("slows down when many small draws add up to more than its share of the main thread", () => {
    // 5 ms every frame: each frame fits, but 30 % of the wall clock does not.
    const cadence = new AdaptiveCadence();
    run(cadence, 2, 5, { drawEvery: 1 });
    expect(cadence.factor).toBeGreaterThan(1);
    expect(cadence.state.workShare).toBeGreaterThan(WORK_SHARE_BUDGET);
  });

  it("recovers step by step once work fits again", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 4, FRAME_OVERRUN_MS * 1.5);
    const slowed = cadence.factor;
    run(cadence, 3, 1); // the first second may still hold slow frames
    expect(cadence.factor).toBeLessThan(slowed);
    run(cadence, 30, 1);
    expect(cadence.factor).toBe(1);
  });

  it("refreshes less often while the worker answers late (it is behind the socket), and recovers", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 2, 1, { answerMs: ANSWER_BUDGET_MS * 3 });
    expect(cadence.factor).toBeGreaterThan(1);
    expect(cadence.state.slowAnswers).toBeGreaterThan(0);
    expect(cadence.reason).toBe("worker");
    run(cadence, 30, 1, { answerMs: ANSWER_BUDGET_MS * 3 });
    expect(cadence.intervalMs(60)).toBe(MAX_INTERVAL_MS);
    run(cadence, 30, 1, { answerMs: 5 });
    expect(cadence.factor).toBe(1);
  });

  it("slows no further than the longest interval, so the refresh returns soon after the load eases", () => {
    const cadence = new AdaptiveCadence();
    cadence.intervalMs(60);
    run(cadence, 30, 1, { lagMs: ARRIVAL_LAG_BUDGET_MS * 4 });
    expect(cadence.intervalMs(60)).toBe(MAX_INTERVAL_MS);
    expect(cadence.factor).toBe(MAX_INTERVAL_MS / 60);
    run(cadence, 2, 1, { lagMs: 20 }); // the first window still holds the lag
    expect(cadence.intervalMs(60)).toBeLessThan(MAX_INTERVAL_MS);
    run(cadence, 4, 1, { lagMs: 20 });
    expect(cadence.factor).toBe(1);
  });

  it("refreshes less often while live packets arrive late (the machine is behind), and recovers", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 3, 1, { lagMs: ARRIVAL_LAG_BUDGET_MS * 4 });
    expect(cadence.factor).toBeGreaterThan(2);
    expect(cadence.reason).toBe("worker");
    run(cadence, 30, 1, { lagMs: 20 });
    expect(cadence.factor).toBe(1);
  });

  it("judges afresh after a pause: a hidden tab's gap is not load", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 0.5, FRAME_OVERRUN_MS * 1.5);
    cadence.restart();
    run(cadence, 3, 1);
    expect(cadence.slowdowns).toBe(0);
  });
});

describe("refresh interval follows the window", () => {
  it("is about one refresh per pixel of time, at most one per frame", () => {
    expect(baseIntervalMs(10, 1000)).toBe(FRAME_MS); // 10 ms per pixel: once a frame
    expect(baseIntervalMs(60, 2000)).toBeCloseTo(30); // 30 ms per pixel
    expect(baseIntervalMs(30, 1000)).toBeCloseTo(30);
  });

  it("never waits longer than the latency budget allows, nor without a window", () => {
    expect(baseIntervalMs(120, 450)).toBe(LATENCY_INTERVAL_MS); // 267 ms per pixel
    expect(baseIntervalMs(3600, 1800)).toBe(LATENCY_INTERVAL_MS);
    expect(baseIntervalMs(null, 500)).toBe(LATENCY_INTERVAL_MS);
  });
});

describe("what diagnostics say about the plots' refresh", () => {
  it("names why the cadence slowed: the plots' own work, or a worker behind the socket", () => {
    const stats = new PlotStats();
    expect(plotRefreshText(stats)).toBe("No live plots");
    stats.intervalMs = 60;
    expect(plotRefreshText(stats)).toBe("every 60 ms (full rate)");
    stats.intervalMs = 135;
    stats.cadenceFactor = 2.25;
    expect(plotRefreshText(stats)).toBe("every 135 ms (slowed 2.3×: plot work over budget)");
    stats.slowReason = "worker";
    expect(plotRefreshText(stats)).toBe("every 135 ms (slowed 2.3×: data arriving late)");
  });
});
