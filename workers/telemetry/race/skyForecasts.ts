// The weather forecasts a core knows, as the features share them: the
// weather feature takes them in (workers/telemetry/weather/) and records each
// with the session as event kind "weatherForecast"; the strategy reads them,
// live from the core's board and in a replay from the recorded events, so a
// replay forecasts with what was known at its clock. The shape is the
// contract's (workers/contract/weather.ts); the schema checks what is read back.
import { z } from "zod";
import type { KnownForecast } from "../../contract/weather";
import { boardKey } from "../pipeline/board";

/** The forecasts known live, oldest first (a new array each time one comes). */
export const SKY_FORECASTS = boardKey<readonly KnownForecast[]>("sky forecasts");

/** The session event kind a forecast is recorded as when it comes. */
export const WEATHER_FORECAST_KIND = "weatherForecast";

const finite = z.number().refine(Number.isFinite, "must be finite");
const quantile = finite.nullable();

const periodSchema = z.object({
  start: finite,
  end: finite,
  ghi: finite,
  ghi10: quantile,
  ghi90: quantile,
});

export const knownForecastSchema = z.object({
  forecast: z.object({
    format: z.enum(["Open-Meteo JSON", "Solcast JSON", "Solcast CSV"]),
    variable: z.string(),
    lat: finite.nullable(),
    long: finite.nullable(),
    periods: z.array(periodSchema).min(1),
  }),
  issuedAt: finite,
  receivedAt: finite,
  knownAt: finite,
  origin: z.union([
    z.object({ kind: z.literal("file"), name: z.string() }),
    z.object({ kind: z.literal("address"), address: z.string() }),
  ]),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<KnownForecast>;

/** The forecasts among session events read back (damaged ones dropped), oldest first. */
export function forecastsFromEvents(events: readonly { kind: string }[]): KnownForecast[] {
  const known: KnownForecast[] = [];
  for (const event of events) {
    if (event.kind !== WEATHER_FORECAST_KIND) continue;
    const { kind: _kind, time: _time, ...payload } = event as { kind: string; time?: number };
    const parsed = knownForecastSchema.safeParse(payload);
    if (parsed.success) known.push(parsed.data);
  }
  return known.sort((a, b) => a.knownAt - b.knownAt);
}

/** Those of `known` (oldest first) that had come by packet time `at` (epoch s). */
export function knownBy(known: readonly KnownForecast[], at: number): readonly KnownForecast[] {
  let n = 0;
  while (n < known.length && known[n]!.knownAt <= at) n++;
  return n === known.length ? known : known.slice(0, n);
}
