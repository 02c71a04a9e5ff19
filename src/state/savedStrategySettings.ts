// The race strategy's settings, kept in localStorage as the JSON the worker
// took. Nothing saved means the worker's defaults (the demo pack and track);
// what comes back goes to the worker as the text it is, which reads and
// checks it and says what is wrong (as the alert rules and math channels do).
import type { StrategySettings } from "../../workers/contract/strategy";
import { readStorage, writeStorage } from "./persistence";

export const STRATEGY_SETTINGS_KEY = "strategySettings";

/**
 * The saved settings' text, unread, or null when none were saved. Not parsed
 * here: text that is not JSON is then said, and nesting too deep to post to a
 * worker (a 100,000-deep array) travels as a string.
 */
export function savedStrategySettings(storage: Storage): string | null {
  return readStorage(storage, STRATEGY_SETTINGS_KEY);
}

export function saveStrategySettings(storage: Storage, settings: StrategySettings): void {
  writeStorage(storage, STRATEGY_SETTINGS_KEY, JSON.stringify(settings));
}
