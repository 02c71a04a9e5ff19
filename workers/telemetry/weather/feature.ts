// Weather forecasts as a registered analysis (workers/telemetry/features.ts):
// no stage and no panel of its own (the Strategy tab shows it); its live part
// keeps the forecasts imported or fetched, records each with the session and
// offers them on the core's board (race/skyForecasts.ts), where the strategy
// reads them. A restore brings today's back; a replay reads those recorded.
import type { Feature } from "../pipeline/Feature";
import { knownForecastSchema, WEATHER_FORECAST_KIND } from "../race/skyForecasts";
import { weatherApi } from "./weatherApi";
import { WeatherDesk } from "./weatherDesk";

export const weatherFeature: Feature<WeatherDesk> = {
  id: "weather",
  stages: [],
  events: { [WEATHER_FORECAST_KIND]: knownForecastSchema },
  restores: [WEATHER_FORECAST_KIND],
  replays: [WEATHER_FORECAST_KIND],
  panel: false,
  live: (context) => new WeatherDesk(context),
  api: (desk, window) => weatherApi(desk, window),
};
