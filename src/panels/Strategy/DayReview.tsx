// A finished day's forecasts held against what happened: for each whole hour
// before the end of the day, the end-of-day state of charge forecast then and
// how far it was from the end the car reached. The worker picks the records
// (workers/telemetry/strategy/review.ts); this only shows them.
import { Card, HTMLTable } from "@blueprintjs/core";
import type { StrategyReview } from "../../../workers/contract/strategy";
import { formatSigned } from "../../ui/format/formatNumber";
import { formatRaceTime, formatSoc } from "../../ui/format/strategyFormat";
import { PanelHeading } from "../../ui/headings";
import { useShownZone } from "../../ui/useShownZone";

export function DayReview({ review }: { review: StrategyReview }) {
  // In the zone every time is shown in (the race's by default), named.
  const zone = useShownZone();
  return (
    <Card aria-label="The day's forecasts against what happened" data-testid="strategy-review">
      <PanelHeading className="helios-card-heading">
        The day&apos;s forecasts against what happened
      </PanelHeading>
      <p data-testid="strategy-review-end">
        The day ended at {formatRaceTime(review.endAt, zone)} with{" "}
        <strong>{formatSoc(review.actualEndSocPct)}</strong> (the state of charge recorded at{" "}
        {formatRaceTime(review.endSeenAt, zone)}).
      </p>
      {review.forecasts.length === 0 ? (
        <p>No forecast was recorded near a whole hour before the end.</p>
      ) : (
        <HTMLTable compact striped className="helios-strategy-review">
          <thead>
            <tr>
              <th>Made</th>
              <th>at</th>
              <th>End of the day, as forecast</th>
              <th>Forecast − actual</th>
            </tr>
          </thead>
          <tbody>
            {review.forecasts.map((f) => (
              <tr key={f.hoursBefore} data-testid="strategy-review-row">
                <td>{f.hoursBefore} h before the end</td>
                <td>{formatRaceTime(f.at, zone)}</td>
                <td>{formatSoc(f.forecastPct)}</td>
                <td data-testid="strategy-review-error">{formatSigned(f.errorPts, 1)} points</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
