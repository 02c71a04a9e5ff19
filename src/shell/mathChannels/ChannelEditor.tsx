// One channel's form: name, label, unit, description and the expression. The
// worker checks it as the user types (checkMathChannel, ~150 ms after the last
// key): its problems are listed with their place marked, Save waits until there
// are none; the value now, the last minute as a small line and the gaps with
// their reasons show what the channel computes before it is saved.
import { Button, Callout, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ChannelCheck, MathChannelDef } from "../../../workers/contract/math";
import { formatNumber } from "../../ui/format/formatNumber";
import { DialogHeading } from "../../ui/headings";
import { useTelemetry } from "../../worker-client/hooks";
import { gapText } from "../../ui/format/mathFormat";
import { formToChannel, nameFromLabel, type ChannelForm } from "./channelForm";
import { ExpressionProblems } from "./ExpressionProblems";
import { LatestCheck } from "./latestCheck";
import { MathHelp } from "./MathHelp";
import { Sparkline } from "./Sparkline";

/** How often the value and the line follow the data while the form is open. */
const REFRESH_MS = 1000;

interface ChannelEditorProps {
  initial: ChannelForm;
  /** The saved channel this form edits (its name as saved), or null for a new one. */
  replacing: string | null;
  /** Saves; resolves to the refusal's reasons, or null when saved. */
  onSave: (channel: MathChannelDef) => Promise<string[] | null>;
  onDelete: (() => void) | null;
  onCancel: () => void;
}

export function ChannelEditor({
  initial,
  replacing,
  onSave,
  onDelete,
  onCancel,
}: ChannelEditorProps) {
  const { client } = useTelemetry();
  const [form, setForm] = useState(initial);
  // A new channel's name follows its label until the user types a name of their own.
  const [nameTyped, setNameTyped] = useState(replacing !== null || initial.name !== "");
  const [check, setCheck] = useState<{ for: MathChannelDef; result: ChannelCheck } | null>(null);
  const [saveErrors, setSaveErrors] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const channel = useMemo(() => formToChannel(form), [form]);
  const checker =
    useRef<LatestCheck<MathChannelDef, { for: MathChannelDef; result: ChannelCheck }>>(null);

  useEffect(() => {
    const latest = new LatestCheck(
      async (def: MathChannelDef) => ({
        for: def,
        result: await client.api.checkMathChannel(def, replacing),
      }),
      setCheck,
    );
    checker.current = latest;
    return () => latest.dispose();
  }, [client, replacing]);

  // Every change is checked once the typing pauses; the value and line follow the data meanwhile.
  useEffect(() => {
    checker.current?.request(channel);
    const timer = setInterval(() => checker.current?.request(channel), REFRESH_MS);
    return () => clearInterval(timer);
  }, [channel]);

  const set = (part: Partial<ChannelForm>) => {
    setSaveErrors(null);
    setForm((old) => ({ ...old, ...part }));
  };
  // The last answer stays on screen while the next is awaited (no blinking as
  // the user types); Save needs the answer to the text as it is now.
  const answered = check !== null && sameChannel(check.for, channel);
  const result = check?.result ?? null;
  const missing = [
    ...(channel.name ? [] : ["a name"]),
    ...(channel.expression.trim() ? [] : ["an expression"]),
  ];
  const canSave = missing.length === 0 && answered && check.result.ok && !saving;
  const gaps = result ? gapText(result.gaps) : null;

  const save = async () => {
    setSaving(true);
    const errors = await onSave(channel);
    setSaving(false);
    setSaveErrors(errors);
  };

  return (
    <form
      className="helios-math-editor"
      data-testid="math-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) void save();
      }}
    >
      <DialogHeading className="helios-math-editor-title">
        {replacing === null ? "New math channel" : `Edit ${initial.label || initial.name}`}
      </DialogHeading>
      <div className="helios-row helios-math-names">
        <FormGroup label="Label" labelFor="math-label" helperText="What pickers and tables show.">
          <InputGroup
            id="math-label"
            value={form.label}
            data-testid="math-label"
            onValueChange={(label) =>
              set(nameTyped ? { label } : { label, name: nameFromLabel(label) })
            }
          />
        </FormGroup>
        <FormGroup
          label="Name"
          labelFor="math-name"
          helperText="How expressions and files name it."
        >
          <InputGroup
            id="math-name"
            value={form.name}
            data-testid="math-name"
            className="helios-math-mono"
            onValueChange={(name) => {
              setNameTyped(true);
              set({ name });
            }}
          />
        </FormGroup>
        <FormGroup label="Unit" labelFor="math-unit" helperText="e.g. W, Wh, km/h">
          <InputGroup
            id="math-unit"
            value={form.unit}
            data-testid="math-unit"
            className="helios-math-unit"
            onValueChange={(unit) => set({ unit })}
          />
        </FormGroup>
      </div>
      <FormGroup label="Description" labelFor="math-description">
        <InputGroup
          id="math-description"
          value={form.description}
          data-testid="math-description"
          placeholder="One line saying what it is"
          onValueChange={(description) => set({ description })}
        />
      </FormGroup>
      <FormGroup label="Expression" labelFor="math-expression">
        <TextArea
          id="math-expression"
          fill
          rows={3}
          spellCheck={false}
          className="helios-math-mono"
          value={form.expression}
          data-testid="math-expression"
          placeholder="e.g. Battery.PackVoltage * Battery.PackCurrent"
          onChange={(event) => set({ expression: event.currentTarget.value })}
        />
      </FormGroup>
      {check && result && (
        <ExpressionProblems expression={check.for.expression} problems={result.problems} />
      )}
      {/* The row holds its place while the first answer is awaited: arriving
          later, it pushed Save and Cancel down under a pointer on its way to them. */}
      {result?.ok !== false && channel.expression.trim() !== "" && (
        <div className="helios-math-preview" data-testid="math-preview">
          {result ? (
            <>
              <span>
                Now{" "}
                <strong data-testid="math-value">
                  {formatNumber(result.value)} {result.value === null ? "" : channel.unit}
                </strong>
              </span>
              <Sparkline recent={result.recent} unit={channel.unit} />
              {gaps && (
                <span className="helios-muted" data-testid="math-gaps">
                  {gaps}
                </span>
              )}
            </>
          ) : (
            <span className="helios-muted">Now: working it out…</span>
          )}
        </div>
      )}
      <MathHelp />
      {saveErrors && saveErrors.length > 0 && (
        <Callout intent="danger" compact data-testid="math-save-errors">
          Not saved:
          <ul className="helios-rule-reasons">
            {saveErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Callout>
      )}
      <div className="helios-row helios-math-actions">
        <Button
          type="submit"
          intent="primary"
          text="Save"
          disabled={!canSave}
          loading={saving}
          data-testid="math-save"
          title={missing.length > 0 ? `Needs ${missing.join(" and ")}` : undefined}
        />
        <Button text="Cancel" onClick={onCancel} data-testid="math-cancel" />
        <span className="helios-math-spacer" />
        {onDelete && (
          <Button
            intent="danger"
            variant="minimal"
            icon="trash"
            text="Delete"
            onClick={onDelete}
            data-testid="math-delete"
          />
        )}
      </div>
    </form>
  );
}

function sameChannel(a: MathChannelDef, b: MathChannelDef): boolean {
  return (
    a.name === b.name &&
    a.label === b.label &&
    a.expression === b.expression &&
    a.unit === b.unit &&
    a.description === b.description
  );
}
