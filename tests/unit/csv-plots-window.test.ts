// The navbar's Export offers the plots' visible window when they are zoomed
// (issue 32 item 17); the Plots panel lends its view's fixed range.
import { afterEach, describe, expect, it } from "vitest";
import { PlotView } from "../../src/panels/Plots/plotView";
import { csvDialog, openCsvDialog } from "../../src/state/csvDialog";
import { providePlotsWindow } from "../../src/state/plotsWindow";

/** A live view over 1070..1100, lent as the Plots panel lends it. */
function plots() {
  const view = new PlotView(30);
  view.beginExtents();
  view.noteExtent(1000, 1100);
  view.endExtents(null);
  const stop = providePlotsWindow(() => {
    const range = view.fixedRange();
    return range ? { from: range.min, to: range.max } : null;
  });
  return { view, stop };
}

let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  csvDialog.open = false;
});

describe("the navbar's Export and the plots' window", () => {
  it("offers the zoomed plots' window", () => {
    const { view, stop } = plots();
    stops.push(stop);
    view.zoomTo(1080.25, 1090.5);
    openCsvDialog();
    expect(csvDialog.preset).toEqual({
      kind: "telemetry",
      window: { from: 1080.25, to: 1090.5 },
    });
  });

  it("offers a paused plots' window, which stands still too", () => {
    const { view, stop } = plots();
    stops.push(stop);
    view.togglePause();
    openCsvDialog();
    expect(csvDialog.preset).toEqual({ kind: "telemetry", window: { from: 1070, to: 1100 } });
  });

  it("offers none while the plots follow the newest data, or when no plots are shown", () => {
    const { stop } = plots();
    openCsvDialog();
    expect(csvDialog.preset).toEqual({ kind: "telemetry", window: null });
    csvDialog.open = false;
    stop();
    openCsvDialog();
    expect(csvDialog.preset).toEqual({ kind: "telemetry", window: null });
  });
});
