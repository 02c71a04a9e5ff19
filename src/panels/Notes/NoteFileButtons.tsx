// The Notes tab's files: export the view's notes as CSV (a spreadsheet) or
// JSON (another copy of the app), and import either into the live session.
// What happened is said in one line: how many were taken, or why none was.
import { Button } from "@blueprintjs/core";
import { useRef } from "react";
import { windowIdentity } from "../../state/windowName";
import { downloadBlob } from "../../ui/downloadBlob";
import { useTelemetry } from "../../worker-client/hooks";
import { HiddenFileInput } from "../../ui/HiddenFileInput";

export interface FileOutcome {
  ok: boolean;
  message: string;
}

export function NoteFileButtons(props: {
  count: number;
  writable: boolean;
  onOutcome: (outcome: FileOutcome) => void;
}) {
  const { client } = useTelemetry();
  const input = useRef<HTMLInputElement>(null);
  const { onOutcome } = props;
  const save = async (format: "csv" | "json") => {
    try {
      const file = await client.api.exportNotes(format);
      downloadBlob(new Blob([file.data as BlobPart], { type: file.mime }), file.fileName);
    } catch {
      onOutcome({ ok: false, message: "The telemetry core did not answer; try again." });
    }
  };
  const take = async (file: File) => {
    try {
      const result = await client.api.importNotes(
        await file.text(),
        file.name,
        windowIdentity.name,
      );
      if (!result.ok) return onOutcome({ ok: false, message: result.message });
      const noun = result.added === 1 ? "note" : "notes";
      const there = result.skipped > 0 ? `; ${result.skipped} already here` : "";
      onOutcome({
        ok: true,
        message: `Imported ${result.added} ${noun} from ${file.name}${there}.`,
      });
    } catch {
      onOutcome({ ok: false, message: `${file.name} could not be read.` });
    }
  };
  return (
    <>
      <Button
        icon="export"
        text="CSV"
        title="Export the notes as CSV"
        disabled={props.count === 0}
        onClick={() => void save("csv")}
      />
      <Button
        icon="export"
        text="JSON"
        title="Export the notes as JSON"
        disabled={props.count === 0}
        onClick={() => void save("json")}
      />
      <Button
        icon="import"
        text="Import…"
        title={
          props.writable ? "Import notes from a CSV or JSON file" : "Notes are imported while live"
        }
        disabled={!props.writable}
        onClick={() => input.current?.click()}
      />
      <HiddenFileInput
        inputRef={input}
        accept=".json,.csv,application/json,text/csv"
        testId="notes-import-input"
        onFile={(file) => void take(file)}
      />
    </>
  );
}
