// One row: label, value with unit; booleans as coloured tags; faults in red.
import { Tag } from "@blueprintjs/core";
import type { AppUnits, FieldInfo } from "../../../workers/contract/fields";
import { useField } from "../../worker-client/hooks";
import { LongText } from "../../ui/LongText";
import { displayValue, faultActive } from "../../ui/format/formatValue";
import { flagChips, flagsFault } from "../../ui/format/bitNames";
import { AlertLevelIcon, alertLevelClass, useAlertLevel } from "../../ui/alertLevel";

/**
 * A bit field (motor ErrorFlags / LimitFlags) as one chip per set bit, named
 * and weighted (faults red, a past reset blue, limits plain); "none" when 0.
 */
function FlagChips({ value, bits }: { value: number; bits: readonly string[] }) {
  const chips = flagChips(value, bits);
  if (chips === null) return <>{String(value)}</>;
  if (chips.length === 0) return <Tag minimal>none</Tag>;
  return (
    <span className="helios-flag-chips">
      {chips.map((chip) => (
        <Tag
          key={chip.bit}
          minimal={chip.tone === "none"}
          intent={chip.tone}
          icon={chip.tone === "danger" ? "error" : undefined}
          data-bit={chip.bit}
          data-tone={chip.tone}
        >
          {chip.name}
        </Tag>
      ))}
    </span>
  );
}

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
  // A past reset alone (ErrorFlags bit 4) is news, not an active fault.
  const active = fault && (field.bits ? flagsFault(value, field.bits) : faultActive(value));
  const shown = displayValue(value, field, units);
  const bits = field.bits && typeof value === "number" ? field.bits : null;
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
        title={bits === null ? undefined : shown.text}
      >
        <AlertLevelIcon level={level} />
        {field.type === "boolean" ? (
          <BooleanTag value={typeof value === "boolean" ? value : undefined} fault={fault} />
        ) : bits !== null ? (
          <FlagChips value={value as number} bits={bits} />
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
