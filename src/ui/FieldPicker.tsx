// A searchable, grouped field list in a popover (Blueprint's select package is
// not a dependency): type to filter by label, description or wire path. The
// plots and the export pick several fields (click adds or removes one); the
// map and the favourites pick one at a time (FieldSelect). Every list ends
// with "New math channel…": a value the car does not send is made there.
// The focus goes back to the button when the list closes only if the user
// has not moved it: Blueprint gives it back at the end of the fade-out, and
// took it from the input clicked meanwhile (what was typed there was lost).
import { Button, InputGroup, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useMemo, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { FieldInfo } from "../../workers/contract/fields";
import { displayUnit } from "../../workers/shared/units";
import { appState } from "../state/appState";
import { openMathChannels } from "../state/mathChannelsDialog";
import { groupTitle, searchFields } from "./fieldSearch";

interface FieldPickerProps {
  fields: readonly FieldInfo[];
  selected: readonly string[];
  onToggle: (path: string) => void;
}

export function FieldPicker({ fields, selected, onToggle }: FieldPickerProps) {
  const { buttonRef, ...focusBack } = useFocusBackUnlessMoved();
  return (
    <PopoverNext
      placement="bottom-end"
      {...focusBack}
      content={<FieldMenu fields={fields} selected={selected} onPick={onToggle} stayOpen />}
    >
      <Button
        ref={buttonRef}
        size="small"
        variant="minimal"
        icon="add"
        aria-label="Add or remove fields"
        title="Fields"
      />
    </PopoverNext>
  );
}

interface FieldSelectProps {
  fields: readonly FieldInfo[];
  /** The chosen field's path ("" for none yet). */
  value: string;
  onChange: (path: string) => void;
  /** Shown when nothing is chosen. */
  placeholder: string;
  "aria-label": string;
  "data-testid"?: string;
}

/** One field out of the catalog: a button naming it, opening the same searchable list. */
export function FieldSelect({ fields, value, onChange, placeholder, ...rest }: FieldSelectProps) {
  const chosen = fields.find((field) => field.path === value);
  const { buttonRef, ...focusBack } = useFocusBackUnlessMoved();
  return (
    <PopoverNext
      placement="bottom-start"
      {...focusBack}
      content={<FieldMenu fields={fields} selected={[value]} onPick={onChange} stayOpen={false} />}
    >
      <Button
        ref={buttonRef}
        endIcon="caret-down"
        text={chosen?.label ?? (value || placeholder)}
        title={chosen ? `${chosen.description ?? ""}\n${chosen.path}`.trim() : undefined}
        aria-label={rest["aria-label"]}
        data-testid={rest["data-testid"]}
        data-path={value}
      />
    </PopoverNext>
  );
}

/** The popover's focus props: back to its button on close, unless the user has moved on. */
function useFocusBackUnlessMoved() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const onClosed = () => {
    const active = document.activeElement;
    const stayed = !active || active === document.body || popoverRef.current?.contains(active);
    if (stayed) buttonRef.current?.focus();
  };
  return { buttonRef, popoverRef, onClosed, shouldReturnFocusOnClose: false };
}

function FieldMenu({
  fields,
  selected,
  onPick,
  stayOpen,
}: {
  fields: readonly FieldInfo[];
  selected: readonly string[];
  onPick: (path: string) => void;
  stayOpen: boolean;
}) {
  const [query, setQuery] = useState("");
  const { appUnits } = useSnapshot(appState);
  const groups = useMemo(() => searchFields(fields, query), [fields, query]);
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
          <MenuDivider key={`g:${group}`} title={groupTitle(group)} />,
          ...items.map((field) => (
            <MenuItem
              key={field.path}
              data-path={field.path}
              roleStructure="listoption"
              selected={selected.includes(field.path)}
              text={field.label}
              title={`${field.description ?? ""}\n${field.path}`.trim()}
              label={field.type === "boolean" ? "on/off" : displayUnit(field.unit, appUnits)}
              shouldDismissPopover={!stayOpen}
              onClick={() => onPick(field.path)}
            />
          )),
        ])}
        <MenuDivider />
        <MenuItem
          icon="function"
          text="New math channel…"
          data-testid="picker-new-math-channel"
          onClick={() => openMathChannels({ create: true })}
        />
      </Menu>
    </div>
  );
}
