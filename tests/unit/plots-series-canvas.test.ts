// What the render worker does to a plot's series layer: a fresh picture is
// painted whole; live updates shift by whole pixels and redraw only the strip
// where data changed; anything else repaints. A recording context stands in
// for the OffscreenCanvas's.
import { describe, expect, it } from "vitest";
import type { SeriesPicture } from "../../workers/contract";
import { SeriesCanvas, type PaintContext } from "../../workers/render/SeriesCanvas";

type Call = [string, ...unknown[]];

function recorder(): { ctx: PaintContext; calls: Call[] } {
  const calls: Call[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const ctx = {
    save: record("save"),
    restore: record("restore"),
    beginPath: record("beginPath"),
    rect: record("rect"),
    clip: record("clip"),
    moveTo: record("moveTo"),
    lineTo: record("lineTo"),
    stroke: record("stroke"),
    clearRect: record("clearRect"),
    drawImage: (_image: unknown, x: number, y: number) => calls.push(["drawImage", x, y]),
    lineWidth: 1,
    lineJoin: "miter",
    strokeStyle: "",
    globalCompositeOperation: "source-over",
  } as unknown as PaintContext;
  return { ctx, calls };
}

/** 100 px over 10 s: a point a second, one series from 0 to 9 on a 0..10 axis. */
function picture(xMin: number, yMax = 10): SeriesPicture {
  const xs = Float64Array.from({ length: 10 }, (_, i) => xMin + i + 0.5);
  return {
    data: [xs, Float64Array.from(xs, (_, i) => i)],
    x: { min: xMin, max: xMin + 10 },
    y: [null, { min: 0, max: yMax }],
    width: 100,
    height: 50,
    lineWidth: 1,
    strokes: ["", "#f00"],
    shown: [true, true],
    stepped: [false, false],
  };
}

function setup() {
  const canvas = { width: 0, height: 0 };
  const { ctx, calls } = recorder();
  const layer = new SeriesCanvas(canvas as unknown as OffscreenCanvas, ctx);
  return { canvas, calls, layer };
}

const named = (calls: Call[], name: string) => calls.filter((c) => c[0] === name);

describe("a plot's series layer in the render worker", () => {
  it("paints a fresh picture whole, sized to the plotting area", () => {
    const { canvas, calls, layer } = setup();
    layer.full(picture(0));
    expect(canvas).toEqual({ width: 100, height: 50 });
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 50]]);
    expect(named(calls, "moveTo")).toHaveLength(1);
    expect(named(calls, "lineTo")).toHaveLength(9);
  });

  it("redraws only the strip from the newest bucket on when nothing moved", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    calls.length = 0;
    layer.update(picture(0), 7); // x = 7 s is pixel 70; one pixel more for its anti-aliased edge
    expect(named(calls, "drawImage")).toEqual([]);
    expect(named(calls, "clearRect")).toEqual([["clearRect", 69, 0, 31, 50]]);
    expect(named(calls, "rect")).toEqual([["rect", 69, 0, 31, 50]]);
    // From two points before the strip (x 5.5 and 6.5 reach into it) to the newest.
    expect(named(calls, "moveTo")).toEqual([["moveTo", 55, expect.any(Number)]]);
    expect(named(calls, "lineTo")).toHaveLength(4);
  });

  it("shifts the picture by whole pixels with one blit when the live range moved on", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    calls.length = 0;
    layer.update(picture(0.2), 9); // 0.2 s = 2 px
    expect(named(calls, "drawImage")).toEqual([["drawImage", -2, 0]]);
    expect(named(calls, "clearRect")[0]![1]).toBe(87);
  });

  it("repaints whole when the y range changed or the move is not whole pixels", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    calls.length = 0;
    layer.update(picture(0, 20), 9);
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 50]]);
    calls.length = 0;
    layer.update(picture(0.25, 20), 9);
    expect(named(calls, "drawImage")).toEqual([]);
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 50]]);
  });
});
