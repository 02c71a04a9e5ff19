// The sortable lap table: every lap field with its unit, the driver, the best
// lap highlighted, a totals row (levels such as the pack's amp hours read
// first → last, never summed). Clicking a row selects that lap.
import { Button, Checkbox, HTMLTable, Icon, Tag } from "@blueprintjs/core";
import { LongText } from "../../ui/LongText";
import { useShownZone } from "../../ui/useShownZone";
import { useState } from "react";
import type { AppUnits } from "../../../workers/contract/fields";
import type { Lap } from "../../../workers/contract/laps";
import type { LapTable as AnalysisTable } from "../../../workers/contract/lapAnalysis";
import { flagText, rowsByEnd } from "../../ui/format/lapAnalysisFormat";
import { AnalysisCells, AnalysisHeaders, analysisColumnCount } from "./LapAnalysisCells";
import {
  LAP_COLUMNS,
  bestLap,
  cellHint,
  columnUnit,
  driverName,
  formatCell,
  formatTotal,
  sortLaps,
  totals,
  type SortDirection,
} from "../../ui/format/lapFormat";

interface LapTableProps {
  laps: readonly Lap[];
  /** Lap number of each lap (position in the full list, 1-based). */
  numberOf: (lap: Lap) => number;
  drivers: Readonly<Record<string, string>>;
  units: AppUnits;
  selectedEndMs: number | null;
  onSelect: (lap: Lap) => void;
  /** The row's "Statistics" action: the lap's time span in the statistics drawer. */
  onStats: (lap: Lap) => void;
  /** The worker's sector and energy columns; null until it answered. */
  analysis?: AnalysisTable | null;
  /** Laps picked for the compare view (a checkbox per row). */
  isPicked: (lap: Lap) => boolean;
  onPick: (lap: Lap) => void;
  /** The column keys this window shows (lapColumnGroups.ts). */
  shown: readonly string[];
  /** How many notes the lap holds (lapNotes.ts). */
  notesIn?: (lap: Lap) => number;
}

export function LapTable({
  laps,
  numberOf,
  drivers,
  units,
  selectedEndMs,
  onSelect,
  onStats,
  analysis = null,
  isPicked,
  onPick,
  shown,
  notesIn = () => 0,
}: LapTableProps) {
  const [sort, setSort] = useState<{ key: string; direction: SortDirection }>({
    key: "endMs",
    direction: "asc",
  });
  useShownZone(); // the end times and their header are in it: drawn again when it changes
  const rows = sortLaps(laps, sort.key, sort.direction);
  const joined = rowsByEnd(analysis);
  const analysed = (lap: Lap) => joined.get(Math.round(lap.endMs));
  // Best among the laps that count (flagged laps left out). Laps outside
  // the shown history (the backend's older laps) have no row: they count.
  const bestRow = analysis?.bestLap != null ? analysis.rows[analysis.bestLap] : undefined;
  const best = bestRow
    ? (laps.find((lap) => Math.round(lap.endMs) === Math.round(bestRow.span.end * 1000)) ?? null)
    : bestLap(laps.filter((lap) => !analysed(lap)?.row.span.flags.length));
  const sums = totals(laps);
  const columns = LAP_COLUMNS.filter((column) => shown.includes(column.id));
  const sortBy = (key: string) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === "asc" ? "desc" : "asc" }));
  // The server's figures, ours and the sectors make more columns than a
  // laptop's width: the table scrolls sideways in its own box, the page not.
  return (
    <div className="helios-lap-table-scroll" data-testid="lap-table-scroll">
      <HTMLTable
        compact
        striped
        interactive
        className="helios-wide-table helios-lap-table"
        data-testid="lap-table"
      >
        <thead>
          <tr>
            <th title="Pick 2–6 laps to compare">Compare</th>
            <th>#</th>
            <th>Driver</th>
            {columns.map((column) => {
              const unit = columnUnit(column, units);
              const active = sort.key === column.id;
              return (
                <th
                  key={column.id}
                  title={column.hint}
                  className="helios-num helios-sortable"
                  aria-sort={
                    active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"
                  }
                  onClick={() => sortBy(column.id)}
                  data-testid={`lap-sort-${column.id}`}
                >
                  {column.title}
                  {unit && ` (${unit})`}
                  {active && <Icon icon={sort.direction === "asc" ? "caret-up" : "caret-down"} />}
                </th>
              );
            })}
            <AnalysisHeaders table={analysis} units={units} shown={shown} />
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {rows.map((lap) => (
            <tr
              key={`${lap.endMs}-${lap.rfid}-${numberOf(lap)}`}
              data-testid="lap-row"
              data-best={lap === best || undefined}
              className={[
                lap === best ? "helios-lap-best" : "",
                lap.endMs === selectedEndMs ? "helios-lap-selected" : "",
              ].join(" ")}
              onClick={() => onSelect(lap)}
            >
              <td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  className="helios-lap-pick"
                  aria-label={`Compare lap ${numberOf(lap)}`}
                  data-testid="lap-pick"
                  checked={isPicked(lap)}
                  onChange={() => onPick(lap)}
                />
              </td>
              <td className="helios-num">
                {numberOf(lap)}
                {lap.simulated && (
                  <Tag minimal intent="warning" className="helios-lap-sim">
                    simulated
                  </Tag>
                )}
                <FlagTag lap={analysed(lap)?.row} />
                <NotesTag count={notesIn(lap)} />
              </td>
              <td data-testid="lap-driver" className="helios-lap-rfid">
                <LongText text={driverName(lap.rfid, drivers)} />
              </td>
              {columns.map((column) => (
                <td
                  key={column.id}
                  className="helios-num"
                  data-col={column.id}
                  title={cellHint(lap, column)}
                >
                  {formatCell(lap, column, units)}
                </td>
              ))}
              <AnalysisCells
                table={analysis}
                row={analysed(lap)?.row}
                index={analysed(lap)?.index}
                units={units}
                shown={shown}
              />
              <td>
                <Button
                  size="small"
                  variant="minimal"
                  icon="calculator"
                  text="Statistics"
                  title="Statistics of the plotted series over this lap"
                  data-testid="lap-stats"
                  onClick={(event) => {
                    event.stopPropagation(); // the row's own click selects; this does more
                    onStats(lap);
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="lap-totals" className="helios-lap-totals">
            <td colSpan={3}>
              Totals ({laps.length} {laps.length === 1 ? "lap" : "laps"})
            </td>
            {columns.map((column) => (
              <td key={column.id} className="helios-num" data-col={column.id}>
                {formatTotal(column, sums[column.id], units)}
              </td>
            ))}
            {analysisColumnCount(analysis, shown) > 0 && (
              <td colSpan={analysisColumnCount(analysis, shown)} />
            )}
            <td />
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}

function FlagTag({ lap }: { lap: Parameters<typeof flagText>[0] }) {
  const flag = flagText(lap);
  if (!flag) return null;
  return (
    <Tag
      minimal
      intent="danger"
      className="helios-lap-sim"
      title={flag.hint}
      data-testid="lap-flag"
    >
      {flag.text}
    </Tag>
  );
}

/** "2 notes" beside a lap's number when notes were made during it (the Notes tab lists them). */
function NotesTag({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Tag
      minimal
      icon="annotation"
      className="helios-lap-notes"
      data-testid="lap-notes"
      title="Notes made during this lap (Notes tab)"
    >
      {count}
    </Tag>
  );
}
