// A setting saved in this browser that the telemetry core holds for every
// window (alert rules, math channels, strategy settings). Written once here
// for all of them: a change is set in the core and saved only if the core
// took it; at start, what was saved goes to the core once per worker client,
// after the settings it may name, and a refusal is told once; a change
// another window made is adopted without being sent back.
import type { SharedSettingKind } from "../../workers/contract/windows";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

export interface SavedSharedSetting {
  /** The core's name for it in a "sharedSettings" event. */
  kind: SharedSettingKind;
  /** Names the setting in a refusal's notice. */
  title: string;
  /** Sends the saved value (or the first-run one) to the core: the refusal to tell, or null. */
  restore: (client: TelemetryClient) => Promise<string | null>;
  /** Restored before this one: what its saved value may name (a rule may watch a math channel). */
  after?: SavedSharedSetting;
  /**
   * Another window changed it: show the core's value here. Never sent back (no
   * echo); what is saved needs nothing either, as every window of a profile
   * shares one localStorage and the changing window saved it.
   */
  adopt: (client: TelemetryClient) => void | Promise<void>;
}

export type TellRefusal = (title: string, problem: string) => void;

/** Sets a value in the core, then saves it if the core took it; a core that does not answer changes nothing. */
export async function setThenSave<R extends { ok: boolean }>(
  set: () => Promise<R>,
  save: (taken: Extract<R, { ok: true }>) => void | Promise<void>,
  noAnswer: R,
): Promise<R> {
  try {
    const result = await set();
    // (`result.ok` narrows a union, not a type parameter: hence the cast.)
    if (result.ok) await save(result as Extract<R, { ok: true }>);
    return result;
  } catch {
    return noAnswer;
  }
}

// Per worker client: StrictMode runs effects twice, and one refusal is one notice.
const restoring = new WeakMap<TelemetryClient, Map<SavedSharedSetting, Promise<void>>>();

/**
 * Starts `setting`'s restore for `client`, once, after its `after` (started
 * here if nobody has yet). The order lives in the settings themselves, not in
 * the order React runs the callers' effects, so callers may start any first.
 */
export function restoreSavedSetting(
  client: TelemetryClient,
  setting: SavedSharedSetting,
  tell: TellRefusal,
): Promise<void> {
  const started = restoring.get(client) ?? new Map<SavedSharedSetting, Promise<void>>();
  restoring.set(client, started);
  const running = started.get(setting);
  if (running) return running;
  const before = setting.after ? restoreSavedSetting(client, setting.after, tell) : undefined;
  const restored = Promise.resolve(before)
    .then(() => setting.restore(client))
    .then((problem) => {
      if (problem !== null) tell(setting.title, problem);
    });
  started.set(setting, restored);
  return restored;
}

/** Settles once the start's restore of `setting` reached `client`'s core (at once if none is going). */
export function savedSettingRestored(
  client: TelemetryClient,
  setting: SavedSharedSetting,
): Promise<void> {
  return restoring.get(client)?.get(setting) ?? Promise.resolve();
}
