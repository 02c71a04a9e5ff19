// The race strategy's settings, kept in localStorage as the JSON the worker
// took. Nothing saved means the worker's defaults (the demo pack and track);
// what comes back is checked again by the worker, which may refuse it.
import type { StrategySettings } from "../../workers/contract/strategy";
import { readStorage, writeStorage } from "./persistence";

const STRATEGY_SETTINGS_KEY = "strategySettings";

/** The saved settings as parsed JSON (unchecked: the worker checks), or null when none or not JSON. */
export function savedStrategySettings(storage: Storage): unknown {
  const text = readStorage(storage, STRATEGY_SETTINGS_KEY);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function saveStrategySettings(storage: Storage, settings: StrategySettings): void {
  writeStorage(storage, STRATEGY_SETTINGS_KEY, JSON.stringify(settings));
}
