// One limit of a rule: a number in the user's unit, or the packet's own field
// (the pack's reported limit) with a number to use while it reports none.
import { Checkbox, FormGroup, InputGroup, Tag } from "@blueprintjs/core";
import type { FieldInfo } from "../../../workers/contract/fields";
import { FieldSelect } from "../../ui/FieldPicker";
import type { LimitForm } from "./ruleForm";

interface LimitInputProps {
  label: string;
  value: LimitForm;
  onChange: (next: LimitForm) => void;
  /** The user's unit for the subject ("°F", "V", ""). */
  unit: string;
  /** Numeric fields that may hold a limit. */
  fields: readonly FieldInfo[];
  testId: string;
}

export function LimitInput({ label, value, onChange, unit, fields, testId }: LimitInputProps) {
  const unitTag = unit ? <Tag minimal>{unit}</Tag> : undefined;
  return (
    <FormGroup label={label} className="helios-rule-limit">
      <div className="helios-row">
        {value.useField ? (
          <>
            <FieldSelect
              fields={fields}
              value={value.field}
              onChange={(field) => onChange({ ...value, field })}
              placeholder="Choose the packet's field…"
              aria-label={`${label}: the packet's field`}
              data-testid={`${testId}-field`}
            />
            <InputGroup
              size="small"
              aria-label={`${label}: fallback`}
              placeholder="none"
              title="Used while the packet's field reports no limit"
              leftElement={<span className="helios-rule-unit">else</span>}
              value={value.fallback}
              onValueChange={(fallback) => onChange({ ...value, fallback })}
              rightElement={unitTag}
              data-testid={`${testId}-fallback`}
            />
          </>
        ) : (
          <InputGroup
            size="small"
            inputMode="decimal"
            aria-label={label}
            value={value.value}
            onValueChange={(text) => onChange({ ...value, value: text })}
            rightElement={unitTag}
            data-testid={testId}
          />
        )}
        <Checkbox
          label="the packet's own field"
          checked={value.useField}
          onChange={(event) => onChange({ ...value, useField: event.currentTarget.checked })}
        />
      </div>
    </FormGroup>
  );
}
