// The rules' message templates by rule id, so toasts and the Alerts tab can
// write an alert's message again in the user's units (the worker writes it in
// metric). Read from the worker now and then; an unknown rule keeps the
// worker's text.
import { proxy } from "valtio";
import type { AlertRule } from "../../workers/contract/alerts";

export const alertTemplates = proxy<{ byRule: Record<string, string> }>({ byRule: {} });

/** Reloads the templates from the rules in force. */
export async function refreshAlertTemplates(rules: () => Promise<AlertRule[]>): Promise<void> {
  try {
    const list = await rules();
    const byRule: Record<string, string> = {};
    for (const rule of list) byRule[rule.id] = rule.message;
    alertTemplates.byRule = byRule;
  } catch {
    // A restarting worker: the old templates stay until the next refresh.
  }
}
