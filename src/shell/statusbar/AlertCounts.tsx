// The status bar's alert counts: active alerts by severity from the snapshot's
// summary. Critical ones are red, and flash while any is unacknowledged, so a
// critical alert stays in sight until someone acknowledges it. A click opens
// the Alerts tab.
import { Button, Intent, Tooltip } from "@blueprintjs/core";
import { memo } from "react";
import { useNavigate } from "react-router";
import type { AlertSeverity, AlertsSummary } from "../../../workers/contract/alerts";
import { alertCountsText, SEVERITIES } from "../../ui/format/alertFormat";
import { useLiveStatusPart } from "../../worker-client/hooks";

const INTENT: Record<AlertSeverity, Intent> = {
  critical: Intent.DANGER,
  warning: Intent.WARNING,
  info: Intent.NONE,
};

const Counts = memo(function Counts({
  active,
  unacknowledgedCritical,
  onOpen,
}: {
  active: AlertsSummary["active"];
  unacknowledgedCritical: number;
  onOpen: () => void;
}) {
  const shown = SEVERITIES.filter((severity) => active[severity] > 0);
  const flashing = unacknowledgedCritical > 0;
  return (
    <Tooltip
      content={
        flashing
          ? `${unacknowledgedCritical} critical not acknowledged: open the Alerts tab`
          : "Open the Alerts tab"
      }
    >
      <Button
        variant="minimal"
        size="small"
        icon="notifications"
        data-testid="status-alerts"
        data-flashing={flashing}
        className={`helios-status-alerts${flashing ? " helios-status-alerts-flash" : ""}`}
        onClick={onOpen}
      >
        {shown.length === 0 ? (
          <span data-testid="status-alerts-none">
            {alertCountsText(active, unacknowledgedCritical)}
          </span>
        ) : (
          shown.map((severity) => (
            <span
              key={severity}
              data-testid={`status-alerts-${severity}`}
              className={`helios-status-alert-count helios-status-alert-${severity} bp6-intent-${INTENT[severity]}`}
            >
              {active[severity]} {severity}
            </span>
          ))
        )}
      </Button>
    </Tooltip>
  );
});

export function AlertCounts() {
  const summary = useLiveStatusPart("alerts");
  const navigate = useNavigate();
  if (!summary) return null;
  return (
    <Counts
      active={summary.active}
      unacknowledgedCritical={summary.unacknowledgedCritical}
      onOpen={() => void navigate({ pathname: "/alerts", search: window.location.search })}
    />
  );
}
