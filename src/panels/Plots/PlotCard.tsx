// One plot: a header (series names, field picker, remove) over its chart.
import { Button, Card, NonIdealState } from "@blueprintjs/core";
import { useMemo } from "react";
import { useSnapshot } from "valtio";
import type { AppUnits } from "../../../workers/contract/fields";
import { displayUnit } from "../../../workers/shared/units";
import { appState } from "../../state/appState";
import { FieldPicker } from "../../ui/FieldPicker";
import { fieldLabel } from "../../ui/format/fieldLabel";
import {
  removePlot,
  setSteadyHidden,
  setTall,
  setTimeline,
  toggleField,
} from "../../state/plotLayout/plotLayoutStore";
import { useChangingRows } from "./useChangingRows";
import { isStateField } from "../../../workers/shared/plots/stateRows";
import { linesHeight, PlotChart } from "./PlotChart";
import type { PlotSeriesInfo } from "./plotTypes";
import type { PlotCatalog } from "../../ui/useFieldCatalog";
import { usePlotDriver } from "./usePlotDriver";
import { usePlotWorkspace } from "./workspace";
import { openCsvDialog } from "../../state/csvDialog";

interface PlotCardProps {
  id: string;
  fields: readonly string[];
  /** Drawn as a state timeline. */
  timeline?: boolean;
  /** A timeline hides its rows that never change in the window. */
  steadyHidden?: boolean;
  /** Lines drawn twice the usual height. */
  tall?: boolean;
  catalog: PlotCatalog;
}

export function PlotCard(props: PlotCardProps) {
  const { id, fields, timeline = false, steadyHidden = false, tall = false, catalog } = props;
  const { appUnits, resolvedTheme } = useSnapshot(appState);
  const { actions, view } = usePlotWorkspace();
  const exportPlot = () => {
    const range = view.xRange();
    openCsvDialog({
      kind: "plot",
      fields: [...paths],
      window: range ? { from: range.min, to: range.max } : null,
    });
  };
  const series = useKnownSeries(fields, catalog, appUnits);
  const paths = useMemo(() => series.map((s) => s.path), [series]);
  // Names with colours and values are in the chart's legend; the title is one line.
  const title = useMemo(() => series.map(fieldLabel).join(" · "), [series]);
  const driver = usePlotDriver(paths, appUnits, timeline);
  const changing = useChangingRows(timeline && steadyHidden, series, appUnits, view);
  // A timeline shows states only; lines show any field.
  const pickable = useMemo(
    () => (timeline ? catalog.fields.filter(isStateField) : catalog.fields),
    [timeline, catalog],
  );
  // States read as a timeline or as steps; a plot with a quantity can only be lines.
  const canSwitch = series.length > 0 && series.every(isStateField);
  return (
    <Card
      className="plot-card"
      compact
      data-plot-id={id}
      data-plot-kind={timeline ? "timeline" : "lines"}
    >
      <div className="plot-card-header">
        <div className="plot-card-title" title={title}>
          {title || "Empty plot"}
        </div>
        {(canSwitch || timeline) && (
          <Button
            size="small"
            variant="minimal"
            icon={timeline ? "timeline-line-chart" : "gantt-chart"}
            aria-label={timeline ? "Show as lines" : "Show as timeline"}
            title={timeline ? "Show as lines" : "Show as a state timeline"}
            onClick={() => setTimeline(id, !timeline)}
          />
        )}
        {timeline && (
          <Button
            size="small"
            variant="minimal"
            icon={steadyHidden ? "eye-open" : "eye-off"}
            aria-label={steadyHidden ? "Show every row" : "Hide rows that never change"}
            title={
              steadyHidden
                ? "Show every row"
                : "Hide the rows whose state never changes in the window"
            }
            active={steadyHidden}
            onClick={() => setSteadyHidden(id, !steadyHidden)}
          />
        )}
        {!timeline && (
          <Button
            size="small"
            variant="minimal"
            icon={tall ? "minimize" : "maximize"}
            aria-label={tall ? "Make plot shorter" : "Make plot taller"}
            title={tall ? "Make this plot its usual height" : "Make this plot twice as tall"}
            active={tall}
            onClick={() => setTall(id, !tall)}
          />
        )}
        <FieldPicker
          fields={pickable}
          selected={paths}
          onToggle={(path) => toggleField(id, path, isStateInCatalog(catalog, path))}
        />
        <Button
          size="small"
          variant="minimal"
          icon="export"
          aria-label="Export this plot as CSV"
          title="Export CSV (this plot's fields and window)"
          disabled={paths.length === 0}
          onClick={exportPlot}
        />
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          aria-label="Remove plot"
          title="Remove plot"
          onClick={() => removePlot(id)}
        />
      </div>
      {changing?.size === 0 && (
        <div className="plot-state-note" role="status">
          No row changes in this window: every row is hidden.
        </div>
      )}
      {series.length > 0 ? (
        <PlotChart
          series={series}
          driver={driver}
          actions={actions}
          theme={resolvedTheme}
          timeline={timeline}
          shownRows={changing}
          tall={tall}
        />
      ) : (
        <div className="plot-empty" style={{ height: linesHeight(tall) }}>
          <NonIdealState icon="timeline-line-chart" description="Add fields with the + button." />
        </div>
      )}
    </Card>
  );
}

/** Whether the catalog knows `path` as a state (a flag, a bit field, a code). */
function isStateInCatalog(catalog: PlotCatalog, path: string): boolean {
  const info = catalog.byPath.get(path);
  return info !== undefined && isStateField(info);
}

/**
 * The plot's fields that the catalog knows (stored layouts may name old
 * ones), with the units they are shown in: the axes and legend are right
 * from the first frame, before the worker reports the units it converted to.
 */
function useKnownSeries(
  fields: readonly string[],
  catalog: PlotCatalog,
  units: AppUnits,
): PlotSeriesInfo[] {
  return useMemo(
    () =>
      fields.flatMap((path) => {
        const info = catalog.byPath.get(path);
        return info ? [{ ...info, unit: displayUnit(info.unit, units) }] : [];
      }),
    [fields, catalog, units],
  );
}
