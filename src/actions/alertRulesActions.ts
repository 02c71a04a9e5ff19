// Setting the alert rules: the worker checks and keeps them (setAlertRules);
// rules it took are saved in the browser, so a reload restores them. A
// refused file changes nothing, neither in the worker nor in what is saved.
import type { AlertRulesResult } from "../../workers/contract/alerts";
import { alertRulesFile } from "../../workers/shared/alertRulesFile";
import { refreshAlertTemplates } from "../state/alertTemplates";
import { forgetAlertRules, saveAlertRules, savedAlertRules } from "../state/savedAlertRules";
import { sharedSettingsRevision } from "../state/sharedSettingsRevision";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { mathChannelsSetting } from "./mathChannelsActions";
import {
  firstReasons,
  NO_ANSWER_TEXT,
  setShared,
  setThenSave,
  type SharedSetting,
} from "./sharedSetting";

const NO_ANSWER: AlertRulesResult = { ok: false, errors: [NO_ANSWER_TEXT] };

/** The alert rules kept in `storage`: the table's row keeps them in localStorage. */
function alertRulesIn(storage: () => Storage): SharedSetting<unknown, AlertRulesResult> {
  return {
    kind: "alertRules",
    title: "Alert rules",
    start: {
      restore: (client) => restoreAlertRules(client, storage()),
      // A saved rule may watch a math channel, which must exist in the core first.
      after: mathChannelsSetting,
    },
    send: (client, file) => client.api.setAlertRules(file),
    keep: async (_client, taken) => {
      // In a task of its own, not the answer's: saving 5,000 rules (JSON, then
      // localStorage) takes 100–200 ms, which made one long task with the list.
      await new Promise((resolve) => setTimeout(resolve, 0));
      saveAlertRules(storage(), taken.rules);
    },
    noAnswer: NO_ANSWER,
    adopt: async (client) => {
      // Toasts and the Alerts tab write messages with the new rules' words.
      await refreshAlertTemplates(() => client.api.alertRules());
      sharedSettingsRevision.alertRules++;
    },
  };
}

export const alertRulesSetting = alertRulesIn(() => window.localStorage);

/** Sets a rules file (JSON text or object); on success the rules are saved. */
export function applyAlertRules(
  client: TelemetryClient,
  file: unknown,
  storage: Storage = window.localStorage,
): Promise<AlertRulesResult> {
  return setShared(
    client,
    alertRulesIn(() => storage),
    file,
  );
}

/** Back to the team's defaults; nothing is saved, so a later build's defaults apply. */
export function resetAlertRules(
  client: TelemetryClient,
  storage: Storage = window.localStorage,
): Promise<AlertRulesResult> {
  return setThenSave(
    async () => {
      const rules = await client.api.defaultAlertRules();
      return client.api.setAlertRules(alertRulesFile(rules));
    },
    () => forgetAlertRules(storage),
    NO_ANSWER,
  );
}

/**
 * Sends the saved rules to the worker at start. Returns what to tell the user
 * when the worker refused them (saved by another build): the defaults stay in
 * force and the saved file is kept as it is, never replaced by the defaults.
 */
export async function restoreAlertRules(
  client: TelemetryClient,
  storage: Storage = window.localStorage,
): Promise<string | null> {
  const saved = savedAlertRules(storage);
  if (saved === null) return null;
  let result: AlertRulesResult;
  try {
    result = await client.api.setAlertRules(saved);
  } catch {
    result = NO_ANSWER;
  }
  if (result.ok) return null;
  return `Your saved alert rules were not used, the defaults apply: ${firstReasons(result.errors)}.`;
}
