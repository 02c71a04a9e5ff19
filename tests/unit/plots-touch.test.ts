// Touch on a plot (issue 63): pinch zooms about the fingers' centre, two
// fingers sideways pan, a long press places the cursor, one finger is the page's.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlotView } from "../../src/panels/Plots/plotView";
import { LONG_PRESS_MS, PlotTouch, type TouchPoint } from "../../src/panels/Plots/plotTouch";

/** A live view over 1070..1100, on a plotting area 300 px wide. */
function rig() {
  const view = new PlotView(30);
  view.beginExtents();
  view.noteExtent(1000, 1100);
  view.endExtents(null);
  const cursor: { at: { x: number; y: number } | null } = { at: null };
  const calls = { pan: [] as number[], zoom: [] as number[] };
  const touch = new PlotTouch(
    {
      width: () => 300,
      range: () => view.xRange()!,
      setCursor: (at) => void (cursor.at = at),
    },
    {
      panBy: (fraction) => {
        calls.pan.push(fraction);
        view.panBy(fraction);
      },
      zoomBy: (factor, at) => {
        calls.zoom.push(factor);
        view.zoomBy(factor, at);
      },
    },
  );
  return { view, touch, cursor, calls };
}

const two = (ax: number, bx: number, y = 50): TouchPoint[] => [
  { id: 0, x: ax, y },
  { id: 1, x: bx, y },
];
const span = (view: PlotView) => view.xRange()!.max - view.xRange()!.min;
const centre = (view: PlotView) => (view.xRange()!.max + view.xRange()!.min) / 2;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("touch on a plot", () => {
  it("zooms in about the fingers' centre when they move apart", () => {
    const { view, touch } = rig();
    touch.start(two(125, 175)); // centred at 150 px: 1085
    for (const d of [30, 40, 50]) expect(touch.move(two(150 - d, 150 + d))).toBe(true);
    touch.end([]);
    expect(view.follow).toBe(false);
    expect(span(view)).toBeCloseTo(15); // 50 px apart became 100
    expect(centre(view)).toBeCloseTo(1085);
  });

  it("zooms out when they move together, keeping the time under them", () => {
    const { view, touch } = rig();
    touch.start(two(50, 150)); // centred at 100 px: 1080
    touch.move(two(75, 125));
    expect(span(view)).toBeCloseTo(60);
    const { min, max } = view.xRange()!;
    expect(min + (100 / 300) * (max - min)).toBeCloseTo(1080);
  });

  it("pans when two fingers move sideways together, the picture following them", () => {
    const { view, touch, calls } = rig();
    touch.start(two(100, 200));
    touch.move(two(130, 230)); // right by a tenth of the width: earlier times come in
    expect(calls.pan).toEqual([-0.1]);
    expect(calls.zoom).toEqual([]);
    expect(view.xRange()!.min).toBeCloseTo(1067);
    touch.move(two(70, 170)); // back left past the start: later
    expect(calls.pan[1]).toBeCloseTo(0.2);
    expect(view.xRange()!.min).toBeCloseTo(1073);
  });

  it("places the cursor after a long press, and hides it at the next touch", () => {
    const { view, touch, cursor } = rig();
    touch.start([{ id: 0, x: 120, y: 40 }]);
    touch.move([{ id: 0, x: 123, y: 42 }]); // a steady finger wobbles a little
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(cursor.at).toBeNull();
    vi.advanceTimersByTime(1);
    expect(cursor.at).toEqual({ x: 120, y: 40 });
    touch.end([]);
    expect(touch.cursorPlaced).toBe(true);
    expect(cursor.at).toEqual({ x: 120, y: 40 }); // it stays after the finger lifts
    expect(view.follow).toBe(true);
    touch.start([{ id: 0, x: 10, y: 10 }]);
    expect(cursor.at).toBeNull();
  });

  it("leaves a one-finger swipe to the page: no zoom, no pan, no cursor", () => {
    const { view, touch, cursor, calls } = rig();
    touch.start([{ id: 0, x: 150, y: 20 }]);
    for (const y of [40, 80, 120, 160]) expect(touch.move([{ id: 0, x: 152, y }])).toBe(false);
    vi.advanceTimersByTime(2 * LONG_PRESS_MS);
    touch.end([]);
    expect(calls).toEqual({ pan: [], zoom: [] });
    expect(view.follow).toBe(true);
    expect(cursor.at).toBeNull();
  });

  it("a finger that moves off its spot is not a long press", () => {
    const { touch, cursor } = rig();
    touch.start([{ id: 0, x: 150, y: 20 }]);
    touch.move([{ id: 0, x: 150, y: 35 }]);
    touch.move([{ id: 0, x: 150, y: 21 }]); // back again: still cancelled
    vi.advanceTimersByTime(2 * LONG_PRESS_MS);
    expect(cursor.at).toBeNull();
  });

  it("a finger lifted early, or a second finger, is not a long press", () => {
    const { touch, cursor } = rig();
    touch.start([{ id: 0, x: 150, y: 20 }]);
    vi.advanceTimersByTime(LONG_PRESS_MS / 2);
    touch.end([]);
    touch.start([{ id: 0, x: 150, y: 20 }]);
    touch.start(two(150, 200));
    vi.advanceTimersByTime(2 * LONG_PRESS_MS);
    expect(cursor.at).toBeNull();
  });

  it("a finger left on the plot after a pinch does nothing", () => {
    const { touch, calls } = rig();
    touch.start(two(100, 200));
    touch.end([{ id: 1, x: 200, y: 50 }]);
    expect(touch.move([{ id: 1, x: 250, y: 50 }])).toBe(false);
    vi.advanceTimersByTime(2 * LONG_PRESS_MS);
    expect(calls).toEqual({ pan: [], zoom: [] });
  });
});
