// The active alerts in brief: worst first, each with its severity (icon and
// words), message and since when; the Alerts tab has the rest.
import { Card, Tag } from "@blueprintjs/core";
import { Link } from "react-router";
import type { AlertEntry, AlertSeverity } from "../../../workers/contract/alerts";
import { PanelHeading } from "../../ui/headings";
import { AlertLevelIcon, alertLevelClass } from "../../ui/alertLevel";
import { formatTime, formatTimeNamed, zoneShortName } from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { useShownAlerts } from "../../ui/useShownAlerts";

/** Rows shown; the count says how many more there are. */
const SHOWN = 10;
const RANK: Record<AlertSeverity, number> = { critical: 0, warning: 1, info: 2 };

const worstFirst = (a: AlertEntry, b: AlertEntry) =>
  RANK[a.severity] - RANK[b.severity] || b.start - a.start;

export function AlertsCard() {
  const counts = useLiveStatusPart("alerts")?.active;
  const active = useShownAlerts()?.active ?? [];
  const zone = useShownZone();
  const sorted = [...active].sort(worstFirst);
  const more = sorted.length - SHOWN;
  return (
    <Card className="helios-overview-card helios-alerts-card" aria-label="Active alerts">
      <PanelHeading className="helios-card-heading">Active alerts</PanelHeading>
      <p className="helios-alerts-counts" data-testid="overview-alert-counts">
        <Tag intent="danger" minimal={!counts?.critical}>
          {counts?.critical ?? 0} critical
        </Tag>{" "}
        <Tag intent="warning" minimal={!counts?.warning}>
          {counts?.warning ?? 0} warning
        </Tag>{" "}
        <Tag intent="primary" minimal={!counts?.info}>
          {counts?.info ?? 0} info
        </Tag>
      </p>
      {sorted.length === 0 ? (
        <p className="helios-alerts-none">No active alerts.</p>
      ) : (
        <ul
          className="helios-alerts-list"
          data-testid="overview-alerts"
          aria-label={`Active alerts, since when (${zoneShortName(zone)})`}
        >
          {sorted.slice(0, SHOWN).map((alert) => (
            <li
              key={alert.seq}
              className={alertLevelClass(alert.severity)}
              data-alert={alert.severity}
              title={`${alert.message}\nsince ${formatTimeNamed(alert.start)}`}
            >
              <AlertLevelIcon level={alert.severity} />
              <span className="helios-alerts-message">{alert.message}</span>
              <span className="helios-alerts-since">{formatTime(alert.start)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/alerts" className="helios-alerts-link" data-testid="overview-alerts-link">
        {more > 0 ? `${more} more in Alerts →` : "All alerts →"}
      </Link>
    </Card>
  );
}
