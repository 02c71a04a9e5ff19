// The worker's lap table with energy and sector columns (LapTable), kept apart
// from the settings: it is data. Fetched again when the laps or the sector
// lines change (shell/wiring/useLapTable.ts).
import { proxy, ref } from "valtio";
import type { LapTable } from "../../workers/contract/lapAnalysis";

export const lapAnalysisState = proxy<{ table: LapTable | null }>({ table: null });

export function applyLapTable(table: LapTable): void {
  // Plain data the UI only reads: no deep proxy over every row.
  lapAnalysisState.table = ref(table);
}
