// The range statistics drawer: for a range chosen on the plots (Alt-drag, the
// visible window) or a lap, one row per plotted series with min, max, mean,
// spread, first, last, Δ, integral and the time above a level typed per row.
// The worker computes at full resolution (rangeStats); this converts to the
// unit setting, copies the table as TSV and hands the range to the export
// dialog. It has no backdrop: the plots stay usable while it is open.
import { Button, Callout, Classes, Drawer, HTMLTable, InputGroup } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { useSnapshot } from "valtio";
import type { AppUnits, FieldPath } from "../../../workers/contract/fields";
import type { RangeStatsResult } from "../../../workers/contract/stats";
import { appState } from "../../state/appState";
import { openCsvDialog } from "../../state/csvDialog";
import { closeRangeStats, rangeStatsState, type StatsRange } from "../../state/rangeStats";
import { formatDateTime, formatTimeNamed, shownTimeZone } from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";
import { formatSpan } from "../../ui/format/historyFormat";
import { useTelemetry } from "../../worker-client/hooks";
import { openNote } from "../../state/noteNow";
import { levelToMetric, STAT_COLUMNS, statsRow, statsTsv, type StatsRow } from "./statsRows";
import "./rangeStats.css";

export function RangeStatsDrawer() {
  const { open, range, plotted } = useSnapshot(rangeStatsState);
  const { appUnits } = useSnapshot(appState);
  useShownZone(); // the range's times are in it: drawn again when it changes
  const [levels, setLevels] = useState<Record<FieldPath, string>>({});
  const [copied, setCopied] = useState<string | null>(null);
  // The dragged plot's series, or every plotted one (the visible window, a lap).
  const fields = useMemo(() => [...(range?.fields ?? plotted ?? [])], [range?.fields, plotted]);
  const result = useRangeStats(
    open ? (range as StatsRange | null) : null,
    fields,
    levels,
    appUnits,
  );
  const rows = useMemo(
    () => (result?.ok ? result.fields.map((f) => statsRow(f, appUnits)) : []),
    [result, appUnits],
  );
  // A new range, units or field set: the last copy note no longer describes the table.
  useEffect(() => setCopied(null), [range, appUnits, fields]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(statsTsv(rows, levels));
      setCopied(`Copied ${rows.length} ${rows.length === 1 ? "row" : "rows"} as TSV.`);
    } catch {
      setCopied("The browser did not allow copying to the clipboard.");
    }
  };
  const exportRange = () => {
    if (!range) return;
    openCsvDialog({
      kind: "plot",
      fields,
      window: { from: range.from, to: range.to },
      windowLabel: `Statistics range: ${range.label}`,
    });
  };

  return (
    <Drawer
      isOpen={open}
      onClose={closeRangeStats}
      position="bottom"
      size="42%"
      hasBackdrop={false}
      canOutsideClickClose={false}
      enforceFocus={false}
      autoFocus={false}
      icon="calculator"
      title={range ? `Statistics · ${range.label}` : "Statistics"}
      className="range-stats-drawer"
    >
      <div className={Classes.DRAWER_BODY} data-testid="range-stats">
        <div className="range-stats-body">
          {range && <RangeLine range={range} rows={result?.ok ? result.rows : null} />}
          {fields.length === 0 ? (
            <Callout icon="timeline-line-chart" data-testid="range-stats-message">
              No plotted series: add fields to the plots (Plots tab), then choose a range again.
            </Callout>
          ) : result && !result.ok ? (
            <Callout intent="warning" icon="warning-sign" data-testid="range-stats-message">
              {result.message}
            </Callout>
          ) : (
            <StatsTable
              rows={rows}
              levels={levels}
              onLevel={(path, text) => setLevels((l) => ({ ...l, [path]: text }))}
            />
          )}
          <div className="range-stats-actions">
            <Button
              icon="clipboard"
              text="Copy as TSV"
              disabled={rows.length === 0}
              data-testid="range-stats-copy"
              onClick={() => void copy()}
            />
            <Button
              icon="annotation"
              text="Note this range…"
              disabled={!range}
              data-testid="range-stats-note"
              onClick={() => {
                if (!range) return;
                // The drawer gives way: the note's dialog is what the user works in now.
                closeRangeStats();
                openNote(range.from, range.to, "");
              }}
            />
            <Button
              icon="export"
              text="Export range…"
              disabled={!range || fields.length === 0}
              data-testid="range-stats-export"
              onClick={exportRange}
            />
            {copied && (
              <span className={Classes.TEXT_MUTED} data-testid="range-stats-copied">
                {copied}
              </span>
            )}
          </div>
        </div>
      </div>
    </Drawer>
  );
}

/** The range in the zone times are shown in (named), its length and how many packets it holds. */
function RangeLine({ range, rows }: { range: StatsRange; rows: number | null }) {
  return (
    <p className="range-stats-range" data-testid="range-stats-range">
      {formatDateTime(range.from)} – {formatTimeNamed(range.to)} (
      {formatSpan(range.to - range.from)}
      {rows !== null && `, ${rows.toLocaleString("en-US")} packets`})
    </p>
  );
}

function StatsTable(props: {
  rows: readonly StatsRow[];
  levels: Readonly<Record<FieldPath, string>>;
  onLevel: (path: FieldPath, text: string) => void;
}) {
  const { rows, levels, onLevel } = props;
  return (
    <HTMLTable compact striped className="helios-wide-table range-stats-table">
      <thead>
        <tr>
          <th>Series</th>
          {STAT_COLUMNS.map((c) => (
            <th key={c.id} className="helios-num">
              {c.title}
            </th>
          ))}
          <th>Level</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path} data-testid="range-stats-row" data-path={row.path}>
            <td>
              {row.label}
              {row.unit && <span className={Classes.TEXT_MUTED}> ({row.unit})</span>}
            </td>
            {STAT_COLUMNS.map((c) => (
              <td key={c.id} className="helios-num" data-col={c.id}>
                {row.cells[c.id]}
              </td>
            ))}
            <td className="range-stats-level">
              <LevelInput
                row={row}
                text={levels[row.path] ?? ""}
                onChange={(text) => onLevel(row.path, text)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function LevelInput(props: { row: StatsRow; text: string; onChange: (text: string) => void }) {
  const { row, text, onChange } = props;
  const bad = text.trim() !== "" && !Number.isFinite(Number(text.trim()));
  return (
    <InputGroup
      size="small"
      value={text}
      placeholder="level"
      intent={bad ? "danger" : "none"}
      title={bad ? "Not a number" : `Time above this level, in ${row.unit || "the field's value"}`}
      aria-label={`Level for ${row.label}`}
      rightElement={row.unit ? <span className="range-stats-unit">{row.unit}</span> : undefined}
      onValueChange={onChange}
    />
  );
}

/**
 * The worker's answer for the range, the fields and the levels (typed in the
 * shown unit, sent in metric); asked again whenever one changes. A level that
 * is not a number is left out until it is one.
 */
function useRangeStats(
  range: StatsRange | null,
  fields: readonly FieldPath[],
  levels: Readonly<Record<FieldPath, string>>,
  units: AppUnits,
): RangeStatsResult | null {
  const { client } = useTelemetry();
  const [result, setResult] = useState<RangeStatsResult | null>(null);
  const [metricUnits, setMetricUnits] = useState<Record<FieldPath, string>>({});
  const metricLevels = useMemo(() => {
    const out: Record<FieldPath, number> = {};
    for (const path of fields) {
      const level = levelToMetric(levels[path] ?? "", metricUnits[path] ?? "", units);
      if (typeof level === "number") out[path] = level;
    }
    return out;
  }, [fields, levels, metricUnits, units]);
  const key = JSON.stringify(metricLevels);
  useEffect(() => {
    if (!range || fields.length === 0) return;
    let live = true;
    client.api
      .rangeStats({
        from: range.from,
        to: range.to,
        fields: [...fields],
        levels: JSON.parse(key),
        // A refusal's times read as this window's do.
        timeZone: shownTimeZone() ?? undefined,
      })
      .then(
        (answer) => {
          if (!live) return;
          setResult(answer);
          if (answer.ok)
            setMetricUnits(Object.fromEntries(answer.fields.map((f) => [f.path, f.unit])));
        },
        (error: unknown) => live && setResult({ ok: false, message: String(error) }),
      );
    return () => {
      live = false;
    };
  }, [client, range, fields, key]);
  return range ? result : null;
}
