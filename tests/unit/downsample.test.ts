import { describe, expect, it } from "vitest";
import {
  fillColumn,
  gapThreshold,
  planDownsample,
} from "../../workers/telemetry/history/downsample";

/** One series: x and y of [lo, hi) downsampled to ≈points, as the series answer plans and fills it. */
function downsampleMinMax(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  lo: number,
  hi: number,
  points: number,
): { x: Float64Array; y: Float64Array } {
  const plan = planDownsample(x, lo, hi, points);
  const out = new Float64Array(plan.x.length);
  fillColumn(plan, y, out);
  return { x: plan.x, y: out };
}

const range = (n: number, f: (i: number) => number): Float64Array =>
  Float64Array.from({ length: n }, (_, i) => f(i));

describe("min/max downsampling for plots", () => {
  it("keeps a one-sample spike and dip among 10,000 points reduced to ~200", () => {
    const x = range(10_000, (i) => i * 0.01);
    const y = range(10_000, (i) => Math.sin(i / 500));
    y[5234] = 100;
    y[7001] = -50;
    const out = downsampleMinMax(x, y, 0, x.length, 200);
    expect(out.x.length).toBeGreaterThan(100);
    expect(out.x.length).toBeLessThanOrEqual(204);
    expect(Math.max(...out.y)).toBe(100);
    expect(Math.min(...out.y)).toBe(-50);
    expect(out.x[0]).toBe(0);
    expect(out.y[0]).toBe(y[0]);
    expect(out.x[out.x.length - 1]).toBe(x[9999]);
    expect(out.y[out.y.length - 1]).toBe(y[9999]);
    // x stays in increasing order, so the line is drawn left to right
    for (let i = 1; i < out.x.length; i++) expect(out.x[i]).toBeGreaterThanOrEqual(out.x[i - 1]!);
  });

  it("returns the samples unchanged when the window holds no more than the points asked for", () => {
    const x = range(50, (i) => 100 + i * 0.5);
    const y = range(50, (i) => i * i);
    const out = downsampleMinMax(x, y, 0, 50, 100);
    expect([...out.x]).toEqual([...x]);
    expect([...out.y]).toEqual([...y]);
  });

  it("gives empty arrays for an empty window and one point for one sample", () => {
    const x = new Float64Array([5, 6, 7]);
    const y = new Float64Array([1, 2, 3]);
    const empty = downsampleMinMax(x, y, 2, 2, 100);
    expect(empty.x.length).toBe(0);
    expect(empty.y.length).toBe(0);
    const one = downsampleMinMax(x, y, 1, 2, 100);
    expect([...one.x]).toEqual([6]);
    expect([...one.y]).toEqual([2]);
  });

  it("puts a NaN point in a gap so the plot shows a break, raw or downsampled", () => {
    // 2 packets/s, then nothing for 60 s, then 2 packets/s again
    const x = Float64Array.from([
      ...range(100, (i) => i * 0.5),
      ...range(100, (i) => 110 + i * 0.5),
    ]);
    const y = range(200, (i) => i);
    for (const points of [1000, 40]) {
      const out = downsampleMinMax(x, y, 0, x.length, points);
      const gaps = [...out.y].flatMap((v, i) => (Number.isNaN(v) ? [i] : []));
      expect(gaps).toHaveLength(1);
      const at = gaps[0]!;
      expect(out.x[at]).toBeGreaterThan(49.5);
      expect(out.x[at]).toBeLessThan(110);
      expect(out.y[at - 1]).toBe(99);
      expect(out.y[at + 1]).toBe(100);
    }
  });

  it("does not break the line for ordinary jitter between packets", () => {
    const x = range(300, (i) => i * 0.5 + (i % 3) * 0.1);
    const out = downsampleMinMax(
      x,
      range(300, () => 1),
      0,
      300,
      1000,
    );
    expect([...out.y].some(Number.isNaN)).toBe(false);
  });

  it("treats a gap as at least 2 s, or 3 median intervals for slow feeds", () => {
    expect(
      gapThreshold(
        range(100, (i) => i * 0.5),
        0,
        100,
      ),
    ).toBe(2);
    expect(
      gapThreshold(
        range(100, (i) => i * 2),
        0,
        100,
      ),
    ).toBe(6);
    expect(gapThreshold(new Float64Array([1]), 0, 1)).toBe(2);
  });

  it("survives x that goes backwards without losing samples' extremes", () => {
    const x = range(1000, (i) => (i === 500 ? 3 : i));
    const y = range(1000, (i) => (i === 700 ? 42 : 0));
    const out = downsampleMinMax(x, y, 0, 1000, 40);
    expect(out.x.length).toBeGreaterThan(0);
    expect(Math.max(...out.y.filter((v) => !Number.isNaN(v)))).toBe(42);
  });

  it("puts each sample in its grid bucket, samples on and a hair either side of a bucket's edge included", () => {
    // 10 Hz from a time that is no multiple of the width, with samples placed
    // exactly on edges and within a nanosecond of them.
    const width = 7.5;
    const t0 = 1_796_300_003.3;
    const x = range(6000, (i) => t0 + i / 10);
    for (const k of [1, 5, 20, 44]) {
      const edge = (Math.floor(t0 / width) + k) * width;
      const at = Math.round((edge - t0) * 10);
      x[at - 1] = edge - 1e-9;
      x[at] = edge;
      x[at + 1] = edge + 1e-9;
    }
    const plan = planDownsample(x, 0, x.length, 400, width);
    const seen: number[] = [];
    for (let s = 0; s < plan.kinds.length; s++) {
      const buckets = new Set<number>();
      for (let i = plan.starts[s]!; i < plan.ends[s]!; i++) buckets.add(Math.floor(x[i]! / width));
      expect(buckets.size).toBe(1); // a segment never mixes buckets
      seen.push([...buckets][0]!);
    }
    // … and each bucket is one segment (no gap here): one after another, none split.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)! - seen[0]!).toBe(seen.length - 1);
  });

  it("splits a window evenly into buckets of equal span when no grid is asked", () => {
    const x = range(10_000, (i) => 100 + i * 0.1);
    const plan = planDownsample(x, 0, x.length, 200);
    const span = (x.at(-1)! - x[0]!) / 50;
    for (let s = 0; s < plan.kinds.length; s++) {
      const bucket = (i: number) => Math.min(49, Math.floor((x[i]! - x[0]!) / span));
      expect(bucket(plan.starts[s]!)).toBe(bucket(plan.ends[s]! - 1));
      if (s > 0) expect(bucket(plan.starts[s]!)).toBe(bucket(plan.starts[s - 1]!) + 1);
    }
    expect(plan.kinds.length).toBe(50);
  });
});
