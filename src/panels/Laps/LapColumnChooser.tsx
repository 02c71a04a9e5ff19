// The lap table's column chooser: a button naming how many columns show, and
// a popover of the groups (lapColumnGroups.ts), each with a box that turns
// the whole group on or off. The choice is this window's (state/lapColumns.ts).
import { Button, Callout, Checkbox, PopoverNext } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { lapColumns, resetLapColumns, showLapColumns } from "../../state/lapColumns";
import { ALL_LAP_COLUMN_KEYS, LAP_COLUMN_GROUPS } from "../../ui/format/lapColumnGroups";

export function LapColumnChooser() {
  const { shown, problem } = useSnapshot(lapColumns);
  return (
    <PopoverNext
      placement="bottom-start"
      content={<ChooserBody shown={shown} problem={problem} />}
      // Opening moves focus through the list, which scrolls it down: start at its top.
      onOpened={(node) => node.querySelector(".helios-lap-columns")?.scrollTo(0, 0)}
      // Kept inside the screen a phone shows, with a margin (the page may be wider).
      middleware={{ shift: { rootBoundary: "viewport", padding: 8 } }}
    >
      <Button
        icon="th"
        text={`Columns (${shown.length} of ${ALL_LAP_COLUMN_KEYS.length})`}
        title="Choose the lap table's columns (this window's choice)"
        data-testid="lap-columns"
        intent={problem ? "warning" : "none"}
      />
    </PopoverNext>
  );
}

function ChooserBody({ shown, problem }: { shown: readonly string[]; problem: string | null }) {
  return (
    <div className="helios-lap-columns" data-testid="lap-columns-menu">
      {problem && (
        <Callout intent="warning" compact data-testid="lap-columns-problem">
          This window's saved choice of columns could not be read ({problem}); the default set is
          shown.
        </Callout>
      )}
      {LAP_COLUMN_GROUPS.map((group) => {
        const keys = group.columns.map((c) => c.key);
        const on = keys.filter((key) => shown.includes(key)).length;
        return (
          <fieldset key={group.title} className="helios-lap-columns-group">
            <Checkbox
              className="helios-lap-columns-group-box"
              label={group.title}
              checked={on === keys.length}
              indeterminate={on > 0 && on < keys.length}
              onChange={() => showLapColumns(keys, on < keys.length)}
            />
            {keys.length > 1 &&
              group.columns.map((column) => (
                <Checkbox
                  key={column.key}
                  className="helios-lap-columns-item"
                  label={column.title}
                  checked={shown.includes(column.key)}
                  onChange={(event) => showLapColumns([column.key], event.currentTarget.checked)}
                />
              ))}
          </fieldset>
        );
      })}
      <Button variant="minimal" icon="reset" text="Default columns" onClick={resetLapColumns} />
    </div>
  );
}
