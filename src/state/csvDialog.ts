// Whether the CSV dialog is open and what it was opened for: the whole
// history (navbar, key e), one plot (its fields and visible window), the
// lap table (Laps tab) or an import only (Sessions view).
import { proxy, ref } from "valtio";
import type { FieldPath } from "../../workers/contract/fields";

export type ExportPreset =
  | { kind: "telemetry" }
  | { kind: "plot"; fields: FieldPath[]; window: { from: number; to: number } | null }
  | { kind: "laps" }
  | { kind: "import" };

export const csvDialog = proxy<{ open: boolean; preset: ExportPreset; opening: number }>({
  open: false,
  preset: { kind: "telemetry" },
  /** Bumped on every opening, so the dialog starts from that opening's defaults. */
  opening: 0,
});

export function openCsvDialog(preset: ExportPreset = { kind: "telemetry" }): void {
  if (csvDialog.open) return; // a running export/import keeps its dialog
  csvDialog.preset = ref(preset);
  csvDialog.opening++;
  csvDialog.open = true;
}
