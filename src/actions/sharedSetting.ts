// One way for a setting the telemetry core holds for every window. Each of
// them (sharedSettingsTable.ts) is declared once as a SharedSetting and goes
// through the same steps, written here once:
//   start: what this browser saved reaches the core: in the worker's start
//     config (main.tsx), or sent once per worker client after the settings
//     it may name, a refusal told once;
//   set: a value chosen here is sent, and shown and saved only if the core
//     took it (the core compares and tells the other windows);
//   adopt: another window's change is shown here and never sent back (no
//     echo). What is saved needs nothing: every window of a profile shares
//     one localStorage, and the changing window saved it.
import type { WorkerConfig } from "../../workers/contract/config";
import type { SharedSettingKind, SharedSettings } from "../../workers/contract/windows";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

/** A refusal's words when the core did not answer (a restarting or busy worker). */
export const NO_ANSWER_TEXT = "The telemetry worker did not answer.";

/** How many of a refusal's reasons a notice names. */
const REASONS_SHOWN = 3;

/** A refusal's first few reasons in one line, and how many more there are. */
export function firstReasons(reasons: readonly string[]): string {
  const shown = reasons.slice(0, REASONS_SHOWN).join("; ");
  const more =
    reasons.length > REASONS_SHOWN ? ` (and ${reasons.length - REASONS_SHOWN} more)` : "";
  return shown + more;
}

/** The core's plain settings, read at most once per event whoever asks (null: no answer). */
export type CoreSettings = () => Promise<SharedSettings | null>;

export interface SharedSettingRow {
  /** The core's name for it in a "sharedSettings" event (the backend's address and upgrade share one). */
  kind: SharedSettingKind;
  /** Names the setting in a refusal's notice. */
  title: string;
  /** How what this browser saved reaches the core at start. */
  start:
    | { config: () => Partial<WorkerConfig> }
    | {
        /** Sends the saved value (or the first-run one): the refusal to tell, or null. */
        restore: (client: TelemetryClient) => Promise<string | null>;
        /** Restored before this one: what its saved value may name (a rule may watch a math channel). */
        after?: SharedSettingRow;
      };
  /**
   * Edited in place in state (the sector lines' map clicks): every edit made
   * here is sent (the refusal to tell, or null). `changed` wires the listener.
   */
  edits?: {
    changed: (listener: () => void) => () => void;
    send: (client: TelemetryClient) => Promise<string | null>;
  };
  /** Another window changed it: show the core's value here, never sending it back. */
  adopt: (client: TelemetryClient, core: CoreSettings) => void | Promise<void>;
}

/** A row with its typed set step: `send` asks the core, `keep` shows and saves what it took. */
export interface SharedSetting<V, R extends { ok: boolean }> extends SharedSettingRow {
  send: (client: TelemetryClient, value: V) => Promise<R>;
  keep: (
    client: TelemetryClient,
    taken: Extract<R, { ok: true }>,
    value: V,
  ) => void | Promise<void>;
  /** The answer when the core does not answer: nothing is shown or saved. */
  noAnswer: R;
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

/** The set step of every shared setting: the core's answer. */
export function setShared<V, R extends { ok: boolean }>(
  client: TelemetryClient,
  setting: SharedSetting<V, R>,
  value: V,
): Promise<R> {
  return setThenSave(
    () => setting.send(client, value),
    (taken) => setting.keep(client, taken, value),
    setting.noAnswer,
  );
}

interface Restore {
  started: boolean;
  done: Promise<void>;
  finish: () => void;
}

// Per worker client: StrictMode runs effects twice, and one refusal is one notice.
const restoring = new WeakMap<TelemetryClient, Map<SharedSettingRow, Restore>>();

function restoreOf(client: TelemetryClient, setting: SharedSettingRow): Restore {
  const rows = restoring.get(client) ?? new Map<SharedSettingRow, Restore>();
  restoring.set(client, rows);
  let entry = rows.get(setting);
  if (!entry) {
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    entry = { started: false, done, finish };
    rows.set(setting, entry);
  }
  return entry;
}

/**
 * Starts `setting`'s restore for `client`, once, after its `after` (started
 * here if nobody has yet). The order lives in the settings themselves, not in
 * the order React runs the callers' effects, so callers may start any first.
 * A setting the core starts with (`config`) has nothing to restore.
 */
export function restoreSavedSetting(
  client: TelemetryClient,
  setting: SharedSettingRow,
  tell: TellRefusal,
): Promise<void> {
  const entry = restoreOf(client, setting);
  if (entry.started) return entry.done;
  entry.started = true;
  const start = setting.start;
  if (!("restore" in start)) entry.finish();
  else {
    const before = start.after ? restoreSavedSetting(client, start.after, tell) : undefined;
    void Promise.resolve(before)
      .then(() => start.restore(client))
      .then((problem) => {
        if (problem !== null) tell(setting.title, problem);
      })
      .finally(entry.finish);
  }
  return entry.done;
}

/**
 * Settles once the start's restore of `setting` reached `client`'s core,
 * whether it started already or starts later: a panel's effect runs before
 * the shell's that starts the restores (children first), and must still see
 * the saved value, not the core's default.
 */
export function savedSettingRestored(
  client: TelemetryClient,
  setting: SharedSettingRow,
): Promise<void> {
  return restoreOf(client, setting).done;
}
