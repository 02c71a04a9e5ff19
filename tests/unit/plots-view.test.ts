import { describe, expect, it } from "vitest";
import { PlotView } from "../../src/panels/Plots/plotView";

/** One frame in which live results covering from..to arrived. */
function seen(view: PlotView, from: number | null, to: number | null): void {
  view.beginExtents();
  view.noteExtent(from, to);
  view.endExtents(null);
}

describe("shared plot view", () => {
  it("follows the newest data with the chosen window", () => {
    const view = new PlotView(30);
    seen(view, 1000, 1100);
    expect(view.xRange()).toEqual({ min: 1070, max: 1100 });
    expect(view.requestWindow()).toEqual({ from: 1070, to: null });
    expect(view.live).toBe(true);
  });

  it("shows all of history from the oldest point when the window is 'all'", () => {
    const view = new PlotView(null);
    seen(view, 1000, 1100);
    expect(view.xRange()).toEqual({ min: 1000, max: 1100 });
    expect(view.requestWindow()).toEqual({ from: null, to: null });
  });

  it("stops following on zoom and comes back live", () => {
    const view = new PlotView(30);
    seen(view, 1000, 1100);
    const version = view.version;
    view.zoomTo(1080, 1090);
    expect(view.follow).toBe(false);
    expect(view.version).toBeGreaterThan(version);
    seen(view, 1080, 1090); // the zoomed result
    expect(view.xRange()).toEqual({ min: 1080, max: 1090 });
    view.goLive();
    expect(view.requestWindow()).toEqual({ from: 1070, to: null });
    seen(view, 1070, 1200);
    expect(view.xRange()).toEqual({ min: 1170, max: 1200 });
  });

  it("follows packet time when it jumps back, and re-seeds when the live window is empty", () => {
    const view = new PlotView(30);
    seen(view, 1000, 2000);
    seen(view, 1000, 1100);
    expect(view.xRange()).toEqual({ min: 1070, max: 1100 });
    view.beginExtents();
    view.noteExtent(null, null);
    view.endExtents(1500);
    expect(view.requestWindow()).toEqual({ from: 1470, to: null });
  });

  it("ignores a zero-width zoom (a click)", () => {
    const view = new PlotView(30);
    seen(view, 1000, 1100);
    view.zoomTo(1080, 1080);
    expect(view.follow).toBe(true);
  });

  it("pans by a fraction of the visible range", () => {
    const view = new PlotView(30);
    seen(view, 1000, 1100);
    view.panBy(-0.5);
    expect(view.xRange()).toEqual({ min: 1055, max: 1085 });
    expect(view.follow).toBe(false);
  });

  it("freezes a live view on pause and follows again on resume", () => {
    const view = new PlotView(30);
    seen(view, 1000, 1100);
    view.togglePause();
    expect(view.live).toBe(false);
    seen(view, 1000, 1110); // a request that was in flight when pausing
    expect(view.xRange()).toEqual({ min: 1070, max: 1100 });
    view.togglePause();
    seen(view, 1000, 1110);
    expect(view.xRange()).toEqual({ min: 1080, max: 1110 });
    expect(view.live).toBe(true);
  });

  it("tells subscribers only when follow or pause flip", () => {
    const view = new PlotView(30);
    seen(view, 1000, 1100);
    let calls = 0;
    view.subscribe(() => calls++);
    view.zoomTo(1050, 1060);
    view.zoomTo(1051, 1061);
    view.togglePause();
    expect(calls).toBe(2);
    expect(view.getFlags()).toEqual({ follow: false, paused: true });
  });
});
