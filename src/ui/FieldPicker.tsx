// A searchable, grouped field list in a popover (Blueprint's select package is
// not a dependency): type to filter, click to add or remove a series.
import { Button, InputGroup, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import type { FieldInfo } from "../../workers/contract/fields";
import { fieldLabel } from "./format/fieldLabel";

interface FieldPickerProps {
  fields: readonly FieldInfo[];
  selected: readonly string[];
  onToggle: (path: string) => void;
}

export function FieldPicker({ fields, selected, onToggle }: FieldPickerProps) {
  return (
    <PopoverNext
      placement="bottom-end"
      content={<FieldMenu fields={fields} selected={selected} onToggle={onToggle} />}
    >
      <Button
        size="small"
        variant="minimal"
        icon="add"
        aria-label="Add or remove fields"
        title="Fields"
      />
    </PopoverNext>
  );
}

function FieldMenu({ fields, selected, onToggle }: FieldPickerProps) {
  const [query, setQuery] = useState("");
  const groups = useMemo(() => groupMatches(fields, query), [fields, query]);
  return (
    <div className="plot-field-picker">
      <InputGroup
        autoFocus
        leftIcon="search"
        placeholder="Search fields…"
        size="small"
        value={query}
        onValueChange={setQuery}
      />
      <Menu className="plot-field-menu" size="small">
        {groups.length === 0 && <MenuItem disabled text="No matching field" />}
        {groups.map(([group, items]) => [
          <MenuDivider key={`g:${group}`} title={group} />,
          ...items.map((field) => (
            <MenuItem
              key={field.path}
              data-path={field.path}
              roleStructure="listoption"
              selected={selected.includes(field.path)}
              text={field.label}
              label={field.type === "boolean" ? "on/off" : field.unit}
              shouldDismissPopover={false}
              onClick={() => onToggle(field.path)}
            />
          )),
        ])}
      </Menu>
    </div>
  );
}

/** Fields whose label, path or group contain every word of the query, by packet group. */
function groupMatches(fields: readonly FieldInfo[], query: string): [string, FieldInfo[]][] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, FieldInfo[]>();
  for (const field of fields) {
    const haystack = `${fieldLabel(field)} ${field.path}`.toLowerCase();
    if (!words.every((w) => haystack.includes(w))) continue;
    const list = groups.get(field.group);
    if (list) list.push(field);
    else groups.set(field.group, [field]);
  }
  return [...groups];
}
