// The lap table's analysis columns (worker: laps/analysis/lapTable.ts): a
// column per sector with the best of each marked, our energy figures, and
// ours against the backend's where its lap record has figures. Rows are the
// table's laps joined by their end time.
import type { AppUnits } from "../../../workers/contract/fields";
import type { LapRow, LapTable } from "../../../workers/contract/lapAnalysis";
import {
  ENERGY_COLUMNS,
  backendCheck,
  formatEnergyCell,
  formatSector,
  sectorTitles,
} from "../../ui/format/lapAnalysisFormat";
import { BACKEND_CHECK_KEY, oursKey, SECTORS_KEY } from "../../ui/format/lapColumnGroups";

/** The analysis columns a window shows (its chosen keys, lapColumnGroups.ts). */
function shownParts(table: LapTable | null, shown: readonly string[]) {
  return {
    sectors: shown.includes(SECTORS_KEY) ? sectorTitles(table) : [],
    energy: ENERGY_COLUMNS.filter((column) => shown.includes(oursKey(column.id))),
    backendCheck: shown.includes(BACKEND_CHECK_KEY),
  };
}

export function analysisColumnCount(table: LapTable | null, shown: readonly string[]): number {
  const parts = shownParts(table, shown);
  return parts.sectors.length + parts.energy.length + (parts.backendCheck ? 1 : 0);
}

interface HeadersProps {
  table: LapTable | null;
  units: AppUnits;
  shown: readonly string[];
}

export function AnalysisHeaders({ table, units, shown }: HeadersProps) {
  const parts = shownParts(table, shown);
  return (
    <>
      {parts.sectors.map((sector, k) => (
        <th
          key={`sector-${k}`}
          className="helios-num helios-lap-sector"
          title={sector.hint}
          data-testid="lap-sector-header"
        >
          {sector.title}
        </th>
      ))}
      {parts.energy.map((column) => (
        <th
          key={column.id}
          className="helios-num"
          title={column.hint}
          data-testid={`lap-energy-header`}
        >
          {column.title} ({column.unit(units)})
        </th>
      ))}
      {parts.backendCheck && (
        <th
          className="helios-num"
          title="Our Wh out of the pack minus the backend's (its EnergyConsumed), where its lap record has figures"
        >
          vs backend (Wh)
        </th>
      )}
    </>
  );
}

interface AnalysisCellsProps {
  table: LapTable | null;
  row: LapRow | undefined;
  index: number | undefined;
  units: AppUnits;
  shown: readonly string[];
}

export function AnalysisCells({ table, row, index, units, shown }: AnalysisCellsProps) {
  const check = backendCheck(row);
  const parts = shownParts(table, shown);
  return (
    <>
      {parts.sectors.map((_, k) => {
        const best = index !== undefined && table?.bestSector[k] === index;
        return (
          <td
            key={`sector-${k}`}
            className={`helios-num${best ? " helios-sector-best" : ""}`}
            data-col={`sector-${k}`}
            data-sector-best={best || undefined}
            title={best ? "Best of this sector among the laps that count" : undefined}
          >
            {formatSector(row?.sectorS[k])}
          </td>
        );
      })}
      {parts.energy.map((column) => (
        <td key={column.id} className="helios-num" data-col={column.id}>
          {formatEnergyCell(row?.energy, column, units)}
        </td>
      ))}
      {parts.backendCheck && (
        <td className="helios-num" data-col="backendCheck" title={check?.hint}>
          {check?.text ?? "—"}
        </td>
      )}
    </>
  );
}
