// bench:browser's two-window case (issue 38): the one-window budgets in each
// window, judged on figures a page may not have (NaN arrives as null).
import { describe, expect, it } from "vitest";
import type { RateResult } from "../../bench/browserRun";
import {
  halfLayout,
  twoWindowsHold,
  worseOf,
  type TwoWindowsResult,
} from "../../bench/browserWindows";
import { benchLayout } from "../../bench/browserPage";

const good = {
  fpsMedian: 59.9,
  longTasks: 0,
  latencyP95Ms: 60,
  stallMaxMs: 40,
  busy: 0.15,
  stored: 12_000,
  sent: 12_000,
} as RateResult;

const two = (
  a: Partial<RateResult>,
  b: Partial<RateResult> = {},
  names: TwoWindowsResult["names"] = ["Window 1", "Window 2"],
): TwoWindowsResult => ({
  windows: [
    { ...good, ...a },
    { ...good, ...b },
  ],
  names,
  threads: [],
});

describe("two windows × 6 plots", () => {
  it("each window shows half of the 12 bench plots", () => {
    expect(halfLayout(benchLayout("2m")).plots.map((p) => p.id)).toEqual(
      ["0", "1", "2", "3", "4", "5"].map((i) => `bench-${i}`),
    );
  });

  it("holds when both windows hold the one-window budgets on one core", () => {
    expect(twoWindowsHold(two({}), 0.1)).toBe(true);
  });

  it("misses when one window misses one budget", () => {
    expect(twoWindowsHold(two({}, { fpsMedian: 40 }), 0.1)).toBe(false);
    expect(twoWindowsHold(two({}, { longTasks: 1 }), 0.1)).toBe(false);
    expect(twoWindowsHold(two({ latencyP95Ms: 120 }), 0.1)).toBe(false);
    expect(twoWindowsHold(two({ busy: 0.25 }), 0.1)).toBe(false); // > 2× the baseline
    expect(twoWindowsHold(two({ stored: 11_000 }), 0.1)).toBe(false);
    // A worker that stopped for 300 ms, though the p95 held (issue 57).
    expect(twoWindowsHold(two({}, { stallMaxMs: 300 }), 0.1)).toBe(false);
  });

  it("misses when a window drew nothing new (no latency) or the windows had two cores", () => {
    const noLatency = null as unknown as number; // a page's NaN through CDP
    expect(twoWindowsHold(two({ latencyP95Ms: noLatency }), 0.1)).toBe(false);
    expect(twoWindowsHold(two({}, {}, ["Window 1", "Window 1"]), 0.1)).toBe(false);
  });

  it("reports the worse window, and no figure when one has none", () => {
    expect(worseOf([60, 80], Math.max)).toBe(80);
    expect(worseOf([59.9, 41], Math.min)).toBe(41);
    expect(worseOf([null, null], Math.max)).toBeNaN();
    expect(worseOf([60, NaN], Math.max)).toBeNaN();
  });
});
