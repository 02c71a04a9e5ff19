// Setting the race strategy's settings: the worker checks and keeps them
// (setStrategySettings); settings it took are saved in the browser, so a
// reload restores them. Refused settings change nothing, neither in the
// worker nor in what is saved.
import type { StrategySettings, StrategySettingsResult } from "../../workers/contract/strategy";
import { saveStrategySettings, savedStrategySettings } from "../state/savedStrategySettings";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

const NO_ANSWER_TEXT = "The telemetry worker did not answer.";

export async function applyStrategySettings(
  client: TelemetryClient,
  settings: StrategySettings,
  storage: Storage = window.localStorage,
): Promise<StrategySettingsResult> {
  try {
    const result = await client.api.setStrategySettings(settings);
    if (result.ok) saveStrategySettings(storage, settings);
    return result;
  } catch {
    return { ok: false, message: NO_ANSWER_TEXT };
  }
}

/**
 * Sends the saved settings to the worker at start (none saved: its defaults
 * stay). Returns what to tell the user when the worker refused them; the
 * saved text is kept as it is, never overwritten.
 */
export async function restoreStrategySettings(
  client: TelemetryClient,
  storage: Storage = window.localStorage,
): Promise<string | null> {
  const saved = savedStrategySettings(storage);
  if (saved === null) return null;
  try {
    const result = await client.api.setStrategySettings(saved as StrategySettings);
    return result.ok ? null : `Your saved strategy settings were not used: ${result.message}`;
  } catch {
    return `Your strategy settings were not set: ${NO_ANSWER_TEXT}`;
  }
}

// Once per worker client (StrictMode runs effects twice); the settings form waits for it.
const restoring = new WeakMap<TelemetryClient, Promise<string | null>>();

/** The start's restore, run once per client: resolves with the problem to tell (or null). */
export function restoreStrategySettingsOnce(
  client: TelemetryClient,
): Promise<string | null> | null {
  if (restoring.has(client)) return null;
  const running = restoreStrategySettings(client);
  restoring.set(client, running);
  return running;
}

/** Settles once the saved settings went to `client`'s worker (at once if none are going). */
export function strategySettingsRestored(client: TelemetryClient): Promise<unknown> {
  return restoring.get(client) ?? Promise.resolve();
}
