// The race strategy in brief: the recommended speed, today's target when a
// race plan sets it, and the state of charge forecast for the end of the day (the shown history's latest recorded
// forecast), when the pack runs down if it does before the day ends, with a
// link to the Strategy tab for the rest.
import { Card, Tag } from "@blueprintjs/core";
import { Link } from "react-router";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import {
  formatRaceTime,
  formatSoc,
  formatSpeed,
  packDownText,
} from "../../ui/format/strategyFormat";
import { PanelHeading } from "../../ui/headings";
import { useShownZone } from "../../ui/useShownZone";
import { useLiveStatusPart } from "../../worker-client/hooks";

export function StrategyCard() {
  const record = useLiveStatusPart("strategy");
  const { appUnits } = useSnapshot(appState);
  // Its times are in the zone every time is shown in, as the status bar's and the alerts'.
  const zone = useShownZone();
  return (
    <Card className="helios-overview-card" aria-label="Strategy" data-testid="overview-strategy">
      <PanelHeading className="helios-card-heading">Strategy</PanelHeading>
      {record ? (
        <>
          <p>
            Recommended speed:{" "}
            <strong data-testid="overview-strategy-speed">
              {record.recommendedKmh === null
                ? "none reaches the target"
                : formatSpeed(record.recommendedKmh, appUnits)}
            </strong>
          </p>
          {record.plan && (
            <p data-testid="overview-strategy-plan">
              Today's target (race plan, {record.plan.days.length} day
              {record.plan.days.length === 1 ? "" : "s"} to go):{" "}
              <strong data-testid="overview-strategy-target">
                {formatSoc(record.plan.days[0]!.targetSocPct)}
              </strong>
            </p>
          )}
          <p>
            End of the day:{" "}
            <strong data-testid="overview-strategy-end">{formatSoc(record.endSocPct)}</strong> at
            the current pace
            {typeof record.emptyAt === "number" && (
              <span data-testid="overview-strategy-empty">
                ; {packDownText(record.emptyAt, zone, record.stopSocPct)}
              </span>
            )}
          </p>
          <p className="helios-strategy-card-at" data-testid="overview-strategy-at">
            forecast at {formatRaceTime(record.at, zone, true)}{" "}
            {record.simulated && (
              <Tag minimal intent="warning">
                simulated
              </Tag>
            )}
          </p>
        </>
      ) : (
        <p data-testid="overview-strategy-none">
          No forecast yet (one is made each minute of driving).
        </p>
      )}
      <Link to="/strategy" data-testid="overview-strategy-link">
        Strategy →
      </Link>
    </Card>
  );
}
