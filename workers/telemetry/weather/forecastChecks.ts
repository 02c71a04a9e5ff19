// What to warn of in a forecast that was read well: a place more than 20 km
// from the car (Solcast's payload does not say where it is for: the address
// asked did), or periods that miss the race's days.
import type { WeatherForecast } from "../../contract/weather";
import { haversineKm } from "../geo/geo";

/** Beyond this, the sky forecast is another place's (a cloud field's scale). */
export const FAR_KM = 20;

export interface ForecastContext {
  /** The car's position now, when known. */
  lat: number | null;
  long: number | null;
  /** The span the forecast should cover (epoch s): the rest of the race day or event. */
  from: number;
  to: number;
}

export function forecastWarnings(forecast: WeatherForecast, at: ForecastContext): string[] {
  const warnings: string[] = [];
  if (forecast.lat !== null && forecast.long !== null && at.lat !== null && at.long !== null) {
    const km = haversineKm(forecast.lat, forecast.long, at.lat, at.long);
    if (km > FAR_KM)
      warnings.push(
        `it is for ${forecast.lat.toFixed(3)}, ${forecast.long.toFixed(3)}, ${Math.round(km)} km from the car: its sky may not be the car's`,
      );
  }
  const first = forecast.periods[0]!.start;
  const last = forecast.periods.at(-1)!.end;
  if (last <= at.from || first >= at.to)
    warnings.push("it covers none of the race's hours ahead: it is for other days");
  else if (first > at.from + 3600)
    warnings.push("it starts more than an hour after now: the hours before it have no forecast");
  return warnings;
}
