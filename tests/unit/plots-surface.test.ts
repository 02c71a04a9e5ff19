// The render worker's one series surface: every plot paints at its place on
// it, nothing is painted where the page has not placed a plot, a new layout
// or surface repaints every plot at its place, and a plot that goes is
// cleared. A recording context stands in for the surface's OffscreenCanvas.
import { describe, expect, it } from "vitest";
import { PlotSurface } from "../../workers/render/PlotSurface";
import { picture, recorder, type Call } from "./paintRecorder";

function setup() {
  const { ctx, calls } = recorder();
  const surface = { canvas: { width: 0, height: 0 }, ctx };
  const plots = new PlotSurface();
  plots.setSurface(surface);
  return { surface, plots, calls };
}

/** Where the plots were painted: each translation, and the clears on the surface itself. */
function placed(calls: Call[]): string[] {
  return calls.flatMap(([name, ...at]) => {
    if (name === "translate") return [`at ${at.join(" ")}`];
    if (name === "clearRect") return [`clear ${at.join(" ")}`];
    return [];
  });
}

const layout = (places: { id: number; x: number; y: number }[]) => ({
  width: 800,
  height: 600,
  places,
});

describe("every plot's series on one surface", () => {
  it("paints a plot at its place once the page has placed it, and sizes the surface", () => {
    const { surface, plots, calls } = setup();
    plots.attach(1);
    plots.layer(1)!.full(picture(0)); // 100 × 70 with its time axis
    expect(placed(calls)).toEqual([]);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    expect(surface.canvas).toEqual({ width: 800, height: 600 });
    expect(placed(calls)).toEqual(["clear 0 0 800 600", "at 10 20", "clear 0 0 100 70"]);
  });

  it("a live update paints at the plot's place too", () => {
    const { plots, calls } = setup();
    plots.attach(1);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    plots.layer(1)!.full(picture(0));
    calls.length = 0;
    plots.layer(1)!.update(picture(0), 7); // the strip from pixel 69 on
    expect(placed(calls)).toEqual(["at 10 20", "clear 69 0 31 70"]);
  });

  it("paints every plot afresh at its new place when the layout changes", () => {
    const { plots, calls } = setup();
    plots.attach(1);
    plots.attach(2);
    plots.layout(
      layout([
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 200, y: 0 },
      ]),
    );
    plots.layer(1)!.full(picture(0));
    plots.layer(2)!.full(picture(0));
    calls.length = 0;
    plots.detach(1);
    plots.layout(layout([{ id: 2, x: 0, y: 0 }]));
    expect(placed(calls)).toEqual([
      "clear 0 0 100 70", // plot 1 goes
      "clear 0 0 800 600",
      "at 0 0",
      "clear 0 0 100 70",
    ]);
    expect(plots.layer(1)).toBeUndefined();
  });

  it("clears what a plot covered when its picture shrinks", () => {
    const { plots, calls } = setup();
    plots.attach(1);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    plots.layer(1)!.full(picture(0));
    calls.length = 0;
    plots.layer(1)!.full({ ...picture(0), width: 50 });
    expect(placed(calls)).toEqual(["at 10 20", "clear 0 0 100 70"]);
    calls.length = 0;
    plots.detach(1);
    expect(placed(calls)).toEqual(["clear 10 20 50 70"]);
  });

  it("paints every plot on a new surface (the plots panel mounted again)", () => {
    const { plots } = setup();
    plots.attach(1);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    plots.layer(1)!.full(picture(0));
    const next = recorder();
    plots.setSurface({ canvas: { width: 0, height: 0 }, ctx: next.ctx });
    expect(placed(next.calls)).toEqual(["at 10 20", "clear 0 0 100 70"]);
    // Its 4 time ticks and the 9 segments of its series.
    expect(next.calls.filter(([name]) => name === "lineTo")).toHaveLength(13);
  });
});
