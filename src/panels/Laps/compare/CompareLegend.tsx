// The compared laps: colour, label, lap time, the delta to the reference at
// the cursor (at the finish when the pointer is off the plots), each lap's
// energy (the lap table's columns), and a way to drop a lap from the comparison.
import { Button, HTMLTable } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { appState } from "../../../state/appState";
import { lapCompare, sameLap, togglePicked } from "../../../state/lapCompare";
import { ENERGY_COLUMNS, formatEnergyCell } from "../../../ui/format/lapAnalysisFormat";
import { formatSigned } from "../../../ui/format/formatNumber";
import { formatLapTime } from "../../../ui/format/lapFormat";
import { seriesColor } from "../../../ui/plotPalette";
import type { Compared } from "./compareChart";

const signed = (s: number) => (Number.isFinite(s) ? `${formatSigned(s, 2)} s` : "–");

export function CompareLegend({
  result,
  xLabel,
}: {
  result: Compared;
  xLabel: (k: number) => string;
}) {
  const { cursor, picked } = useSnapshot(lapCompare);
  const { resolvedTheme, appUnits: units } = useSnapshot(appState);
  const at = cursor ?? result.distance.length - 1;
  return (
    <HTMLTable compact className="helios-compare-legend" data-testid="compare-legend">
      <thead>
        <tr>
          <th>Lap</th>
          <th className="helios-num">Lap time</th>
          <th className="helios-num" data-testid="compare-delta-where">
            Delta {cursor === null ? "at the finish" : `at ${xLabel(at)}`}
          </th>
          {ENERGY_COLUMNS.map((column) => (
            <th key={column.id} className="helios-num" title={column.hint}>
              {column.title} ({column.unit(units)})
            </th>
          ))}
          <th aria-label="Remove" />
        </tr>
      </thead>
      <tbody>
        {result.laps.map((lap, i) => {
          const pick = picked.find((p) => sameLap(p.key, lap.key));
          return (
            <tr key={`${lap.key.start}-${i}`} data-testid="compare-lap">
              <td>
                <span
                  className="helios-compare-swatch"
                  style={{ background: seriesColor(resolvedTheme, i) }}
                />
                {lap.label}
                {i === result.referenceIndex && <strong> (reference)</strong>}
              </td>
              <td className="helios-num">{formatLapTime(lap.lapTimeS)}</td>
              <td className="helios-num" data-testid="compare-delta">
                {i === result.referenceIndex ? "—" : signed(lap.deltaS[at] ?? NaN)}
              </td>
              {ENERGY_COLUMNS.map((column) => (
                <td key={column.id} className="helios-num" data-col={column.id}>
                  {formatEnergyCell(lap.energy, column, units)}
                </td>
              ))}
              <td>
                {pick && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="cross"
                    aria-label={`Remove ${lap.label}`}
                    onClick={() => togglePicked(pick)}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
