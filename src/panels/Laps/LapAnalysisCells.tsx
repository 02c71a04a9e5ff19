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

export function analysisColumnCount(table: LapTable | null): number {
  return sectorTitles(table).length + ENERGY_COLUMNS.length + 1;
}

export function AnalysisHeaders({ table, units }: { table: LapTable | null; units: AppUnits }) {
  return (
    <>
      {sectorTitles(table).map((sector, k) => (
        <th
          key={`sector-${k}`}
          className="helios-num helios-lap-sector"
          title={sector.hint}
          data-testid="lap-sector-header"
        >
          {sector.title}
        </th>
      ))}
      {ENERGY_COLUMNS.map((column) => (
        <th
          key={column.id}
          className="helios-num"
          title={column.hint}
          data-testid={`lap-energy-header`}
        >
          {column.title} ({column.unit(units)})
        </th>
      ))}
      <th
        className="helios-num"
        title="Our Wh out of the pack minus the backend's (its EnergyConsumed), where its lap record has figures"
      >
        vs backend (Wh)
      </th>
    </>
  );
}

interface AnalysisCellsProps {
  table: LapTable | null;
  row: LapRow | undefined;
  index: number | undefined;
  units: AppUnits;
}

export function AnalysisCells({ table, row, index, units }: AnalysisCellsProps) {
  const check = backendCheck(row);
  return (
    <>
      {sectorTitles(table).map((_, k) => {
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
      {ENERGY_COLUMNS.map((column) => (
        <td key={column.id} className="helios-num" data-col={column.id}>
          {formatEnergyCell(row?.energy, column, units)}
        </td>
      ))}
      <td className="helios-num" data-col="backendCheck" title={check?.hint}>
        {check?.text ?? "—"}
      </td>
    </>
  );
}
