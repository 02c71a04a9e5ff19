// The forecast service's key (Solcast's) is kept in this browser under a key
// of its own (src/state/savedForecastAddress.ts) and nowhere else: not in the
// settings, the plot layout, the new window's link or the worker's start
// config. Each of those writers runs here with the key saved, and afterwards
// only its own entry holds it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "./memoryStorage";

const KEY = "sk-secret-7f3a9c1e";
const ADDRESS = "https://api.solcast.com.au/world_radiation/forecasts?latitude=37&format=json";
const storage = new MemoryStorage();

beforeAll(() => {
  // The layout store reads and writes the page's localStorage itself.
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("sessionStorage", new MemoryStorage());
});
afterAll(() => void vi.unstubAllGlobals());

/** Every entry that holds the key, by storage key. */
function holdingKey(): string[] {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)!);
  return keys.filter((key) => storage.getItem(key)!.includes(KEY));
}

describe("the forecast service's key", () => {
  it("is saved under its own entry only, and the address without it", async () => {
    const saved = await import("../../src/state/savedForecastAddress");
    saved.saveForecastAddress(storage, ADDRESS, KEY);
    expect(saved.savedForecastAddress(storage)).toEqual({ address: ADDRESS, key: KEY });
    expect(holdingKey()).toEqual([saved.FORECAST_API_KEY_KEY]);
  });

  it("stays out of the settings, the plot layout, a new window's link and the worker's start config", async () => {
    const { FORECAST_API_KEY_KEY } = await import("../../src/state/savedForecastAddress");
    const { appState } = await import("../../src/state/appState");
    const { persistAppState, restoreAppState } = await import("../../src/state/persistence");
    const { STORAGE_KEYS } = await import("../../src/state/settingsSchema");
    // The settings and favourites, saved as they change.
    restoreAppState(storage);
    appState.loading = false;
    const stop = persistAppState(storage);
    appState.appUnits = appState.appUnits === "metric" ? "imperial" : "metric";
    appState.themeChoice = "dark";
    // The plot layout, saved under the window's name as it changes.
    const { addPlot } = await import("../../src/state/plotLayout/plotLayoutStore");
    addPlot(["Battery.PackVoltage"]);
    await new Promise((resolve) => setTimeout(resolve, 0)); // valtio tells subscribers after a tick
    stop();
    expect(storage.getItem(STORAGE_KEYS.settings)).not.toBeNull();
    expect(storage.getItem("plotLayout")).not.toBeNull();
    expect(Object.values(STORAGE_KEYS)).not.toContain(FORECAST_API_KEY_KEY);
    expect(holdingKey()).toEqual([FORECAST_API_KEY_KEY]);

    // The new window's address keeps only its own parameters.
    const { newWindowUrl } = await import("../../src/actions/windowActions");
    expect(newWindowUrl(`http://127.0.0.1:4173/strategy?backend=x&key=${KEY}`)).not.toContain(KEY);
    // What the worker starts with comes from the settings, not the whole storage.
    const { startConfig } = await import("../../src/actions/sharedSettingsTable");
    expect(JSON.stringify(startConfig())).not.toContain(KEY);
  });
});
