// The weather forecasts a bench:strategy day is told (issue 59): the
// simulated forecasts of the day's own sky (simulatedForecast.ts), issued at
// 06:00 and every hour after, each a user's 10 minutes after its issue,
// written as Open-Meteo JSON, Solcast JSON and Solcast CSV in turn and read
// back through the app's own parser, as a team importing them would. The
// forecaster sees only what the parser read, and only once it is available.
import type { KnownForecast } from "../workers/contract/weather";
import { localTimeOnDayOf } from "../workers/shared/dateTime";
import { TRACK } from "../workers/telemetry/sources/demo/track";
import { Weather } from "../workers/telemetry/sources/demo/weather";
import { readForecastFile } from "../workers/telemetry/weather/forecastFile";
import { FORECAST_FORMATS, forecastFile } from "./forecastFiles";
import { SimulatedForecasts } from "./simulatedForecast";
import type { DayRun } from "./strategyDay";

const HOUR = 3600;

export interface SkyFeed {
  /** The forecasts a user had by `now` (epoch s), oldest first. */
  knownBy(now: number): readonly KnownForecast[];
  /** The files the app's parser refused (a team keeps its last forecast): why, each. */
  refused: string[];
}

export function skyFeedOf(run: DayRun, start: number, end: number, zone: string): SkyFeed {
  const { sim, issues } = simulatedSkyOf(run, start, end, zone);
  const { known, refused } = readBack(sim, issues, zone);
  return { knownBy: (now) => known.filter((k) => k.knownAt <= now), refused };
}

/** The simulated forecasts of a run's day (its sky's own), issued 06:00 and hourly to its end. */
export function simulatedSkyOf(
  run: DayRun,
  start: number,
  end: number,
  zone: string,
): { sim: SimulatedForecasts; issues: number[] } {
  const place = TRACK.pointAt(0);
  // The simulator's own sky: the same seed, kind and place as its CarSimulator's.
  const weather = new Weather({ seed: run.seed, kind: run.weather, longitude: place.long });
  const first = localTimeOnDayOf(start, 6 * 60, zone);
  const issues: number[] = [];
  for (let t = first; t < end; t += HOUR) issues.push(t);
  const sim = new SimulatedForecasts({
    seed: run.seed,
    lat: place.lat,
    long: place.long,
    transmission: (t) => weather.transmission(t),
    issues,
    endAt: end,
  });
  return { sim, issues };
}

/**
 * Each issue written as the services' files in turn (Open-Meteo JSON,
 * Solcast JSON, Solcast CSV) and read back through the app's parser; a file
 * it refuses is one a team could not use: it keeps the last.
 */
export function readBack(
  sim: SimulatedForecasts,
  issues: readonly number[],
  zone: string,
): { known: KnownForecast[]; refused: string[] } {
  const known: KnownForecast[] = [];
  const refused: string[] = [];
  issues.forEach((issuedAt, i) => {
    const issued = sim.issue(issuedAt);
    const format = FORECAST_FORMATS[i % FORECAST_FORMATS.length]!;
    const file = forecastFile(issued, format, zone);
    const reading = readForecastFile(file.text);
    if (!reading.ok) return void refused.push(`${file.name}: ${reading.error}`);
    known.push({
      forecast: reading.forecast,
      issuedAt: issuedAt * 1000,
      receivedAt: issued.availableAt * 1000,
      knownAt: issued.availableAt,
      origin: { kind: "file", name: file.name },
      warnings: reading.warnings,
    });
  });
  return { known, refused };
}

/**
 * The forecast-naive sun (the issue's baseline): the latest forecast's p50
 * times the last hour's array factor (its measured energy over the
 * forecast's for that hour), summed from `now` to `end`, Wh; NaN without one.
 */
export function forecastNaiveWh(
  known: readonly KnownForecast[],
  lastHourArrayWh: number,
  now: number,
  end: number,
): number {
  const latest = known.at(-1);
  if (!latest) return NaN;
  const ghiWh = (from: number, to: number) => {
    let wh = 0;
    for (const p of latest.forecast.periods) {
      const overlap = Math.min(to, p.end) - Math.max(from, p.start);
      if (overlap > 0) wh += (p.ghi * overlap) / HOUR;
    }
    return wh;
  };
  const lastHour = ghiWh(now - HOUR, now);
  if (!(lastHour > 0)) return NaN;
  return (lastHourArrayWh / lastHour) * ghiWh(now, end);
}
