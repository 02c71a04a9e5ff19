// The plan over the race's days (issue 62), as the worker made it: each
// day's speed, its end-of-day target, its distance and the sun expected
// (and from what: the weather forecast or a typical sky), the charge over
// the rest of the event, why today's target moved when it did, and what
// stands in the plan's way. A replay shows the plan recorded at its clock.
import { Callout, Card, HTMLTable } from "@blueprintjs/core";
import { useMemo } from "react";
import type { AppUnits } from "../../../workers/contract/fields";
import type { RacePlan } from "../../../workers/contract/strategy";
import { formatNumber } from "../../ui/format/formatNumber";
import {
  formatDistance,
  formatPlanDate,
  formatRaceTime,
  formatSoc,
  formatSpeed,
} from "../../ui/format/strategyFormat";
import { PanelHeading } from "../../ui/headings";
import { useShownZone } from "../../ui/useShownZone";
import type { AlignedData } from "./plotData";
import { StrategyChart, type ChartSeries } from "./StrategyChart";

const SERIES: ChartSeries[] = [
  { label: "Planned state of charge", color: "#238551" },
  { label: "Protection's stop level", color: "#CD4246", width: 1 },
];

/** The planned charge against time, nights included, and the protection's level. */
function curveData(plan: RacePlan): AlignedData {
  const x = plan.soc.time;
  return { x, ys: [plan.soc.values, x.map(() => plan.floorPct)] };
}

export function RacePlanCard({
  plan,
  recorded,
  units,
  dark,
}: {
  plan: RacePlan;
  recorded: boolean;
  units: AppUnits;
  dark: boolean;
}) {
  const zone = useShownZone();
  const curve = useMemo(() => curveData(plan), [plan]);
  const days = plan.days.length;
  return (
    <Card className="helios-strategy-plan" aria-label="Race plan" data-testid="strategy-plan">
      <PanelHeading className="helios-card-heading">
        The race plan: {days} day{days === 1 ? "" : "s"} to go
      </PanelHeading>
      <p className="helios-strategy-at" data-testid="strategy-plan-made">
        {recorded ? "As planned at" : "Made at"} {formatRaceTime(plan.at, zone, true)}
        {recorded ? " (recorded with the session)" : ", again every 15 minutes"}; the race's days
        from {plan.daysFrom}. It ends the event at {formatSoc(plan.endSocPct)}, where battery
        protection stops the car at {formatSoc(plan.floorPct)}.
      </p>
      {plan.change && (
        <Callout compact intent="primary" icon="info-sign" data-testid="strategy-plan-change">
          At {formatRaceTime(plan.change.at, zone)} today's target moved from{" "}
          {formatSoc(plan.change.fromPct)} to {formatSoc(plan.change.toPct)}: {plan.change.why}.
        </Callout>
      )}
      {plan.problem && (
        <Callout compact intent="warning" icon="warning-sign" data-testid="strategy-plan-problem">
          {plan.problem}.
        </Callout>
      )}
      <div className="helios-strategy-plan-table">
        <HTMLTable compact striped data-testid="strategy-plan-days">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Speed</th>
              <th scope="col">Charge at the day's end</th>
              <th scope="col">Distance</th>
              <th scope="col">Sun expected</th>
            </tr>
          </thead>
          <tbody>
            {plan.days.map((day, i) => (
              <tr key={day.date} data-testid="strategy-plan-day">
                <th scope="row">
                  {formatPlanDate(day.date)}
                  {i === 0 ? " (today, from now)" : ""}
                </th>
                <td>{formatSpeed(day.speedKmh, units)}</td>
                <td>{formatSoc(day.targetSocPct)}</td>
                <td>{formatDistance(day.distanceKm, units)}</td>
                <td>
                  {formatNumber(day.sunWh / 1000, 1)} kWh, {day.sunFrom}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Event</th>
              <td />
              <td>{formatSoc(plan.endSocPct)}</td>
              <td data-testid="strategy-plan-distance">{formatDistance(plan.distanceKm, units)}</td>
              <td>{formatNumber(plan.days.reduce((s, d) => s + d.sunWh, 0) / 1000, 1)} kWh</td>
            </tr>
          </tfoot>
        </HTMLTable>
      </div>
      {curve.x.length > 1 && (
        <StrategyChart
          testId="strategy-plan-plot"
          title="State of charge over the rest of the event, as planned (nights give and take nothing)"
          data={curve}
          series={SERIES}
          time
          xLabel="Time"
          yLabel="SoC %"
          valueUnit="%"
          dark={dark}
        />
      )}
    </Card>
  );
}
