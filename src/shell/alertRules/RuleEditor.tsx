// Adding or editing one rule: the field to watch (the shared field picker), a
// condition that fits its type, limits in the user's units, duration, clear
// level, severity, message, announce or log only. The worker checks the rule
// as the user types (checkAlertRules, debounced) and its reasons show here.
import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  SegmentedControl,
  Switch,
} from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import type { AlertRule, AlertSeverity } from "../../../workers/contract/alerts";
import type { AppUnits, FieldInfo } from "../../../workers/contract/fields";
import { displayUnit } from "../../../workers/shared/units";
import { NO_ANSWER_TEXT } from "../../actions/sharedSetting";
import { useTelemetry } from "../../worker-client/hooks";
import { FieldSelect } from "../../ui/FieldPicker";
import { LimitInput } from "./LimitInput";
import {
  formToRule,
  kindsFor,
  KIND_LABELS,
  ruleReasons,
  type ConditionKind,
  type RuleForm,
} from "./ruleForm";

/** Quiet time after the last keystroke before the worker checks the rule. */
const CHECK_DELAY_MS = 250;

interface RuleEditorProps {
  initial: RuleForm;
  isNew: boolean;
  subjects: readonly FieldInfo[];
  units: AppUnits;
  /** Resolves with the worker's reasons when it refused the rules (else the editor closes). */
  onSave: (rule: AlertRule) => Promise<string[] | null>;
  onDelete: (() => void) | null;
  onCancel: () => void;
}

type Check =
  { state: "checking" } | { state: "ok"; rule: AlertRule } | { state: "bad"; errors: string[] };

function useRuleCheck(form: RuleForm, subject: FieldInfo | undefined, units: AppUnits): Check {
  const { client } = useTelemetry();
  const [check, setCheck] = useState<Check>({ state: "checking" });
  useEffect(() => {
    let live = true;
    const local = formToRule(form, subject, units);
    if (!local.ok) {
      setCheck({ state: "bad", errors: local.errors });
      return;
    }
    setCheck({ state: "checking" });
    const timer = setTimeout(() => {
      const file = { format: "helios-alert-rules", version: 1, rules: [local.rule] };
      client.api.checkAlertRules(file).then(
        (result) => {
          if (!live) return;
          setCheck(
            result.ok
              ? { state: "ok", rule: local.rule }
              : { state: "bad", errors: ruleReasons(result.errors) },
          );
        },
        () => live && setCheck({ state: "bad", errors: [NO_ANSWER_TEXT] }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, form, subject, units]);
  return check;
}

export function RuleEditor(props: RuleEditorProps) {
  const { initial, isNew, subjects, units, onSave, onDelete, onCancel } = props;
  const [form, setForm] = useState(initial);
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const byPath = useMemo(() => new Map(subjects.map((s) => [s.path, s])), [subjects]);
  const subject = byPath.get(form.subject);
  const numeric = useMemo(
    () => subjects.filter((s) => s.type === "number" && s.group !== "System"),
    [subjects],
  );
  const check = useRuleCheck(form, subject, units);
  const unit = displayUnit(subject?.unit ?? "", units);
  const set = (patch: Partial<RuleForm>) => {
    setSaveErrors([]);
    setForm((old) => ({ ...old, ...patch }));
  };
  // A kind that does not fit the field stays listed, so the worker's reason can say why.
  const kinds = kindsFor(subject);
  if (!kinds.includes(form.kind)) kinds.push(form.kind);
  const errors = check.state === "bad" ? check.errors : saveErrors;
  const save = async () => {
    if (check.state !== "ok") return;
    setSaving(true);
    const refused = await onSave(check.rule);
    setSaving(false);
    if (refused) setSaveErrors(refused);
  };
  const c = form.kind;
  return (
    <div className="helios-rule-editor" data-testid="rule-editor">
      <div className="helios-row">
        <FormGroup label="Field">
          <FieldSelect
            fields={subjects}
            value={form.subject}
            onChange={(path) => {
              // A condition that does not fit the new field gives way to the first that does.
              const fits = kindsFor(byPath.get(path));
              set({ subject: path, kind: fits.includes(form.kind) ? form.kind : fits[0]! });
            }}
            placeholder="Choose a field…"
            aria-label="Field to watch"
            data-testid="rule-subject"
          />
        </FormGroup>
        <FormGroup label="Condition">
          <HTMLSelect
            aria-label="Condition"
            data-testid="rule-kind"
            value={form.kind}
            onChange={(event) => set({ kind: event.currentTarget.value as ConditionKind })}
            options={kinds.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          />
        </FormGroup>
      </div>
      {(c === "above" || c === "below") && (
        <LimitInput
          label="Limit"
          value={form.limit}
          onChange={(limit) => set({ limit })}
          unit={unit}
          fields={numeric}
          testId="rule-limit"
        />
      )}
      {(c === "outside" || c === "inside") && (
        <div className="helios-row">
          <LimitInput
            label="Low"
            value={form.lo}
            onChange={(lo) => set({ lo })}
            unit={unit}
            fields={numeric}
            testId="rule-lo"
          />
          <LimitInput
            label="High"
            value={form.hi}
            onChange={(hi) => set({ hi })}
            unit={unit}
            fields={numeric}
            testId="rule-hi"
          />
        </div>
      )}
      {c === "equals" && (
        <FormGroup label="Value">
          {subject?.type === "boolean" ? (
            <HTMLSelect
              aria-label="Value"
              value={form.equals}
              onChange={(event) => set({ equals: event.currentTarget.value })}
              options={[
                { value: "true", label: "on" },
                { value: "false", label: "off" },
              ]}
            />
          ) : (
            <InputGroup
              size="small"
              aria-label="Value"
              value={form.equals}
              onValueChange={(equals) => set({ equals })}
              rightElement={unit ? <span className="helios-rule-unit">{unit}</span> : undefined}
            />
          )}
        </FormGroup>
      )}
      {c === "anyBit" && (
        <FormGroup label="Bits" className="helios-rule-bits">
          {(subject?.bits ?? []).map((name, bit) => (
            <Checkbox
              key={bit}
              inline
              label={name}
              checked={form.bits.includes(bit)}
              onChange={(event) =>
                set({
                  bits: event.currentTarget.checked
                    ? [...form.bits, bit].sort((a, b) => a - b)
                    : form.bits.filter((b) => b !== bit),
                })
              }
            />
          ))}
        </FormGroup>
      )}
      {c === "noNewValue" && (
        <FormGroup label="Seconds without a new value">
          <InputGroup
            size="small"
            aria-label="Seconds without a new value"
            value={form.seconds}
            onValueChange={(seconds) => set({ seconds })}
          />
        </FormGroup>
      )}
      <div className="helios-row">
        <FormGroup label="Holds for (s)" helperText="before the alert starts">
          <InputGroup
            size="small"
            aria-label="Holds for (s)"
            value={form.forSeconds}
            onValueChange={(forSeconds) => set({ forSeconds })}
          />
        </FormGroup>
        {(c === "above" || c === "below" || form.clear !== "") && (
          <FormGroup label="Clears at" helperText="empty: at the limit">
            <InputGroup
              size="small"
              aria-label="Clears at"
              value={form.clear}
              onValueChange={(clear) => set({ clear })}
              rightElement={unit ? <span className="helios-rule-unit">{unit}</span> : undefined}
              data-testid="rule-clear"
            />
          </FormGroup>
        )}
        <FormGroup label="Severity">
          <SegmentedControl
            size="small"
            value={form.severity}
            onValueChange={(severity) => set({ severity: severity as AlertSeverity })}
            options={[
              { label: "Info", value: "info" },
              { label: "Warning", value: "warning" },
              { label: "Critical", value: "critical" },
            ]}
          />
        </FormGroup>
      </div>
      <FormGroup
        label="Message"
        helperText="{label} {value} {unit} {limit} {bits} are filled in, in your units"
      >
        <InputGroup
          size="small"
          aria-label="Message"
          value={form.message}
          onValueChange={(message) => set({ message })}
        />
      </FormGroup>
      <FormGroup label="Source" helperText="where the limit comes from, for the team">
        <InputGroup
          size="small"
          aria-label="Source"
          value={form.source}
          onValueChange={(source) => set({ source })}
        />
      </FormGroup>
      <div className="helios-row">
        <Switch
          label={form.notify ? "Announce (toast, sound)" : "Log only"}
          checked={form.notify}
          onChange={(event) => set({ notify: event.currentTarget.checked })}
        />
        <Switch
          label="On"
          checked={form.enabled}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
      </div>
      {errors.length > 0 && (
        <Callout intent="danger" icon="error" data-testid="rule-errors" compact>
          <ul className="helios-rule-reasons">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Callout>
      )}
      <div className="helios-row helios-rule-actions">
        {onDelete && (
          <Button intent="danger" variant="minimal" text="Delete rule" onClick={onDelete} />
        )}
        <Button text="Cancel" onClick={onCancel} />
        <Button
          intent="primary"
          text={isNew ? "Add rule" : "Save rule"}
          disabled={check.state !== "ok" || saving}
          loading={saving}
          onClick={() => void save()}
          data-testid="rule-save"
        />
      </div>
    </div>
  );
}
