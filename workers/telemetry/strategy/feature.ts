// The race strategy as a registered analysis (workers/telemetry/features.ts):
// its stage keeps each history's minute windows, its live part (the desk)
// keeps the settings, the race info and the live forecasts recorded once a
// minute, which a restore brings back. A change of its settings applies from
// now on: forecasts are made on demand with the settings in force, and the
// records made before keep theirs.
import type { Feature } from "../pipeline/Feature";
import { SKY_FORECASTS } from "../race/skyForecasts";
import { latestForecast, strategyApi } from "./strategyApi";
import { StrategyDesk } from "./strategyDesk";
import { DEFAULT_STRATEGY_SETTINGS, strategySettingsSchema } from "./strategySettings";
import { STRATEGY_EVENT_KIND, STRATEGY_EVENTS } from "./strategyEvents";
import { strategyStage } from "./strategyStage";

export const strategyFeature: Feature<StrategyDesk> = {
  id: "strategy",
  stages: [strategyStage],
  emits: [STRATEGY_EVENT_KIND],
  events: STRATEGY_EVENTS,
  restores: [STRATEGY_EVENT_KIND],
  replays: [STRATEGY_EVENT_KIND],
  setting: {
    kind: "strategy",
    schema: strategySettingsSchema,
    default: () => structuredClone(DEFAULT_STRATEGY_SETTINGS),
  },
  onSettingChange: "fromNow",
  panel: true,
  live: (context) =>
    new StrategyDesk(
      (event) => context.record(event),
      () => context.board.read(SKY_FORECASTS) ?? [],
    ),
  api: (desk, window) => strategyApi(desk, window),
  snapshot: (desk, view) => latestForecast(desk, view),
  snapshotField: "strategy",
};
