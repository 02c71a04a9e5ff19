// Issue 37: math channels saved in the browser and restored, as the alert
// rules are. A first run (nothing saved) starts on the starter set without
// saving it; channels the worker took are saved as its channels file; a reload
// gives them back; a saved empty list (every channel deleted) stays empty;
// a saved file the worker refuses is told and kept, never overwritten.
import { describe, expect, it } from "vitest";
import type { MathChannelDef, MathChannelsResult } from "../../workers/contract/math";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import {
  applyMathChannels,
  refusalText,
  restoreMathChannels,
} from "../../src/actions/mathChannelsActions";
import { MATH_CHANNELS_KEY } from "../../src/state/savedMathChannels";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import { MemoryStorage } from "./memoryStorage";

const STARTER: MathChannelDef[] = [
  {
    name: "StarterSample",
    label: "Starter Sample",
    expression: "Battery.PackVoltage * Battery.PackCurrent",
    unit: "W",
    description: "Stands in for the lead's starter set",
  },
];

const double: MathChannelDef = {
  name: "DoublePackVoltage",
  label: "Double Pack Voltage",
  expression: "Battery.PackVoltage * 2",
  unit: "V",
  description: "",
};

/**
 * A worker as a fresh page meets it, called as Comlink would (async). The
 * starter set is the lead's to fill; here it is given, and a refusal can be staged.
 */
function page(refuse: ((defs: MathChannelDef[]) => MathChannelsResult | null) | null = null) {
  const service = new TelemetryService({ demoSeed: 3 });
  const api = Object.create(service) as TelemetryService;
  Object.assign(api, {
    starterMathChannels: () => STARTER,
    setMathChannels: (defs: MathChannelDef[]) => refuse?.(defs) ?? service.setMathChannels(defs),
  });
  return { service, client: { api } as unknown as TelemetryClient };
}

const names = (defs: MathChannelDef[]) => defs.map((def) => def.name);

describe("saved math channels", () => {
  it("starts a first run on the starter set and saves nothing, so a later build's set applies", async () => {
    const storage = new MemoryStorage();
    const first = page();
    expect(await restoreMathChannels(first.client, storage)).toBeNull();
    expect(names(first.service.mathChannels())).toEqual(["StarterSample"]);
    expect(storage.getItem(MATH_CHANNELS_KEY)).toBeNull();
  });

  it("saves what the worker took, and a reload's worker gets it back", async () => {
    const storage = new MemoryStorage();
    const first = page();
    await restoreMathChannels(first.client, storage);
    const result = await applyMathChannels(first.client, [...STARTER, double], storage);
    expect(result.ok).toBe(true);
    expect(storage.getItem(MATH_CHANNELS_KEY)).not.toBeNull();

    const reload = page();
    expect(await restoreMathChannels(reload.client, storage)).toBeNull();
    expect(reload.service.mathChannels()).toEqual([...STARTER, double]);
  });

  it("keeps every channel deleted: a saved empty list is not 'nothing saved'", async () => {
    const storage = new MemoryStorage();
    const first = page();
    await restoreMathChannels(first.client, storage);
    expect((await applyMathChannels(first.client, [], storage)).ok).toBe(true);

    const reload = page();
    await restoreMathChannels(reload.client, storage);
    expect(reload.service.mathChannels()).toEqual([]);
  });

  it("changes nothing, saved or in force, when the worker refuses a set", async () => {
    const storage = new MemoryStorage();
    const refusal: MathChannelsResult = {
      ok: false,
      message: "The channels were not set.",
      problems: { Loop: [{ message: "Cycle: Loop → Loop", at: 0 }] },
    };
    const first = page((defs) => (defs.some((d) => d.name === "Loop") ? refusal : null));
    await restoreMathChannels(first.client, storage);
    await applyMathChannels(first.client, [double], storage);
    const saved = storage.getItem(MATH_CHANNELS_KEY);
    const loop = { ...double, name: "Loop", expression: "Loop + 1" };
    const result = await applyMathChannels(first.client, [double, loop], storage);
    expect(result).toEqual(refusal);
    expect(storage.getItem(MATH_CHANNELS_KEY)).toBe(saved);
    expect(names(first.service.mathChannels())).toEqual(["DoublePackVoltage"]);
    expect(refusalText(refusal)).toBe("The channels were not set. Loop: Cycle: Loop → Loop");
  });

  it("tells why saved channels were not used, and keeps the saved file as it was", async () => {
    const storage = new MemoryStorage();
    storage.setItem(MATH_CHANNELS_KEY, "{ not json");
    const reload = page();
    const told = await restoreMathChannels(reload.client, storage);
    expect(told).toMatch(/^Your saved math channels were not used: \S/);
    expect(storage.getItem(MATH_CHANNELS_KEY)).toBe("{ not json");

    storage.setItem(MATH_CHANNELS_KEY, JSON.stringify({ mathChannels: [double] }));
    const refusing = page(() => ({
      ok: false,
      message: "Refused.",
      problems: { DoublePackVoltage: [{ message: "Unknown field Battery.PackVoltage" }] },
    }));
    expect(await restoreMathChannels(refusing.client, storage)).toBe(
      "Your saved math channels were not used: Refused. DoublePackVoltage: Unknown field Battery.PackVoltage",
    );
    expect(JSON.parse(storage.getItem(MATH_CHANNELS_KEY)!)).toEqual({ mathChannels: [double] });
  });

  it("says so when the worker does not answer", async () => {
    const storage = new MemoryStorage();
    const dead = {
      api: {
        setMathChannels: () => Promise.reject(new Error("gone")),
        starterMathChannels: () => Promise.reject(new Error("gone")),
      },
    } as unknown as TelemetryClient;
    expect(await applyMathChannels(dead, [double], storage)).toMatchObject({ ok: false });
    expect(storage.getItem(MATH_CHANNELS_KEY)).toBeNull();
    expect(await restoreMathChannels(dead, storage)).toMatch(/did not answer/);
  });
});
