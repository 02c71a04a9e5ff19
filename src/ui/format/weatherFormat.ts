// How the Strategy tab words the weather forecasts (workers/contract/weather.ts):
// where the latest came from, when it was issued and how old it is, the
// hourly fetch, and which guide rules the sky ahead. Times are in the zone
// times are shown in, named, as the rest of the tab writes them; the
// worker's figures are epoch ms (wall clock) for the forecasts and epoch s
// (packet time) for the sky's spans.
import type { SkySource } from "../../../workers/contract/strategy";
import type { ForecastFetchState, KnownForecast } from "../../../workers/contract/weather";
import { isoDay, wallClockAt, type ShownZone } from "../../../workers/shared/dateTime";
import { formatDate } from "./dateTime";
import { formatRaceTime } from "./strategyFormat";
import { formatDuration } from "./sessionFormat";

/** What the tab says without a forecast: what the sky ahead then is, and how to get one. */
export const NO_FORECAST_TEXT =
  "No weather forecast: the sky ahead is the car's recent sky relaxing to a typical one. " +
  "Import a forecast file or set an address.";

/** "under a minute old", "20 min old", "1 h 20 min old" (whole minutes: a forecast's age needs no seconds). */
export function forecastAgeText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 60_000) return "under a minute old";
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min old`;
  return `${formatDuration(minutes * 60)} old`;
}

/** The calendar day of epoch ms in `zone` ("2026-07-01"). */
function dayOf(ms: number, zone: ShownZone): string {
  const clock = wallClockAt(ms / 1000, zone);
  return clock ? isoDay(clock) : "";
}

/** A wall-clock moment (epoch ms), named; with its date when it is not on `nowMs`'s day. */
export function wallTimeText(atMs: number, nowMs: number, zone: ShownZone): string {
  const time = formatRaceTime(atMs / 1000, zone);
  return dayOf(atMs, zone) === dayOf(nowMs, zone)
    ? time
    : `${formatDate(atMs / 1000, zone)} ${time}`;
}

/** "issued 11:00 CDT, 1 h 20 min old". */
export function issuedText(issuedAtMs: number, nowMs: number, zone: ShownZone): string {
  return `issued ${wallTimeText(issuedAtMs, nowMs, zone)}, ${forecastAgeText(nowMs - issuedAtMs)}`;
}

/** "Open-Meteo JSON from the file today.json", "Solcast CSV fetched from https://…". */
export function forecastOriginText(known: KnownForecast): string {
  const { origin, forecast } = known;
  return origin.kind === "file"
    ? `${forecast.format} from the file ${origin.name}`
    : `${forecast.format} fetched from ${origin.address}`;
}

/** "1 forecast today", "3 forecasts today". */
export function forecastsTodayText(count: number): string {
  return `${count} forecast${count === 1 ? "" : "s"} today`;
}

/** The latest forecast in one line: where from, issued when, how old, and how many today. */
export function latestForecastText(
  latest: KnownForecast,
  count: number,
  nowMs: number,
  zone: ShownZone,
): string {
  return (
    `Latest: ${forecastOriginText(latest)}, ${issuedText(latest.issuedAt, nowMs, zone)}. ` +
    `${forecastsTodayText(count)}.`
  );
}

/** The hourly fetch as the tab says it; null when no address is set (imports only). */
export function fetchPlanText(
  fetch: ForecastFetchState,
  nowMs: number,
  zone: ShownZone,
): string | null {
  if (fetch.address === null) return null;
  const key = fetch.hasKey ? " with your key" : "";
  const next =
    fetch.nextAt !== null
      ? `; next at ${wallTimeText(fetch.nextAt, nowMs, zone)}`
      : fetch.refusedByBrowser
        ? "; stopped, as the service refuses this browser"
        : "";
  return `Fetching ${fetch.address}${key} every hour${next}.`;
}

/** Why the last fetch failed, when it did; null otherwise. */
export function fetchErrorText(
  fetch: ForecastFetchState,
  nowMs: number,
  zone: ShownZone,
): string | null {
  if (fetch.error === null) return null;
  const when =
    fetch.lastTryAt !== null ? `, at ${wallTimeText(fetch.lastTryAt, nowMs, zone)},` : "";
  return `The last fetch${when} failed: ${fetch.error}`;
}

/** "Sky ahead: the car's recent sky until 14:00 CDT · Open-Meteo forecast … until 17:00 CDT"; null without spans. */
export function skySourcesText(sources: readonly SkySource[], zone: ShownZone): string | null {
  if (sources.length === 0) return null;
  const spans = sources.map((s) => `${s.label} until ${formatRaceTime(s.to, zone)}`);
  return `Sky ahead: ${spans.join(" · ")}`;
}

/** Open-Meteo's decimals of a position: 4 is about 10 m, finer than its grid. */
const POSITION_DIGITS = 4;

/** An Open-Meteo forecast of the sun (global irradiance) and clouds, hourly, at (lat, long). */
export function openMeteoAddress(lat: number, long: number): string {
  const params = new URLSearchParams({
    latitude: lat.toFixed(POSITION_DIGITS),
    longitude: long.toFixed(POSITION_DIGITS),
    hourly: "shortwave_radiation,cloud_cover",
    forecast_days: "3",
    timezone: "auto",
  });
  // URLSearchParams writes "," as "%2C": Open-Meteo reads both, people read ",".
  return `https://api.open-meteo.com/v1/forecast?${params.toString().replace(/%2C/g, ",")}`;
}
