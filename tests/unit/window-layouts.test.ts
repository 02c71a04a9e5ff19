// Per-window choices (issue 38): each window's plot layout and map view are
// saved under its name, so two windows do not overwrite each other's. The
// first window keeps the keys used before windows had names.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultLayout, type PlotLayout } from "../../src/state/plotLayout/plotLayout";
import {
  DEFAULT_MAP_SETTINGS,
  MAP_SETTINGS_KEY,
  readMapSettings,
  writeMapSettings,
} from "../../src/state/mapSettings";
import { MemoryStorage } from "./memoryStorage";

const SAVED_BEFORE_NAMES: PlotLayout = {
  version: 1,
  window: "10m",
  plots: [{ id: "speed", fields: ["MotorDetails0.VehicleVelocity"] }],
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fresh page: new modules over the given storages (a reload or another window). */
async function openPage(local: Storage, session: Storage) {
  vi.resetModules();
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", session);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const naming = await import("../../src/state/windowName");
  const store = await import("../../src/state/plotLayout/plotLayoutStore");
  const named = async (name: string) => {
    await naming.claimWindowName(() => Promise.resolve(name), session);
    await tick(); // valtio tells subscribers after the current task
  };
  return { store, named };
}

const fieldsOf = (layout: PlotLayout) => layout.plots.map((plot) => plot.fields);

describe("plot layouts saved per window", () => {
  let local: MemoryStorage;
  beforeEach(() => {
    local = new MemoryStorage();
    local.setItem("plotLayout", JSON.stringify(SAVED_BEFORE_NAMES));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("Window 1 still loads the layout saved before windows had names", async () => {
    const { store, named } = await openPage(local, new MemoryStorage());
    await named("Window 1");
    expect(store.plotLayout.window).toBe("10m");
    expect(fieldsOf(store.plotLayout)).toEqual([["MotorDetails0.VehicleVelocity"]]);
  });

  it("a new window starts from the default; a plot added there stays out of Window 1", async () => {
    const second = await openPage(local, new MemoryStorage());
    await second.named("Window 2");
    expect(fieldsOf(second.store.plotLayout)).toEqual(fieldsOf(defaultLayout()));
    second.store.addPlot(["Battery.PackCurrent"]);
    await tick();
    expect(JSON.parse(local.getItem("plotLayout")!)).toEqual(SAVED_BEFORE_NAMES);
    const saved = JSON.parse(local.getItem("plotLayout:Window 2")!) as PlotLayout;
    expect(saved.plots.at(-1)?.fields).toEqual(["Battery.PackCurrent"]);

    const first = await openPage(local, new MemoryStorage());
    await first.named("Window 1");
    expect(fieldsOf(first.store.plotLayout)).toEqual([["MotorDetails0.VehicleVelocity"]]);
  });

  it("a reloaded window loads its own layout under the name it kept", async () => {
    const tab = new MemoryStorage();
    const before = await openPage(local, tab);
    await before.named("Window 2");
    before.store.setWindowPreset("30s");
    await tick();
    const after = await openPage(local, tab); // the same tab: its sessionStorage stays
    expect(after.store.plotLayout.window).toBe("30s"); // before the core answers
    await after.named("Window 2");
    expect(after.store.plotLayout.window).toBe("30s");
  });

  it("a tab that loaded another window's name shows its own once the core names it", async () => {
    const copied = new MemoryStorage();
    copied.setItem("helios.windowName", "Window 1"); // a duplicated tab
    const page = await openPage(local, copied);
    expect(page.store.plotLayout.window).toBe("10m");
    await page.named("Window 2");
    expect(page.store.plotLayout.window).toBe(defaultLayout().window);
    page.store.removePlot(page.store.plotLayout.plots[0]!.id);
    await tick();
    expect(JSON.parse(local.getItem("plotLayout")!)).toEqual(SAVED_BEFORE_NAMES);
  });
});

describe("map view saved per window, tile server shared", () => {
  const TILES = { tileUrl: "https://tiles.example/{z}/{x}/{y}.png", attribution: "© Example" };

  it("Window 2's view has its own key; Window 1's stays where it was", () => {
    const local = new MemoryStorage();
    local.setItem(
      MAP_SETTINGS_KEY,
      JSON.stringify({ ...DEFAULT_MAP_SETTINGS, ...TILES, follow: false }),
    );
    const second = readMapSettings(local, "Window 2");
    expect(second).toEqual({ ...DEFAULT_MAP_SETTINGS, ...TILES }); // default view, shared tiles
    writeMapSettings(local, "Window 2", { ...second, colorField: "Battery.PackCurrent" }, false);
    expect(readMapSettings(local, "Window 2").colorField).toBe("Battery.PackCurrent");
    expect(readMapSettings(local, "Window 1")).toEqual({
      ...DEFAULT_MAP_SETTINGS,
      ...TILES,
      follow: false,
    });
  });

  it("a tile server set in one window reaches the others and is not put back", () => {
    const local = new MemoryStorage();
    const first = readMapSettings(local, "Window 1");
    writeMapSettings(local, "Window 1", { ...first, follow: false }, false);
    const second = readMapSettings(local, "Window 2");
    writeMapSettings(local, "Window 2", { ...second, ...TILES }, true);
    expect(readMapSettings(local, "Window 1")).toMatchObject({ ...TILES, follow: false });
    // Window 1 then moves its view, still holding the old (no) tile server.
    writeMapSettings(local, "Window 1", { ...first, follow: true }, false);
    expect(readMapSettings(local, "Window 2")).toMatchObject(TILES);
  });
});
