// Weather forecasts (issue 59): a forecast of the sun as the app keeps it,
// whichever service and file it came from (workers/telemetry/weather/).
// Types only.

/** Where a forecast came from, as the tab names it. */
export type ForecastFormat = "Open-Meteo JSON" | "Solcast JSON" | "Solcast CSV";

/**
 * One period of the forecast: the mean global horizontal irradiance over
 * [start, end) (epoch s), W/m², with its 10 % and 90 % quantiles where the
 * service gives them. A value the service gives at an instant is kept as
 * the period of its own step centred on it (Open-Meteo's `_instant`).
 */
export interface ForecastPeriod {
  start: number;
  end: number;
  ghi: number;
  ghi10: number | null;
  ghi90: number | null;
}

export interface WeatherForecast {
  format: ForecastFormat;
  /** The variable read, as the file names it, e.g. "shortwave_radiation". */
  variable: string;
  /** Where the forecast is for, when the file says (Open-Meteo does, Solcast's payload does not). */
  lat: number | null;
  long: number | null;
  /** Oldest first, none overlapping. */
  periods: ForecastPeriod[];
}

/** A file read: the forecast and what to warn of, or why nothing was taken. */
export type ForecastReading =
  { ok: true; forecast: WeatherForecast; warnings: string[] } | { ok: false; error: string };
