// Whether the CSV dialog is open and what it was opened for: the whole
// history (navbar, key e; with the plots' window when they are zoomed), one
// plot (its fields and visible window), the lap table (Laps tab) or an
// import only (Sessions view).
import { proxy, ref } from "valtio";
import type { FieldPath } from "../../workers/contract/fields";
import { plotsFixedWindow, type TimeWindow } from "./plotsWindow";

export type ExportPreset =
  | { kind: "telemetry"; window: TimeWindow | null }
  | {
      kind: "plot";
      fields: FieldPath[];
      window: TimeWindow | null;
      /** How the window is named in the range choices (default: the plots' visible window). */
      windowLabel?: string;
    }
  | { kind: "laps" }
  | { kind: "import" };

export const csvDialog = proxy<{ open: boolean; preset: ExportPreset; opening: number }>({
  open: false,
  preset: { kind: "telemetry", window: null },
  /** Bumped on every opening, so the dialog starts from that opening's defaults. */
  opening: 0,
});

/** Open the dialog; with no preset, for the whole history, offering the plots' window if fixed. */
export function openCsvDialog(preset?: ExportPreset): void {
  if (csvDialog.open) return; // a running export/import keeps its dialog
  preset ??= { kind: "telemetry", window: plotsFixedWindow() };
  csvDialog.preset = ref(preset);
  csvDialog.opening++;
  csvDialog.open = true;
}
