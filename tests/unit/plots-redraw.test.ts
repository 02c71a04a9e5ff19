import { describe, expect, it } from "vitest";
import {
  AdaptiveCadence,
  FRAME_WORK_BUDGET_MS,
  MAX_INTERVAL_MS,
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
  /** `seconds` of 60 fps frames, each with `workMs` of plot work. */
  function run(cadence: AdaptiveCadence, seconds: number, workMs: number, gapMs = 1000 / 60) {
    let now = (cadence as unknown as { t?: number }).t ?? 0;
    for (let i = 0; i < seconds * (1000 / gapMs); i++) {
      now += gapMs;
      cadence.frame(now, gapMs, workMs);
    }
    (cadence as unknown as { t?: number }).t = now;
  }

  it("keeps the base interval while frames fit", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 5, 2);
    expect(cadence.factor).toBe(1);
    expect(cadence.intervalMs(60)).toBe(60);
  });

  it("refreshes less often while frames run over budget, never beyond the cap", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 2, FRAME_WORK_BUDGET_MS * 2);
    expect(cadence.factor).toBeGreaterThan(1);
    expect(cadence.intervalMs(60)).toBeGreaterThan(60);
    expect(cadence.slowdowns).toBeGreaterThan(0);
    run(cadence, 30, FRAME_WORK_BUDGET_MS * 2);
    expect(cadence.intervalMs(60)).toBe(MAX_INTERVAL_MS);
  });

  it("counts late frames as over budget (the main thread had no time)", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 2, 0, 50);
    expect(cadence.factor).toBeGreaterThan(1);
  });

  it("recovers step by step once frames fit again", () => {
    const cadence = new AdaptiveCadence();
    run(cadence, 4, FRAME_WORK_BUDGET_MS * 2);
    const slowed = cadence.factor;
    run(cadence, 3, 1); // the first second may still hold slow frames
    expect(cadence.factor).toBeLessThan(slowed);
    run(cadence, 30, 1);
    expect(cadence.factor).toBe(1);
  });

  it("slows down when the worker answers series requests slower than half the interval", () => {
    const cadence = new AdaptiveCadence();
    let now = 0;
    for (let i = 0; i < 120; i++) {
      now += 1000 / 60;
      cadence.frame(now, 1000 / 60, 1, i % 4 === 0 ? 45 : 0, 60);
    }
    expect(cadence.factor).toBeGreaterThan(1);
  });
});
