// "Export JSON" and "Import JSON…" for a dialog that saves its settings as a
// file (alert rules, math channels): the hidden file input is reset after
// each pick, so choosing the same file again still imports it.
import { Button } from "@blueprintjs/core";
import { useRef } from "react";

export function JsonFileButtons(props: {
  onExport: () => void;
  onImport: (file: File) => void;
  /** data-testid prefix: "<prefix>-export", "<prefix>-import", "<prefix>-import-input". */
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon="export"
        text="Export JSON"
        onClick={props.onExport}
        data-testid={`${props.testId}-export`}
      />
      <Button
        icon="import"
        text="Import JSON…"
        onClick={() => input.current?.click()}
        data-testid={`${props.testId}-import`}
      />
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid={`${props.testId}-import-input`}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (chosen) props.onImport(chosen);
        }}
      />
    </>
  );
}
