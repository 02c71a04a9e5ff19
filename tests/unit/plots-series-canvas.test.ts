// What the render worker does to a plot's series: a fresh picture is painted
// whole; a live update that did not move the x range redraws only the strip
// where data changed; anything else repaints. A recording context stands in
// for the surface's OffscreenCanvas (the plot at its top left corner here;
// plots-surface.test.ts places plots elsewhere).
import { describe, expect, it } from "vitest";
import { SeriesCanvas } from "../../workers/render/SeriesCanvas";
import { picture, recorder, type Call } from "./paintRecorder";

function setup() {
  const { ctx, calls } = recorder();
  const layer = new SeriesCanvas();
  layer.moveTo({ ctx, x: 0, y: 0 });
  return { calls, layer };
}

const named = (calls: Call[], name: string) => calls.filter((c) => c[0] === name);
/** The series' calls: those after the last clip (the axis is drawn first). */
const seriesCalls = (calls: Call[]) => calls.slice(calls.map((c) => c[0]).lastIndexOf("clip"));

describe("a plot's series layer in the render worker", () => {
  it("paints a fresh picture whole, over the plotting area and the time axis under it", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 70]]);
    expect(named(seriesCalls(calls), "moveTo")).toHaveLength(1);
    expect(named(seriesCalls(calls), "lineTo")).toHaveLength(9);
  });

  it("redraws only the strip from the newest bucket on when nothing moved", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    calls.length = 0;
    layer.update(picture(0), 7); // x = 7 s is pixel 70; one pixel more for its anti-aliased edge
    expect(named(calls, "clearRect")).toEqual([["clearRect", 69, 0, 31, 70]]);
    // The axis (lines and labels) and the series, each clipped to the strip.
    expect(named(calls, "rect")).toEqual([
      ["rect", 69, 0, 31, 70],
      ["rect", 69, 0, 31, 50],
    ]);
    // From two points before the strip (x 5.5 and 6.5 reach into it) to the newest.
    expect(named(seriesCalls(calls), "moveTo")).toEqual([["moveTo", 55, expect.any(Number)]]);
    expect(named(seriesCalls(calls), "lineTo")).toHaveLength(4);
  });

  it("repaints whole when the live range moved on by a pixel or more", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    calls.length = 0;
    layer.update(picture(0.2), 9); // 0.2 s = 2 px
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 70]]);
    expect(named(seriesCalls(calls), "lineTo")).toHaveLength(9);
  });

  it("repaints whole when the y range changed or the move is not whole pixels", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    calls.length = 0;
    layer.update(picture(0, 20), 9);
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 70]]);
    calls.length = 0;
    layer.update(picture(0.25, 20), 9);
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 70]]);
  });

  it("draws the time axis under the lines: grid lines on pixel centres, only whole labels", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    // Ticks at 0, 5 and 10 s fall on pixels 0, 50 and 100; only "5" fits whole.
    expect(named(calls, "fillText")).toEqual([["fillText", "5", 50.5, 55]]);
    expect(named(calls, "moveTo").slice(0, 3)).toEqual([
      ["moveTo", 0.5, 0],
      ["moveTo", 50.5, 0],
      ["moveTo", 100.5, 0],
    ]);
  });

  it("shows a time label once it fits whole, as the range moves on", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    calls.length = 0;
    layer.update(picture(0.5), 9); // "10" (at 9.5 s → pixel 95) is still cut off …
    expect(named(calls, "fillText").map((c) => c[1])).toEqual(["5"]);
    calls.length = 0;
    layer.update(picture(1), 9); // … and now whole
    expect(named(calls, "fillText").map((c) => c[1])).toEqual(["5", "10"]);
  });

  it("measures each time label once, and again in a new font", () => {
    const { calls, layer } = setup();
    layer.full(picture(0));
    for (let x = 0.1; x < 1; x += 0.1) layer.update(picture(x), 9);
    expect(named(calls, "measureText").map((c) => c[1])).toEqual(["0", "5", "10", "15"]);
    calls.length = 0;
    const big = picture(1);
    big.axis = { ...big.axis, font: "200px sans-serif" };
    layer.update(big, 9); // "5" (100 px wide at pixel 40) no longer fits whole
    expect(named(calls, "measureText")).toHaveLength(4);
    expect(named(calls, "fillText")).toEqual([]);
  });
});
