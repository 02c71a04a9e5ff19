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

/** Where a forecast the core holds came from: a file imported, or an address fetched (without its key). */
export type ForecastOrigin = { kind: "file"; name: string } | { kind: "address"; address: string };

/**
 * A forecast as the core knows it: what was read, and when it became known.
 * It is recorded with the session when it comes (event kind "weatherForecast"),
 * so a replay's strategy uses only the forecasts known at its clock.
 */
export interface KnownForecast {
  forecast: WeatherForecast;
  /**
   * When it was issued, epoch ms: the service's files do not say, so it is
   * when it was fetched, or an imported file's last change (its age counts from it).
   */
  issuedAt: number;
  /** When the core took it, epoch ms (wall clock). */
  receivedAt: number;
  /**
   * The same on the packets' clock (epoch s: the newest packet's time then):
   * a forecast made at packet time t uses those known by t, live (whose
   * packets may run behind the wall clock: a delayed link, the demo's race
   * day) and in a replay alike.
   */
  knownAt: number;
  origin: ForecastOrigin;
  warnings: string[];
}

/** The fetch from the address set, as the tab shows it. */
export interface ForecastFetchState {
  /** The address set, without a key; null: none (imports only). */
  address: string | null;
  /** A key is held for it (in this browser only). */
  hasKey: boolean;
  /** The last try: when (epoch ms), and its error if it failed. */
  lastTryAt: number | null;
  error: string | null;
  /** The service refused the browser (CORS): the file import is the way in. */
  refusedByBrowser: boolean;
  /** The next hourly try (epoch ms); null when no address is set. */
  nextAt: number | null;
}

/** What the tab shows of the weather forecasts: the newest known, and the fetch. */
export interface WeatherStatus {
  latest: KnownForecast | null;
  /** How many forecasts are known today (each is recorded with the session). */
  count: number;
  fetch: ForecastFetchState;
}

/** A forecast taken (with what to warn of), or why nothing changed. */
export type ForecastTaken = { ok: true; forecast: KnownForecast } | { ok: false; error: string };

/** The weather calls of TelemetryApi (one window's; the forecasts are the core's). */
export interface WeatherApi {
  /** Reads a forecast file's text; `lastModified`: the file's (epoch ms), its issue time. */
  importForecast(
    text: string,
    fileName: string,
    lastModified: number | null,
  ): Promise<ForecastTaken>;
  /**
   * Sets the address to fetch a forecast from every hour (null: none), and
   * the key it needs (Solcast's; kept in the core's memory and this browser
   * only, never recorded). Fetches at once.
   */
  setForecastAddress(
    address: string | null,
    key: string | null,
  ): Promise<ForecastTaken | { ok: true; forecast: null }>;
  /** The forecasts' state, for the window's view (a replay: as known at its clock). */
  weatherStatus(): Promise<WeatherStatus>;
}
