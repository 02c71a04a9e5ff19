// The Alerts tab: the active alerts first, then the log (filterable by
// severity and text), the muted rules with their time left, and the log's
// CSV. In a replay it says whose alerts it shows (recorded when the session
// was live, or the current rules evaluated over it) and switches between them.
import { Button, Callout, HTMLSelect, InputGroup, NumericInput, Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { AlertEntry, AlertSeverity, AlertsOrigin } from "../../../workers/contract/alerts";
import { exportAlertLog, showAlertMoment } from "../../actions/alertActions";
import { alertTemplates } from "../../state/alertTemplates";
import { appState } from "../../state/appState";
import { EmptyState } from "../../ui/EmptyState";
import {
  alertMessage,
  filterAlertLog,
  groupAlertLog,
  muteLeftText,
  SEVERITIES,
  type AlertFilter,
} from "../../ui/format/alertFormat";
import { PanelHeading } from "../../ui/headings";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { AlertTable, type AlertTableProps } from "./AlertTable";
import { useAlerts } from "./useAlerts";
import "./alerts.css";

const DEFAULT_MUTE_MINUTES = 15;

function OriginCallout({
  origin,
  onSwitch,
}: {
  origin: AlertsOrigin;
  onSwitch: (origin: "recorded" | "evaluated") => void;
}) {
  if (origin === "live") return null;
  const recorded = origin === "recorded";
  return (
    <Callout intent="primary" icon="history" compact data-testid="alerts-origin">
      {recorded
        ? "Alerts recorded when this session was live."
        : "The current rules evaluated over this replay."}{" "}
      <Button
        size="small"
        text={recorded ? "Evaluate current rules" : "Show recorded alerts"}
        data-testid="alerts-origin-switch"
        onClick={() => onSwitch(recorded ? "evaluated" : "recorded")}
      />
    </Callout>
  );
}

function MutedRules({
  muted,
  onUnmute,
}: {
  muted: Record<string, number>;
  onUnmute: (ruleId: string) => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const ids = Object.keys(muted).filter((id) => muted[id]! > now);
  // The time left counts down while any rule is muted.
  useEffect(() => {
    if (ids.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ids.length]);
  if (ids.length === 0) return null;
  return (
    <div className="helios-alert-muted" data-testid="alerts-muted">
      <span>Muted:</span>
      {ids.map((id) => (
        <Tag
          key={id}
          minimal
          icon="volume-off"
          onRemove={() => onUnmute(id)}
          data-testid="alerts-muted-rule"
        >
          {id} · {muteLeftText(muted[id]!, now)} left
        </Tag>
      ))}
    </div>
  );
}

/**
 * The active alerts, their durations counting on with the live packets (only
 * this small table re-renders with each snapshot; a replay's durations come
 * with its alerts' version).
 */
function ActiveTable({
  live,
  ...props
}: Omit<AlertTableProps, "testId" | "active"> & { live: boolean }) {
  const newest = useLiveStatusPart("counters")?.lastPacketTime ?? null;
  return (
    <AlertTable {...props} testId="alerts-active" active={{ newestTime: live ? newest : null }} />
  );
}

export function AlertsPanel() {
  const { client } = useTelemetry();
  const { state, muted, refresh } = useAlerts();
  const { appUnits } = useSnapshot(appState);
  const { byRule } = useSnapshot(alertTemplates);
  const [filter, setFilter] = useState<AlertFilter>({ severity: "all", text: "" });
  const [muteMinutes, setMuteMinutes] = useState(DEFAULT_MUTE_MINUTES);
  const messageOf = (entry: AlertEntry) => alertMessage(entry, byRule[entry.ruleId], appUnits);
  const after = (done: Promise<unknown>) => void done.then(refresh, () => undefined);
  const acknowledge = (seqs?: number[]) => after(client.api.acknowledgeAlerts(seqs));
  const mute = (ruleId: string, minutes: number) =>
    after(client.api.muteAlertRule(ruleId, minutes));

  if (!state) return <EmptyState icon="notifications" title="Reading alerts…" />;
  const log = groupAlertLog(filterAlertLog(state.log, filter, messageOf));
  const alertCount = new Set(state.log.map((entry) => entry.group)).size;
  const unacknowledged = state.log.some((entry) => !entry.acknowledged);
  // An alert's episodes are acknowledged together, from either table.
  const episodeSeqs = (entry: AlertEntry) =>
    state.log.filter((e) => e.group === entry.group && !e.acknowledged).map((e) => e.seq);
  const tableProps = {
    units: appUnits,
    messageOf,
    onShow: (entry: AlertEntry) => void showAlertMoment(client, entry),
    onAcknowledge: (entry: AlertEntry) => acknowledge([entry.seq, ...episodeSeqs(entry)]),
    onMute: (entry: AlertEntry) => mute(entry.ruleId, muteMinutes),
    muteMinutes,
    mutedRules: muted,
  };
  return (
    <div className="helios-panel helios-alerts-panel" data-testid="panel-alerts">
      <OriginCallout
        origin={state.origin}
        onSwitch={(origin) => after(client.api.setReplayAlerts(origin))}
      />
      <div className="helios-panel-toolbar">
        <Button
          icon="tick"
          text="Acknowledge all"
          disabled={!unacknowledged}
          data-testid="alerts-acknowledge-all"
          onClick={() => acknowledge()}
        />
        <label className="helios-alert-mute-minutes">
          Mute for
          <NumericInput
            size="small"
            min={1}
            max={24 * 60}
            value={muteMinutes}
            onValueChange={(value) => Number.isFinite(value) && value >= 1 && setMuteMinutes(value)}
            aria-label="Mute minutes"
            data-testid="alerts-mute-minutes"
          />
          min
        </label>
        <Button
          icon="export"
          text="Export CSV"
          disabled={state.log.length === 0}
          data-testid="alerts-export"
          onClick={() => void exportAlertLog(client)}
        />
      </div>
      <MutedRules muted={muted} onUnmute={(id) => mute(id, 0)} />
      <PanelHeading>Active ({state.active.length})</PanelHeading>
      {state.active.length === 0 ? (
        <p className="helios-alert-none" data-testid="alerts-active-none">
          No active alerts.
        </p>
      ) : (
        <ActiveTable
          rows={state.active.map((entry) => ({ entry, episodes: [entry] }))}
          live={state.origin === "live"}
          {...tableProps}
        />
      )}
      <PanelHeading>
        Log ({alertCount === 1 ? "1 alert" : `${alertCount} alerts`}
        {alertCount !== state.log.length ? `, ${state.log.length} episodes` : ""}
        {state.dropped > 0 ? `, ${state.dropped} older dropped` : ""})
      </PanelHeading>
      <div className="helios-panel-toolbar">
        <HTMLSelect
          aria-label="Severity"
          data-testid="alerts-filter-severity"
          value={filter.severity}
          onChange={(event) =>
            setFilter({ ...filter, severity: event.currentTarget.value as AlertSeverity | "all" })
          }
          options={[
            { value: "all", label: "All severities" },
            ...SEVERITIES.map((severity) => ({ value: severity, label: severity })),
          ]}
        />
        <InputGroup
          leftIcon="search"
          placeholder="Filter by text"
          aria-label="Filter by text"
          data-testid="alerts-filter-text"
          value={filter.text}
          onValueChange={(text) => setFilter({ ...filter, text })}
        />
      </div>
      {log.length === 0 ? (
        <EmptyState
          icon="notifications"
          title={state.log.length === 0 ? "No alerts yet" : "No alerts match the filter"}
          data-testid="alerts-log-empty"
        />
      ) : (
        <AlertTable rows={log} testId="alerts-log" {...tableProps} />
      )}
    </div>
  );
}
