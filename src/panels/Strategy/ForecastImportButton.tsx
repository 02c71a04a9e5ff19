// "Import forecast file…": a forecast file (Open-Meteo JSON, Solcast JSON or
// CSV) read as text and handed to the worker with its last change, which is
// its issue time (the services' files do not say when they were made). The
// hidden input is reset after each pick, so the same file again imports again.
import { Button } from "@blueprintjs/core";
import { useRef } from "react";
import { HiddenFileInput } from "../../ui/HiddenFileInput";

export function ForecastImportButton({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon="import"
        text="Import forecast file…"
        onClick={() => input.current?.click()}
        data-testid="weather-import"
      />
      <HiddenFileInput
        inputRef={input}
        accept=".json,.csv,application/json,text/csv"
        testId="weather-import-input"
        onFile={onFile}
      />
    </>
  );
}
