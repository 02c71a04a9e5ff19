// The render worker's one series surface: every plot is painted on a canvas
// of its own and copied to its place on the surface, only what changed, and
// nothing is copied where the page has not placed it. Recording contexts
// stand in for the OffscreenCanvases.
import { describe, expect, it } from "vitest";
import { PlotSurface, type Drawable } from "../../workers/render/PlotSurface";
import { picture, recorder, type Call } from "./paintRecorder";

function drawable(): Drawable & { calls: Call[] } {
  const { ctx, calls } = recorder();
  const canvas = { width: 0, height: 0 } as unknown as OffscreenCanvas;
  return { canvas, ctx, calls };
}

function setup() {
  const surface = drawable();
  const plots = new PlotSurface(drawable);
  plots.setSurface(surface);
  return { surface, plots, calls: surface.calls };
}

/** What reached the surface: clears and copies (x, y, width, height on the surface). */
function copies(calls: Call[]): string[] {
  return calls.flatMap(([name, ...at]) => {
    if (name === "clearRect") return [`clear ${at.join(" ")}`];
    if (name === "drawImage") return [`copy ${at.slice(4).join(" ")} from ${at[0]}`];
    return [];
  });
}

const layout = (places: { id: number; x: number; y: number }[]) => ({
  width: 800,
  height: 600,
  places,
});

describe("every plot's series on one surface", () => {
  it("copies a plot to its place once the page has placed it, and sizes the surface", () => {
    const { surface, plots, calls } = setup();
    plots.attach(1);
    plots.layer(1)!.full(picture(0)); // 100 × 70 with its time axis
    expect(copies(calls)).toEqual([]);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    expect(surface.canvas).toMatchObject({ width: 800, height: 600 });
    expect(copies(calls)).toEqual([
      "clear 0 0 800 600",
      "clear 10 20 100 70",
      "copy 10 20 100 70 from 0",
    ]);
  });

  it("copies only the strip that changed, and the whole plot when it shifted", () => {
    const { plots, calls } = setup();
    plots.attach(1);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    plots.layer(1)!.full(picture(0));
    calls.length = 0;
    plots.layer(1)!.update(picture(0), 7); // the strip from pixel 69 on
    expect(copies(calls)).toEqual(["clear 79 20 31 70", "copy 79 20 31 70 from 69"]);
    calls.length = 0;
    plots.layer(1)!.update(picture(0.2), 9); // moved 2 px: all of it changed
    expect(copies(calls)).toEqual(["clear 10 20 100 70", "copy 10 20 100 70 from 0"]);
  });

  it("copies every plot afresh at its new place when the layout changes", () => {
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
    plots.layout(layout([{ id: 2, x: 0, y: 0 }]));
    expect(copies(calls)).toEqual([
      "clear 0 0 800 600",
      "clear 0 0 100 70",
      "copy 0 0 100 70 from 0",
      "clear 0 0 100 70",
      "copy 0 0 100 70 from 0",
    ]);
  });

  it("clears a plot's place when it goes, and what it covered when it shrinks", () => {
    const { plots, calls } = setup();
    plots.attach(1);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    plots.layer(1)!.full(picture(0));
    calls.length = 0;
    plots.layer(1)!.full({ ...picture(0), width: 50 });
    expect(copies(calls)).toEqual([
      "clear 10 20 100 70",
      "clear 10 20 50 70",
      "copy 10 20 50 70 from 0",
    ]);
    calls.length = 0;
    plots.detach(1);
    expect(copies(calls)).toEqual(["clear 10 20 50 70"]);
    expect(plots.layer(1)).toBeUndefined();
  });

  it("draws every plot on a new surface (the plots panel mounted again)", () => {
    const { plots } = setup();
    plots.attach(1);
    plots.layout(layout([{ id: 1, x: 10, y: 20 }]));
    plots.layer(1)!.full(picture(0));
    const next = drawable();
    plots.setSurface(next);
    expect(copies(next.calls)).toEqual(["clear 10 20 100 70", "copy 10 20 100 70 from 0"]);
  });
});
