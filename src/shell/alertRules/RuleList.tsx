// The rules, grouped by the part of the car they watch and filterable: each
// names its field by label (never the wire name), its condition in words, its
// severity, whether it announces, an on/off switch, and where its limit comes
// from as a hint.
import { Button, HTMLSelect, InputGroup, Switch, Tag, type Intent } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import type { AlertRule, AlertSeverity } from "../../../workers/contract/alerts";
import type { AppUnits, FieldInfo } from "../../../workers/contract/fields";
import { groupTitle } from "../../ui/fieldSearch";
import { conditionText } from "./ruleWords";

export const SEVERITY_INTENT: Readonly<Record<AlertSeverity, Intent>> = {
  info: "primary",
  warning: "warning",
  critical: "danger",
};

interface RuleListProps {
  rules: readonly AlertRule[];
  subjects: readonly FieldInfo[];
  units: AppUnits;
  onEdit: (index: number) => void;
  onToggle: (index: number, enabled: boolean) => void;
}

interface Row {
  index: number;
  rule: AlertRule;
  label: string;
  group: string;
  words: string;
}

export function RuleList({ rules, subjects, units, onEdit, onToggle }: RuleListProps) {
  const [query, setQuery] = useState("");
  const [severity, setSeverity] = useState<"" | AlertSeverity>("");
  const byPath = useMemo(() => new Map(subjects.map((s) => [s.path, s])), [subjects]);
  const groups = useMemo(() => {
    const rows: Row[] = rules.map((rule, index) => {
      const subject = byPath.get(rule.subject);
      return {
        index,
        rule,
        label: subject?.label ?? rule.subject,
        group: subject?.group ?? "Other",
        words: conditionText(rule, (path) => byPath.get(path), units),
      };
    });
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const grouped = new Map<string, Row[]>();
    for (const row of rows) {
      if (severity && row.rule.severity !== severity) continue;
      const haystack =
        `${row.label} ${row.words} ${row.rule.subject} ${groupTitle(row.group)} ${row.rule.severity}`.toLowerCase();
      if (!words.every((word) => haystack.includes(word))) continue;
      const list = grouped.get(row.group);
      if (list) list.push(row);
      else grouped.set(row.group, [row]);
    }
    return [...grouped];
  }, [rules, byPath, units, query, severity]);
  const shown = groups.reduce((count, [, rows]) => count + rows.length, 0);
  return (
    <div className="helios-rule-list" data-testid="rule-list">
      <div className="helios-row">
        <InputGroup
          leftIcon="search"
          placeholder="Filter rules…"
          aria-label="Filter rules"
          size="small"
          value={query}
          onValueChange={setQuery}
        />
        <HTMLSelect
          aria-label="Severity"
          value={severity}
          onChange={(event) => setSeverity(event.currentTarget.value as "" | AlertSeverity)}
          options={[
            { value: "", label: "Every severity" },
            { value: "critical", label: "Critical" },
            { value: "warning", label: "Warning" },
            { value: "info", label: "Info" },
          ]}
        />
        <span className="helios-muted" data-testid="rule-count">
          {shown === rules.length ? `${rules.length} rules` : `${shown} of ${rules.length} rules`}
        </span>
      </div>
      {groups.map(([group, rows]) => (
        <section key={group} className="helios-rule-group">
          <h4 className="helios-rule-group-title">{groupTitle(group)}</h4>
          <ul>
            {rows.map((row) => (
              <RuleRow key={row.rule.id} row={row} onEdit={onEdit} onToggle={onToggle} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function RuleRow({
  row,
  onEdit,
  onToggle,
}: {
  row: Row;
  onEdit: (index: number) => void;
  onToggle: (index: number, enabled: boolean) => void;
}) {
  const { rule } = row;
  return (
    <li className="helios-rule-row" data-rule={rule.id} data-subject={rule.subject}>
      <Switch
        className="helios-rule-switch"
        checked={rule.enabled}
        aria-label={`${row.label}: ${rule.enabled ? "on" : "off"}`}
        onChange={(event) => onToggle(row.index, event.currentTarget.checked)}
      />
      <div className="helios-rule-text">
        <div>
          <strong>{row.label}</strong> <span>{row.words}</span>
        </div>
        {rule.source && (
          <div className="helios-rule-source helios-muted" title={rule.source}>
            {rule.source}
          </div>
        )}
      </div>
      <Tag minimal intent={SEVERITY_INTENT[rule.severity]}>
        {rule.severity}
      </Tag>
      {rule.notify === false && (
        <Tag minimal title="Logged, never announced">
          log only
        </Tag>
      )}
      <Button
        size="small"
        variant="minimal"
        icon="edit"
        aria-label={`Edit rule: ${row.label}`}
        onClick={() => onEdit(row.index)}
      />
    </li>
  );
}
