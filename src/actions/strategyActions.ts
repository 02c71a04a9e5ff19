// Setting the race strategy's settings: the worker checks and keeps them
// (setStrategySettings); settings it took are saved in the browser, so a
// reload restores them. Refused settings change nothing, neither in the
// worker nor in what is saved.
import type { StrategySettings, StrategySettingsResult } from "../../workers/contract/strategy";
import { saveStrategySettings, savedStrategySettings } from "../state/savedStrategySettings";
import { sharedSettingsRevision } from "../state/sharedSettingsRevision";
import { learnRaceZone } from "../state/shownTime";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import {
  NO_ANSWER_TEXT,
  savedSettingRestored,
  setShared,
  type SharedSetting,
} from "./sharedSetting";

/** The settings kept in `storage`: the table's row keeps them in localStorage. */
function strategyIn(
  storage: () => Storage,
): SharedSetting<StrategySettings, StrategySettingsResult> {
  return {
    kind: "strategy",
    title: "Strategy",
    start: { restore: (client) => restoreStrategySettings(client, storage()) },
    send: (client, settings) => client.api.setStrategySettings(settings),
    keep: (_client, _taken, settings) => {
      saveStrategySettings(storage(), settings);
      // The race's zone may have changed: the times shown follow it (state/shownTime.ts).
      learnRaceZone(settings.timeZone);
    },
    noAnswer: { ok: false, message: NO_ANSWER_TEXT },
    adopt: () => void sharedSettingsRevision.strategy++,
  };
}

export const strategySetting = strategyIn(() => window.localStorage);

export function applyStrategySettings(
  client: TelemetryClient,
  settings: StrategySettings,
  storage: Storage = window.localStorage,
): Promise<StrategySettingsResult> {
  return setShared(
    client,
    strategyIn(() => storage),
    settings,
  );
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
    const result = await client.api.setStrategySettings(saved);
    return result.ok ? null : `Your saved strategy settings were not used: ${result.message}`;
  } catch {
    return `Your strategy settings were not set: ${NO_ANSWER_TEXT}`;
  }
}

/** Settles once the start's saved settings went to `client`'s worker, started yet or not. */
export function strategySettingsRestored(client: TelemetryClient): Promise<void> {
  return savedSettingRestored(client, strategySetting);
}
