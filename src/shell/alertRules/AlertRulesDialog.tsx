// The alert rules dialog (issue 34): the rules in force, listed and
// filterable; add and edit with the field picker; import and export as JSON;
// reset to the team's defaults. Every change goes to the worker whole
// (setAlertRules), which takes it or refuses it with its reasons; what it
// takes is saved in the browser. An imported file goes to the worker as it
// is: it is read and checked there, never on this thread (issue 58).
import { Alert, Button, Callout, Dialog, DialogBody, Spinner } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { useSnapshot } from "valtio";
import type { AlertRule } from "../../../workers/contract/alerts";
import type { FieldInfo } from "../../../workers/contract/fields";
import { alertRulesFile } from "../../../workers/shared/alertRulesFile";
import { applyAlertRules, resetAlertRules } from "../../actions/alertRulesActions";
import { NO_ANSWER_TEXT } from "../../actions/sharedSetting";
import { alertRulesDialog, closeAlertRules } from "../../state/alertRulesDialog";
import { appState } from "../../state/appState";
import { sharedSettingsRevision } from "../../state/sharedSettingsRevision";
import { useTelemetry } from "../../worker-client/hooks";
import { downloadBlob } from "../../ui/downloadBlob";
import { formatCount } from "../../ui/format/formatNumber";
import { RuleEditor } from "./RuleEditor";
import { newRuleForm, ruleToForm, type RuleForm } from "./ruleForm";
import { RuleList } from "./RuleList";
import "./alertRules.css";
import { JsonFileButtons } from "../../ui/JsonFileButtons";

type Editing = { index: number | null; form: RuleForm; key: number } | null;

/** What the last import, reset or switch did (or that an import is being read), shown above the list. */
type Outcome =
  | { ok: true; text: string }
  | { ok: false; text: string; errors: string[] }
  | { ok: null; text: string }
  | null;

let editorKey = 0;
const newId = () => `rule-${Date.now().toString(36)}-${(++editorKey).toString(36)}`;

export function AlertRulesDialog() {
  const { open, target, opening } = useSnapshot(alertRulesDialog);
  const { appUnits } = useSnapshot(appState);
  const { client } = useTelemetry();
  const [rules, setRules] = useState<AlertRule[] | null>(null);
  const [subjects, setSubjects] = useState<FieldInfo[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const byPath = useMemo(() => new Map((subjects ?? []).map((s) => [s.path, s])), [subjects]);

  // Each opening reads the rules in force afresh (another window may have changed them).
  useEffect(() => {
    if (!open) return;
    let live = true;
    setOutcome(null);
    setEditing(null);
    void Promise.all([client.api.alertRules(), client.api.alertSubjects()]).then(
      ([inForce, all]) => {
        if (!live) return;
        setRules(inForce);
        setSubjects(all);
        const lookup = new Map(all.map((s) => [s.path, s]));
        const t = alertRulesDialog.target;
        if (t.kind === "new")
          setEditing({
            index: null,
            form: newRuleForm(lookup.get(t.subject), newId()),
            key: ++editorKey,
          });
        if (t.kind === "edit") {
          const index = inForce.findIndex((r) => r.id === t.ruleId);
          if (index >= 0)
            setEditing({
              index,
              form: ruleToForm(
                inForce[index]!,
                lookup.get(inForce[index]!.subject),
                appState.appUnits,
              ),
              key: ++editorKey,
            });
        }
      },
      () => live && setOutcome({ ok: false, text: NO_ANSWER_TEXT, errors: [] }),
    );
    return () => {
      live = false;
    };
  }, [open, opening, client, target]);

  // Another window changed the rules: the list shows the core's, so a save
  // here never writes back the older list; a rule being edited keeps its
  // place by id (deleted there: saving adds it again).
  const { alertRules: rulesRevision } = useSnapshot(sharedSettingsRevision);
  useEffect(() => {
    if (rulesRevision === 0 || !alertRulesDialog.open) return;
    let live = true;
    void client.api.alertRules().then(
      (inForce) => {
        if (!live) return;
        setRules(inForce);
        setEditing((current) => {
          if (current?.index === null || current?.index === undefined) return current;
          const index = inForce.findIndex((rule) => rule.id === current.form.id);
          return { ...current, index: index >= 0 ? index : null };
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [rulesRevision, client]);

  const apply = async (next: AlertRule[]) => {
    const result = await applyAlertRules(client, alertRulesFile(next));
    if (result.ok) setRules(result.rules);
    return result;
  };

  const edit = (index: number) => {
    const rule = rules![index]!;
    setEditing({
      index,
      form: ruleToForm(rule, byPath.get(rule.subject), appUnits),
      key: ++editorKey,
    });
  };

  const add = () =>
    setEditing({ index: null, form: newRuleForm(undefined, newId()), key: ++editorKey });

  const saveRule = async (rule: AlertRule): Promise<string[] | null> => {
    const next = [...rules!];
    if (editing?.index === null || editing?.index === undefined) next.push(rule);
    else next[editing.index] = rule;
    const result = await apply(next);
    if (!result.ok) return result.errors;
    setEditing(null);
    setOutcome(null);
    return null;
  };

  const toggle = async (index: number, enabled: boolean) => {
    const next = rules!.map((rule, i) => (i === index ? { ...rule, enabled } : rule));
    const result = await apply(next);
    if (!result.ok)
      setOutcome({ ok: false, text: "The change was refused:", errors: result.errors });
  };

  const remove = async () => {
    if (editing?.index === null || editing?.index === undefined) return;
    const index = editing.index;
    const result = await apply(rules!.filter((_, i) => i !== index));
    if (result.ok) setEditing(null);
  };

  const exportRules = () => {
    const text = JSON.stringify(alertRulesFile(rules ?? []), null, 2);
    downloadBlob(new Blob([text], { type: "application/json" }), "helios-alert-rules.json");
  };

  const importRules = async (chosen: File) => {
    setOutcome({ ok: null, text: `Reading ${chosen.name}…` });
    const result = await applyAlertRules(client, chosen);
    if (result.ok) {
      setRules(result.rules);
      setOutcome({
        ok: true,
        text: `Imported ${formatCount(result.rules.length)} rules from ${chosen.name}.`,
      });
    } else
      setOutcome({
        ok: false,
        text: `${chosen.name} was refused; the rules did not change:`,
        errors: result.errors,
      });
  };

  const reset = async () => {
    setConfirmReset(false);
    const result = await resetAlertRules(client);
    if (result.ok) {
      setRules(result.rules);
      setOutcome({
        ok: true,
        text: `Back to the ${formatCount(result.rules.length)} default rules.`,
      });
    } else setOutcome({ ok: false, text: "The defaults were refused:", errors: result.errors });
  };

  return (
    <Dialog
      isOpen={open}
      onClose={closeAlertRules}
      title="Alert rules"
      icon="notifications"
      className="helios-alert-rules-dialog"
    >
      <DialogBody>
        {!rules || !subjects ? (
          <Spinner size={32} />
        ) : editing ? (
          <RuleEditor
            key={editing.key}
            initial={editing.form}
            isNew={editing.index === null}
            subjects={subjects}
            units={appUnits}
            onSave={saveRule}
            onDelete={editing.index === null ? null : () => void remove()}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <>
            <div className="helios-row helios-rule-toolbar">
              <Button
                icon="add"
                intent="primary"
                text="Add rule"
                onClick={add}
                data-testid="rule-add"
              />
              <JsonFileButtons
                onExport={exportRules}
                onImport={(file) => void importRules(file)}
                testId="rules"
              />
              <Button
                icon="reset"
                variant="minimal"
                text="Reset to defaults"
                onClick={() => setConfirmReset(true)}
                data-testid="rules-reset"
              />
            </div>
            {outcome && (
              <Callout
                intent={outcome.ok ? "success" : outcome.ok === null ? "primary" : "danger"}
                compact
                data-testid="rules-file-result"
              >
                {outcome.text}
                {outcome.ok === false && outcome.errors.length > 0 && (
                  <ul className="helios-rule-reasons">
                    {outcome.errors.map((error) => (
                      <li key={error}>{error}</li>
                    ))}
                  </ul>
                )}
              </Callout>
            )}
            <RuleList
              rules={rules}
              subjects={subjects}
              units={appUnits}
              onEdit={edit}
              onToggle={(index, enabled) => void toggle(index, enabled)}
            />
          </>
        )}
      </DialogBody>
      <Alert
        isOpen={confirmReset}
        intent="danger"
        icon="reset"
        confirmButtonText="Reset"
        cancelButtonText="Keep my rules"
        onConfirm={() => void reset()}
        onCancel={() => setConfirmReset(false)}
      >
        Replace every rule with the team&apos;s defaults? Your own rules and changes are lost
        (export them first to keep a copy).
      </Alert>
    </Dialog>
  );
}
