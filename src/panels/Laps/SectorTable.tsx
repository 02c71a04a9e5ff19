// The sector table, under the lap table once sector lines are set: each
// sector's best time (and whose), its mean time, and its mean energy over the
// laps that count, so a user sees where on the circuit time and energy go.
import { HTMLTable } from "@blueprintjs/core";
import type { AppUnits } from "../../../workers/contract/fields";
import type { LapTable } from "../../../workers/contract/lapAnalysis";
import { ENERGY_COLUMNS, sectorTableRows } from "../../ui/format/lapAnalysisFormat";

export function SectorTable({ table, units }: { table: LapTable | null; units: AppUnits }) {
  const rows = sectorTableRows(table, units);
  if (rows.length === 0) return null;
  return (
    <HTMLTable compact striped className="helios-sector-table" data-testid="sector-table">
      <thead>
        <tr>
          <th>Sector</th>
          <th className="helios-num">Best</th>
          <th className="helios-num">Mean</th>
          {ENERGY_COLUMNS.map((column) => (
            <th
              key={column.id}
              className="helios-num"
              title={`${column.hint} Mean over the laps that count.`}
            >
              {column.title} ({column.unit(units)})
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.title} data-testid="sector-row">
            <td title={row.hint}>{row.title}</td>
            <td className="helios-num">{row.best}</td>
            <td className="helios-num">{row.mean}</td>
            {row.energy.map((value, i) => (
              <td
                key={ENERGY_COLUMNS[i]!.id}
                className="helios-num"
                data-col={ENERGY_COLUMNS[i]!.id}
              >
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
