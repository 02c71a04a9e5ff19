// The rules, grouped by the part of the car they watch and filterable: each
// names its field by label (never the wire name), its condition in words, its
// severity, whether it announces, an on/off switch, and where its limit comes
// from as a hint. Up to 5,000 rules: only those in view are in the page
// (VirtualList), each row one line of text and one of its source, so every
// row is as tall as the next.
import { Button, HTMLSelect, InputGroup, Switch, Tag, type Intent } from "@blueprintjs/core";
import { useCallback, useMemo, useState } from "react";
import type { AlertRule, AlertSeverity } from "../../../workers/contract/alerts";
import type { AppUnits, FieldInfo } from "../../../workers/contract/fields";
import { groupTitle } from "../../ui/fieldSearch";
import { formatCount } from "../../ui/format/formatNumber";
import { VirtualList } from "../../ui/VirtualList";
import { conditionText } from "./ruleWords";

/** Heights of a group's title and of a rule's row, in px: alertRules.css gives them the same. */
const GROUP_PX = 36;
const RULE_PX = 48;

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
}

type Item = { group: string; count: number } | Row;

export function RuleList({ rules, subjects, units, onEdit, onToggle }: RuleListProps) {
  const [query, setQuery] = useState("");
  const [severity, setSeverity] = useState<"" | AlertSeverity>("");
  const byPath = useMemo(() => new Map(subjects.map((s) => [s.path, s])), [subjects]);
  const rows = useMemo(
    () =>
      rules.map((rule, index): Row => {
        const subject = byPath.get(rule.subject);
        return {
          index,
          rule,
          label: subject?.label ?? rule.subject,
          group: subject?.group ?? "Other",
        };
      }),
    [rules, byPath],
  );
  // A rule's condition in words when it is first shown or filtered, then
  // kept (per units): for 5,000 rules at once it was most of the dialog's
  // longest task after an import.
  const wordsOf = useMemo(() => {
    const known = new Map<AlertRule, string>();
    return (rule: AlertRule): string => {
      let words = known.get(rule);
      if (words === undefined) {
        words = conditionText(rule, (path) => byPath.get(path), units);
        known.set(rule, words);
      }
      return words;
    };
  }, [byPath, units]);
  const { items, shown } = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (row: Row) => {
      if (words.length === 0) return true;
      const { rule } = row;
      const haystack =
        `${row.label} ${wordsOf(rule)} ${rule.subject} ${groupTitle(row.group)} ${rule.severity} ${rule.source ?? ""}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    };
    const grouped = new Map<string, Row[]>();
    for (const row of rows) {
      if (severity && row.rule.severity !== severity) continue;
      if (!matches(row)) continue;
      const list = grouped.get(row.group);
      if (list) list.push(row);
      else grouped.set(row.group, [row]);
    }
    const items: Item[] = [];
    let shown = 0;
    for (const [group, list] of grouped) {
      items.push({ group, count: list.length }, ...list);
      shown += list.length;
    }
    return { items, shown };
  }, [rows, query, severity, wordsOf]);
  const heightOf = useCallback((i: number) => ("rule" in items[i]! ? RULE_PX : GROUP_PX), [items]);
  const keyOf = useCallback(
    (i: number) => {
      const item = items[i]!;
      return "rule" in item ? `rule:${item.rule.id}` : `group:${item.group}`;
    },
    [items],
  );
  const renderItem = useCallback(
    (i: number) => {
      const item = items[i]!;
      if (!("rule" in item))
        return <h4 className="helios-rule-group-title">{groupTitle(item.group)}</h4>;
      return <RuleRow row={item} words={wordsOf(item.rule)} onEdit={onEdit} onToggle={onToggle} />;
    },
    [items, wordsOf, onEdit, onToggle],
  );
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
          {shown === rules.length
            ? `${formatCount(rules.length)} rules`
            : `${formatCount(shown)} of ${formatCount(rules.length)} rules`}
        </span>
      </div>
      <VirtualList
        className="helios-rule-rows"
        label="Alert rules"
        count={items.length}
        heightOf={heightOf}
        keyOf={keyOf}
        renderItem={renderItem}
        resetKey={`${query}\u0000${severity}`}
      />
    </div>
  );
}

function RuleRow({
  row,
  words,
  onEdit,
  onToggle,
}: {
  row: Row;
  words: string;
  onEdit: (index: number) => void;
  onToggle: (index: number, enabled: boolean) => void;
}) {
  const { rule } = row;
  const text = `${row.label} ${words}`;
  return (
    <div className="helios-rule-row" data-rule={rule.id} data-subject={rule.subject}>
      <Switch
        className="helios-rule-switch"
        checked={rule.enabled}
        aria-label={`${row.label}: ${rule.enabled ? "on" : "off"}`}
        onChange={(event) => onToggle(row.index, event.currentTarget.checked)}
      />
      <div className="helios-rule-text">
        <div className="helios-rule-words" title={text}>
          <strong>{row.label}</strong> <span>{words}</span>
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
    </div>
  );
}
