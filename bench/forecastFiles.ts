// The simulated forecasts (simulatedForecast.ts) written as the files a team
// would get from each service, in turn, so that the forecaster reads them
// through the app's own parsers, as it would a real one. The shapes are the
// services' documented ones:
// - Open-Meteo JSON (`/v1/forecast?hourly=shortwave_radiation`): `hourly.time`
//   in the requested zone's local time with `utc_offset_seconds`; radiation
//   variables are the mean of the preceding hour, so each label is the hour's
//   end. No quantiles.
// - Solcast JSON (radiation forecasts): `forecasts[]` of `ghi`, `ghi10`,
//   `ghi90`, `period_end` (UTC, ISO 8601) and `period` ("PT60M").
// - Solcast CSV: the same columns, a header line first.
import { offsetSecondsAt, wallClockAt, zoneAbbreviation } from "../workers/shared/dateTime";
import type { IssuedForecast } from "./simulatedForecast";

export type ForecastFormat = "open-meteo" | "solcast-json" | "solcast-csv";
export const FORECAST_FORMATS: readonly ForecastFormat[] = [
  "open-meteo",
  "solcast-json",
  "solcast-csv",
];

const round1 = (x: number) => Math.round(x * 10) / 10;
const two = (n: number) => String(n).padStart(2, "0");

/** "2026-06-16T10:00" in the zone's local time, as Open-Meteo writes it. */
function localLabel(t: number, timeZone: string): string {
  const c = wallClockAt(t, timeZone)!;
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}`;
}
const isoUtc = (t: number) => new Date(t * 1000).toISOString().replace(".000Z", ".0000000Z");

/** An Open-Meteo forecast in `timeZone`'s local time, as `&timezone=<zone>` returns it. */
export function openMeteoJson(f: IssuedForecast, timeZone: string): string {
  const first = f.hours[0]?.end ?? f.issuedAt;
  return JSON.stringify({
    latitude: f.lat,
    longitude: f.long,
    generationtime_ms: 0.2,
    utc_offset_seconds: offsetSecondsAt(first, timeZone),
    timezone: timeZone,
    timezone_abbreviation: zoneAbbreviation(first, timeZone),
    elevation: 180,
    hourly_units: { time: "iso8601", shortwave_radiation: "W/m²" },
    hourly: {
      time: f.hours.map((h) => localLabel(h.end, timeZone)),
      shortwave_radiation: f.hours.map((h) => round1(h.p50)),
    },
  });
}

export function solcastJson(f: IssuedForecast): string {
  return JSON.stringify({
    forecasts: f.hours.map((h) => ({
      ghi: round1(h.p50),
      ghi90: round1(h.p90),
      ghi10: round1(h.p10),
      period_end: isoUtc(h.end),
      period: "PT60M",
    })),
  });
}

export function solcastCsv(f: IssuedForecast): string {
  const lines = f.hours.map(
    (h) => `${round1(h.p50)},${round1(h.p90)},${round1(h.p10)},${isoUtc(h.end)},PT60M`,
  );
  return ["ghi,ghi90,ghi10,period_end,period", ...lines].join("\n") + "\n";
}

/** The forecast as a file of `format` (the bench takes them in turn). */
export function forecastFile(f: IssuedForecast, format: ForecastFormat, timeZone: string) {
  if (format === "open-meteo") return { name: "open-meteo.json", text: openMeteoJson(f, timeZone) };
  if (format === "solcast-json") return { name: "solcast.json", text: solcastJson(f) };
  return { name: "solcast.csv", text: solcastCsv(f) };
}
