// Whether the alert rules dialog is open and what it opens on: the list, one
// rule to edit, or a new rule for a field. Settings opens it; so can any
// panel (an alert's "Edit rule", a value's "Add a limit") through
// openAlertRules, without importing the shell.
import { proxy } from "valtio";

type AlertRulesTarget =
  { kind: "list" } | { kind: "edit"; ruleId: string } | { kind: "new"; subject: string };

export const alertRulesDialog = proxy<{ open: boolean; target: AlertRulesTarget; opening: number }>(
  {
    open: false,
    target: { kind: "list" },
    /** Bumped on every opening, so the dialog starts from that opening's target. */
    opening: 0,
  },
);

/** Opens the rules dialog: the list, a rule's editor (`ruleId`) or a new rule for `subject`. */
export function openAlertRules(options: { ruleId?: string; subject?: string } = {}): void {
  alertRulesDialog.target =
    options.ruleId !== undefined
      ? { kind: "edit", ruleId: options.ruleId }
      : options.subject !== undefined
        ? { kind: "new", subject: options.subject }
        : { kind: "list" };
  alertRulesDialog.opening++;
  alertRulesDialog.open = true;
}

export function closeAlertRules(): void {
  alertRulesDialog.open = false;
}
