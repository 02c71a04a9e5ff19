// What the forecast warns of, above its figures: a pack capacity the data
// contradict, a sky that changed more than the band allowed (the figures are
// uncertain), and a car that has not driven today (forecast standing).
import { Callout } from "@blueprintjs/core";
import type { StrategyForecast } from "../../../workers/contract/strategy";

export function ForecastNotices({ forecast }: { forecast: StrategyForecast }) {
  return (
    <>
      {forecast.capacityWarning && (
        <Callout intent="warning" icon="warning-sign" data-testid="strategy-capacity-warning">
          {forecast.capacityWarning}
        </Callout>
      )}
      {forecast.uncertain && (
        <Callout intent="warning" icon="cloud" data-testid="strategy-uncertain">
          {forecast.uncertain}.
        </Callout>
      )}
      {forecast.notDrivenYet && (
        <Callout intent="primary" icon="time" data-testid="strategy-not-driven">
          The car has not driven today: it is forecast standing in the sun until it moves, and a
          speed is recommended once its power has been measured on the move.
        </Callout>
      )}
    </>
  );
}
