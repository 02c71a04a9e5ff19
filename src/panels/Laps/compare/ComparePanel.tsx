// The compare view (route /laps/compare): 2–6 laps, of this history or of
// other recorded sessions, against distance. Plots of the chosen fields and
// of the delta to the reference, a map with every lap's car at the cursor's
// distance, the laps' legend, and the comparison as a CSV.
import { Button, Callout, HTMLSelect, PopoverNext, Spinner, Tag } from "@blueprintjs/core";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { useSnapshot } from "valtio";
import { appState } from "../../../state/appState";
import {
  copyKey,
  lapCompare,
  MIN_PICKED,
  sameLap,
  toggleCompareField,
} from "../../../state/lapCompare";
import { downloadBlob } from "../../../ui/downloadBlob";
import { EmptyState } from "../../../ui/EmptyState";
import { FieldPicker } from "../../../ui/FieldPicker";
import { formatNumber } from "../../../ui/format/formatNumber";
import { useFieldCatalog } from "../../../ui/useFieldCatalog";
import { useTelemetry } from "../../../worker-client/hooks";
import { chartSpec, distanceAxis, type Compared } from "./compareChart";
import { CompareLegend } from "./CompareLegend";
import { CompareMap } from "./CompareMap";
import { ComparePlot } from "./ComparePlot";
import { SessionLapsPicker } from "./SessionLapsPicker";
import { useCompareRequest, useCompareRun } from "./useCompareRun";
import "./compare.css";

const BEST = "best";

export default function ComparePanel() {
  const { client } = useTelemetry();
  const navigate = useNavigate();
  const { picked, reference, fields, result, loading } = useSnapshot(lapCompare);
  const { resolvedTheme } = useSnapshot(appState);
  const catalog = useFieldCatalog() ?? [];
  const request = useCompareRequest();
  useCompareRun(request);
  const exportCsv = async () => {
    const answer = await client.api.compareCsv(request);
    if (answer.ok) downloadBlob(new Blob([answer.text], { type: "text/csv" }), answer.fileName);
    else lapCompare.result = { ok: false, message: answer.message };
  };
  const referenceValue = reference
    ? String(picked.findIndex((p) => sameLap(p.key, reference)))
    : BEST;
  const compared = result?.ok ? (result as Compared) : null;
  const axis = useMemo(() => (compared ? distanceAxis(compared) : null), [compared]);
  const specs = useMemo(
    () =>
      compared
        ? [...compared.fields.map((_, f) => chartSpec(compared, f)), chartSpec(compared, "delta")]
        : [],
    [compared],
  );
  const back = () => void navigate({ pathname: "/laps", search: window.location.search });
  return (
    <div className="helios-panel helios-compare-panel" data-testid="panel-lap-compare">
      <div className="helios-panel-toolbar">
        <Button icon="arrow-left" text="Laps" onClick={back} />
        <HTMLSelect
          aria-label="Reference lap"
          data-testid="compare-reference"
          value={referenceValue}
          onChange={(event) => {
            const value = event.currentTarget.value;
            lapCompare.reference = value === BEST ? null : copyKey(picked[Number(value)]!.key);
          }}
          options={[
            { value: BEST, label: "Reference: the best lap" },
            ...picked.map((p, i) => ({ value: String(i), label: `Reference: ${p.label}` })),
          ]}
        />
        <span className="helios-compare-fields">
          {fields.map((path) => (
            <Tag key={path} minimal onRemove={() => toggleCompareField(path)}>
              {catalog.find((info) => info.path === path)?.label ?? path}
            </Tag>
          ))}
          <FieldPicker fields={catalog} selected={fields} onToggle={toggleCompareField} />
        </span>
        <PopoverNext placement="bottom-start" content={<SessionLapsPicker />}>
          <Button icon="add" text="Laps of another session" data-testid="compare-add-session" />
        </PopoverNext>
        <Button
          icon="export"
          text="Export CSV"
          disabled={!compared}
          data-testid="compare-export"
          onClick={() => void exportCsv()}
        />
        {loading && <Spinner size={16} />}
      </div>
      {picked.length < MIN_PICKED ? (
        <div data-testid="compare-empty">
          <EmptyState
            icon="comparison"
            title="Pick laps to compare"
            description="Tick 2–6 laps in the Laps tab, or add laps of a recorded session."
          />
        </div>
      ) : result && !result.ok ? (
        <Callout intent="warning" icon="warning-sign" data-testid="compare-error">
          {result.message}
        </Callout>
      ) : null}
      {compared && axis && (
        <div className="helios-compare-body">
          <div className="helios-compare-side">
            <CompareLegend
              result={compared}
              xLabel={(k) =>
                `${formatNumber(axis.x[k] ?? NaN, axis.unit === "km" || axis.unit === "mi" ? 2 : 0)} ${axis.unit}`
              }
            />
            <CompareMap result={compared} theme={resolvedTheme} />
          </div>
          <div className="helios-compare-plots">
            {specs.map((spec, i) => (
              <ComparePlot
                key={`${i}-${spec.title}`}
                result={compared}
                spec={spec}
                x={axis.x}
                xUnit={axis.unit}
                theme={resolvedTheme}
                testId={i === specs.length - 1 ? "compare-delta-plot" : "compare-plot"}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
