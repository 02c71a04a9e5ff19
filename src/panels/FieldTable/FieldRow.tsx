// One row: label, value with unit; booleans as coloured tags; faults in red.
import { Tag } from "@blueprintjs/core";
import type { AppUnits, FieldInfo } from "../../../workers/contract/fields";
import { useField } from "../../worker-client/hooks";
import { LongText } from "../../ui/LongText";
import { displayValue, faultActive } from "../../ui/format/formatValue";
import { bitFieldText } from "../../ui/format/bitNames";
import { AlertLevelIcon, alertLevelClass, useAlertLevel } from "../../ui/alertLevel";

function BooleanTag({ value, fault }: { value: boolean | undefined; fault: boolean }) {
  if (value === undefined) return <Tag minimal>—</Tag>;
  if (fault)
    return value ? (
      <Tag intent="danger" icon="error">
        FAULT
      </Tag>
    ) : (
      <Tag minimal intent="success">
        OK
      </Tag>
    );
  return value ? <Tag intent="success">TRUE</Tag> : <Tag minimal>FALSE</Tag>;
}

export function FieldRow({
  field,
  units,
  fault,
}: {
  field: FieldInfo;
  units: AppUnits;
  fault: boolean;
}) {
  const value = useField(field.path);
  const level = useAlertLevel(field.path);
  const active = fault && faultActive(value);
  const shown = displayValue(value, field, units);
  // Bit fields (motor ErrorFlags / LimitFlags) read as the names of their set bits.
  const bitsText = field.bits && typeof value === "number" ? bitFieldText(value, field.bits) : null;
  return (
    <tr
      data-field={field.path}
      data-alert={level}
      className={active ? "helios-fault-active" : undefined}
    >
      <td
        className="helios-field-label"
        title={field.description ? `${field.description}\n${field.path}` : field.path}
      >
        {field.label}
      </td>
      <td
        className={`helios-num live-value ${alertLevelClass(level)}`.trim()}
        title={bitsText === null ? undefined : shown.text}
      >
        <AlertLevelIcon level={level} />
        {field.type === "boolean" ? (
          <BooleanTag value={typeof value === "boolean" ? value : undefined} fault={fault} />
        ) : bitsText !== null ? (
          <LongText text={bitsText} />
        ) : typeof value === "string" ? (
          <LongText text={shown.text} />
        ) : (
          shown.text
        )}
      </td>
      <td className="helios-unit">{shown.unit}</td>
    </tr>
  );
}
