// The alert rules file's name and version, written once for both threads: the
// worker checks a file against them and exports its rules with them; the UI
// saves the rules it set and sends the defaults back with them. The contract's
// AlertRulesFile type spells the same two values, and the compiler holds this
// file to it.
import type { AlertRule, AlertRulesFile } from "../contract/alerts";

export const ALERT_RULES_FORMAT = "helios-alert-rules";
export const ALERT_RULES_VERSION = 1;

/** `rules` as a rules file: what an export writes, the browser saves and a reset sends. */
export function alertRulesFile(rules: readonly AlertRule[]): AlertRulesFile {
  return { format: ALERT_RULES_FORMAT, version: ALERT_RULES_VERSION, rules: [...rules] };
}
