// The user's alert rules, kept in localStorage as a rules file (the worker's
// format, so the same check applies when it comes back). Nothing is kept while
// the defaults are in force: a later build's defaults then apply.
import type { AlertRule } from "../../workers/contract/alerts";
import { alertRulesFile } from "../../workers/shared/alertRulesFile";
import { readStorage, removeStorage, writeStorage } from "./persistence";

export const ALERT_RULES_KEY = "alertRules";

/** The saved rules file's text, or null when the defaults are in force. */
export function savedAlertRules(storage: Storage): string | null {
  return readStorage(storage, ALERT_RULES_KEY);
}

export function saveAlertRules(storage: Storage, rules: readonly AlertRule[]): void {
  writeStorage(storage, ALERT_RULES_KEY, JSON.stringify(alertRulesFile(rules)));
}

export function forgetAlertRules(storage: Storage): void {
  removeStorage(storage, ALERT_RULES_KEY);
}
