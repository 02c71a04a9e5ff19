// Issue 58 item 16: damaged saved settings are said, as the other saved
// settings are ("Your saved … were not used: why"), never dropped in silence
// or blamed on a worker that did not answer. The client posts its arguments
// as Comlink does (a structured clone), so what cannot cross to a worker fails
// here as it does in the browser.
import { afterEach, describe, expect, it, vi } from "vitest";
import { restoreStrategySettings } from "../../src/actions/strategyActions";
import { STRATEGY_SETTINGS_KEY } from "../../src/state/savedStrategySettings";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { DEFAULT_STRATEGY_SETTINGS } from "../../workers/telemetry/strategy/strategySettings";
import { MemoryStorage } from "./memoryStorage";

/** A worker as a fresh page meets it, its calls' arguments cloned as postMessage clones them. */
function page() {
  const service = new TelemetryService({ demoSeed: 3 });
  const api = new Proxy(service, {
    get: (target, name) => {
      const member = Reflect.get(target, name) as unknown;
      if (typeof member !== "function") return member;
      return async (...args: unknown[]) =>
        (member as (...a: unknown[]) => unknown).apply(target, structuredClone(args));
    },
  });
  return { service, client: { api } as unknown as TelemetryClient };
}

function storageWith(key: string, text: string): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(key, text);
  return storage;
}

describe("saved strategy settings that cannot be used", () => {
  it("text that is not JSON is said, kept as it is, and the defaults stay", async () => {
    const storage = storageWith(STRATEGY_SETTINGS_KEY, "{capacity: 40 Ah");
    const { service, client } = page();
    const problem = await restoreStrategySettings(client, storage);
    expect(problem).toMatch(/^Your saved strategy settings were not used: .*not JSON/);
    expect(await service.strategySettings()).toEqual(DEFAULT_STRATEGY_SETTINGS);
    expect(storage.getItem(STRATEGY_SETTINGS_KEY)).toBe("{capacity: 40 Ah");
  });

  it("a 100,000-deep array is said to be no settings, not a worker that did not answer", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const { service, client } = page();
    const problem = await restoreStrategySettings(client, storageWith(STRATEGY_SETTINGS_KEY, deep));
    expect(problem).toBe(
      "Your saved strategy settings were not used: Strategy settings not saved: " +
        "they are not settings but a list.",
    );
    expect(await service.strategySettings()).toEqual(DEFAULT_STRATEGY_SETTINGS);
  });
});

describe("saved sector lines that cannot be used", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** The sector lines' restore as a page that finds `text` saved under "sectorLines" runs it. */
  async function restoreWith(text: string) {
    const storage = storageWith("sectorLines", text);
    vi.stubGlobal("localStorage", storage);
    vi.resetModules(); // the lines are read from storage when their module loads
    const { sectorLinesSetting } = await import("../../src/actions/sectorLinesActions");
    const { restoreSavedSetting } = await import("../../src/actions/sharedSetting");
    const sent: unknown[] = [];
    const api = { setSectorLines: async (lines: unknown) => (sent.push(lines), { ok: true }) };
    const told: string[] = [];
    await restoreSavedSetting({ api } as unknown as TelemetryClient, sectorLinesSetting, (t, p) =>
      told.push(`${t}: ${p}`),
    );
    return { told, sent, storage };
  }

  it("100,000 NaN lines are said, not dropped in silence", async () => {
    const line = (i: number) => ({ name: `S${i}`, lat: NaN, long: NaN }); // NaN saves as null
    const text = JSON.stringify({ lines: Array.from({ length: 100_000 }, (_, i) => line(i)) });
    const { told, sent, storage } = await restoreWith(text);
    expect(told).toEqual([
      "Sector lines: Your saved sector lines were not used: 100,000 lines were saved, and at most 8 can be set.",
    ]);
    expect(sent).toEqual([[]]);
    expect(storage.getItem("sectorLines")).toBe(text); // kept until the user sets lines
  });

  it("a line without a position names the line and what is wrong with it", async () => {
    const text = JSON.stringify({
      lines: [
        { name: "Hairpin", lat: 36.9, long: -86.4 },
        { name: "Bridge", lat: null, long: -86.4 },
      ],
    });
    const { told } = await restoreWith(text);
    expect(told).toEqual([
      "Sector lines: Your saved sector lines were not used: line 2: its latitude must be a number from −90 to 90.",
    ]);
  });

  it("text that is not JSON is said", async () => {
    const { told } = await restoreWith("lines: S1");
    expect(told[0]).toMatch(
      /^Sector lines: Your saved sector lines were not used: the saved text is not JSON/,
    );
  });

  it("good lines are used and nothing is said", async () => {
    const lines = [{ name: "Hairpin", lat: 36.9, long: -86.4 }];
    const { told, sent } = await restoreWith(JSON.stringify({ lines }));
    expect(told).toEqual([]);
    expect(sent).toEqual([lines]);
  });
});
