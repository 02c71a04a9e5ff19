// The mouse wheel over a plot (issue 32 item 8): alone it scrolls the page and
// leaves the plots live; ctrl/⌘ zooms about the pointer, shift pans.
import { describe, expect, it } from "vitest";
import { PlotView } from "../../src/panels/Plots/plotView";
import { onWheel, type WheelLike } from "../../src/panels/Plots/plotWheel";

/** A live view over 1070..1100, and a plot 300 px wide at x = 100 showing it. */
function rig() {
  const view = new PlotView(30);
  view.beginExtents();
  view.noteExtent(1000, 1100);
  view.endExtents(null);
  const plot = {
    over: { getBoundingClientRect: () => ({ left: 100 }) as DOMRect },
    posToVal: (px: number) => 1070 + (px / 300) * 30,
  };
  const actions = {
    zoomBy: (factor: number, at: number) => view.zoomBy(factor, at),
    panBy: (fraction: number) => view.panBy(fraction),
  };
  const wheel = (init: Partial<WheelLike>) => {
    let prevented = false;
    const event: WheelLike = {
      deltaX: 0,
      deltaY: 100,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      clientX: 250, // the middle of the plot: 1085
      preventDefault: () => void (prevented = true),
      ...init,
    };
    onWheel(plot, event, actions);
    return prevented;
  };
  return { view, wheel };
}

describe("the wheel over a plot", () => {
  it("scrolls the page and leaves the plots live", () => {
    const { view, wheel } = rig();
    expect(wheel({ deltaY: 100 })).toBe(false); // the browser scrolls the page
    expect(wheel({ deltaY: -100 })).toBe(false);
    expect(view.follow).toBe(true);
    expect(view.xRange()).toEqual({ min: 1070, max: 1100 });
  });

  it("zooms about the pointer with ctrl or ⌘", () => {
    const { view, wheel } = rig();
    expect(wheel({ ctrlKey: true, deltaY: -100 })).toBe(true); // not the browser's page zoom
    expect(view.follow).toBe(false);
    const zoomedIn = view.xRange()!;
    expect(zoomedIn.max - zoomedIn.min).toBeCloseTo(25);
    expect((zoomedIn.min + zoomedIn.max) / 2).toBeCloseTo(1085); // the pointer's time stays put
    wheel({ metaKey: true, deltaY: 100 });
    const out = view.xRange()!;
    expect(out.max - out.min).toBeCloseTo(30);
  });

  it("pans with shift", () => {
    const { view, wheel } = rig();
    expect(wheel({ shiftKey: true, deltaX: 100, deltaY: 0 })).toBe(true);
    expect(view.follow).toBe(false);
    expect(view.xRange()!.min).toBeCloseTo(1073);
  });
});
