// The weather calls of one window (WeatherApi): the forecasts and the fetch
// are the core's; what a window sees is its view's (a replay: the forecasts
// recorded by its clock).
import type { WeatherApi } from "../../contract/weather";
import type { WindowAccess } from "../pipeline/Feature";
import type { WeatherDesk } from "./weatherDesk";

export function weatherApi(desk: WeatherDesk, window: WindowAccess): WeatherApi {
  return {
    importForecast: async (text, fileName, lastModified) =>
      desk.importFile(text, fileName, lastModified),
    setForecastAddress: (address, key) => desk.setAddress(address, key),
    weatherStatus: async () => {
      const view = window.view();
      return desk.status(view.recorded, view.clock);
    },
  };
}
