// Issue 34: rules saved in the browser and restored. Rules the worker takes
// are saved; a refused file changes neither the rules nor what is saved; a
// reset forgets the saved rules; at start the saved rules go to the worker,
// and a saved file it refuses (another build's) is told once and kept, while
// the defaults stay in force.
import { describe, expect, it } from "vitest";
import type { AlertRule } from "../../workers/contract/alerts";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import {
  applyAlertRules,
  resetAlertRules,
  restoreAlertRules,
} from "../../src/actions/alertRulesActions";
import { ALERT_RULES_KEY } from "../../src/state/savedAlertRules";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import { MemoryStorage } from "./memoryStorage";
import { rule } from "./alertsKit";

const file = (rules: AlertRule[]) => ({ format: "helios-alert-rules", version: 1, rules });

/** A worker as a fresh page meets it: on the defaults. The client calls it as Comlink would (async). */
function page() {
  const service = new TelemetryService({ demoSeed: 3 });
  const client = { api: service } as unknown as TelemetryClient;
  return { service, client };
}

const mine = rule({
  id: "hot-pack",
  subject: "Battery.AverageTemperature",
  condition: { kind: "above", limit: 50 },
});

describe("saved alert rules", () => {
  it("saves what the worker took, and a reload's worker gets it back", async () => {
    const storage = new MemoryStorage();
    const first = page();
    const result = await applyAlertRules(first.client, file([mine]), storage);
    expect(result.ok).toBe(true);
    expect(JSON.parse(storage.getItem(ALERT_RULES_KEY)!).rules).toEqual([mine]);

    const reload = page();
    expect(reload.service.alertRules()).toEqual(reload.service.defaultAlertRules());
    expect(await restoreAlertRules(reload.client, storage)).toBeNull();
    expect(reload.service.alertRules()).toEqual([mine]);
  });

  it("a refused file changes neither the rules in force nor what is saved", async () => {
    const storage = new MemoryStorage();
    const { service, client } = page();
    await applyAlertRules(client, file([mine]), storage);
    const saved = storage.getItem(ALERT_RULES_KEY);
    const bad = { ...mine, condition: { kind: "outside", lo: 9, hi: 1 } } as AlertRule;
    const result = await applyAlertRules(client, file([bad]), storage);
    expect(result).toEqual({ ok: false, errors: ['rules[0] "hot-pack": lo (9) is above hi (1)'] });
    expect(service.alertRules()).toEqual([mine]);
    expect(storage.getItem(ALERT_RULES_KEY)).toBe(saved);
  });

  it("reset puts the defaults in force and forgets the saved rules", async () => {
    const storage = new MemoryStorage();
    const { service, client } = page();
    await applyAlertRules(client, file([mine]), storage);
    const result = await resetAlertRules(client, storage);
    expect(result.ok).toBe(true);
    expect(service.alertRules()).toEqual(service.defaultAlertRules());
    expect(storage.getItem(ALERT_RULES_KEY)).toBeNull();
  });

  it("a saved file the worker refuses is told, kept as it is, and the defaults stay", async () => {
    const storage = new MemoryStorage();
    const otherBuild = JSON.stringify({ format: "helios-alert-rules", version: 2, rules: [] });
    storage.setItem(ALERT_RULES_KEY, otherBuild);
    const { service, client } = page();
    const problem = await restoreAlertRules(client, storage);
    expect(problem).toContain("Your saved alert rules were not used, the defaults apply");
    expect(problem).toContain("version must be 1");
    expect(service.alertRules()).toEqual(service.defaultAlertRules());
    expect(storage.getItem(ALERT_RULES_KEY)).toBe(otherBuild);
  });

  it("nothing saved: the defaults stay and nothing is written", async () => {
    const storage = new MemoryStorage();
    const { service, client } = page();
    expect(await restoreAlertRules(client, storage)).toBeNull();
    expect(service.alertRules()).toEqual(service.defaultAlertRules());
    expect(storage.length).toBe(0);
  });
});
