// A weather forecast file read: Open-Meteo JSON, Solcast JSON or Solcast CSV,
// told apart by their shapes, each period's time labels read as the service
// means them, and every value checked. A bad file gets one clear reason and
// nothing is taken; a good one for another place or other days is taken
// with a warning (forecastChecks.ts).
//
// Time labels:
// - Open-Meteo's radiation variables (`shortwave_radiation`, …) are the mean
//   of the preceding hour (or 15 minutes): each label is its period's end.
//   Its `_instant` variants are the value at the label, kept as the period
//   of one step centred on it. Labels are local to `utc_offset_seconds`
//   (ISO text without an offset), or epoch seconds with `timeformat=unixtime`.
// - Solcast labels each period by its end (`period_end`, UTC) and length
//   (`period`, an ISO 8601 duration such as "PT30M").
import Papa from "papaparse";
import { z } from "zod";
import type { ForecastPeriod, ForecastReading, WeatherForecast } from "../../contract/weather";

/** A forecast file is small (a week of 5-minute periods is ~0.3 MB): anything far larger is not one. */
export const MAX_FORECAST_BYTES = 5_000_000;
/** Global irradiance at the ground never reaches this (the solar constant is 1,361 W/m²). */
const MAX_GHI = 1_500;
/** Open-Meteo's irradiance variables, best first: global on the horizontal, then tilted. */
const OPEN_METEO_VARIABLES = [
  "shortwave_radiation",
  "shortwave_radiation_instant",
  "global_tilted_irradiance",
  "global_tilted_irradiance_instant",
] as const;

const fail = (error: string): ForecastReading => ({ ok: false, error });

const num = z.number().refine(Number.isFinite, "must be a finite number");

const openMeteoShape = z.object({
  latitude: num,
  longitude: num,
  utc_offset_seconds: num.optional(),
  hourly_units: z.record(z.string(), z.string()).optional(),
  minutely_15_units: z.record(z.string(), z.string()).optional(),
  hourly: z.record(z.string(), z.array(z.unknown())).optional(),
  minutely_15: z.record(z.string(), z.array(z.unknown())).optional(),
});

const solcastRow = z.object({
  ghi: z.unknown(),
  ghi10: z.unknown().optional(),
  ghi90: z.unknown().optional(),
  period_end: z.string(),
  period: z.string(),
});
const solcastShape = z.union([
  z.object({ forecasts: z.array(solcastRow) }),
  z.object({ estimated_actuals: z.array(solcastRow) }),
]);

/** "PT30M", "PT1H", "PT5M" as seconds; null when not a duration of minutes or hours. */
function durationS(text: string): number | null {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const s = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60;
  return s > 0 && s <= 86_400 ? s : null;
}

/**
 * A quantile's ceiling: a 90 % quantile is the top of a spread, not a
 * measurement, so it may pass what sunlight gives (a bright forecast hour
 * with a wide band), though not by a units' factor.
 */
const MAX_QUANTILE = 2 * MAX_GHI;

/** An irradiance value, or the reason it is not one. */
function irradiance(value: unknown, where: string, max = MAX_GHI): number | string {
  const x = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof x !== "number" || !Number.isFinite(x))
    return `${where} is not a number (${JSON.stringify(value) ?? "missing"})`;
  if (x < 0) return `${where} is negative (${x} W/m²)`;
  if (x > max) return `${where} is ${x} W/m², more than sunlight gives: is it in W/m²?`;
  return x;
}

/** The periods in order, none overlapping, or why not. */
function ordered(periods: ForecastPeriod[]): string | null {
  if (periods.length === 0) return "it has no forecast periods";
  for (let i = 1; i < periods.length; i++)
    if (periods[i]!.start < periods[i - 1]!.end)
      return `its times are out of order or repeated at period ${i + 1} (${new Date(periods[i]!.end * 1000).toISOString()})`;
  return null;
}

function openMeteo(data: z.infer<typeof openMeteoShape>): ForecastReading {
  const block = data.minutely_15 ? "minutely_15" : "hourly";
  const series = data[block];
  const units = data[block === "hourly" ? "hourly_units" : "minutely_15_units"] ?? {};
  const variable = OPEN_METEO_VARIABLES.find((v) => series?.[v]);
  if (!series || !variable)
    return fail(
      `an Open-Meteo forecast needs ${block}.shortwave_radiation (or global_tilted_irradiance), and this one has ${Object.keys(series ?? {}).join(", ") || "no series"}`,
    );
  const unit = units[variable];
  if (unit !== undefined && unit !== "W/m²")
    return fail(
      `${variable} is in ${unit}; the app reads W/m² (ask Open-Meteo without a unit option)`,
    );
  const times = series.time ?? [];
  const values = series[variable]!;
  if (times.length !== values.length)
    return fail(`${block}.time has ${times.length} entries and ${variable} ${values.length}`);
  const offset = data.utc_offset_seconds ?? 0;
  const step = block === "hourly" ? 3600 : 900;
  const instant = variable.endsWith("_instant");
  const periods: ForecastPeriod[] = [];
  for (let i = 0; i < times.length; i++) {
    const label = times[i];
    const at =
      typeof label === "number"
        ? label
        : typeof label === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(label)
          ? Date.parse(`${label}:00Z`) / 1000 - offset
          : NaN;
    if (!Number.isFinite(at))
      return fail(`${block}.time[${i}] is not a time (${JSON.stringify(label)})`);
    const value = values[i];
    // Open-Meteo gives null beyond its model's range: the forecast ends there.
    if (value === null) continue;
    const ghi = irradiance(value, `${variable}[${i}]`);
    if (typeof ghi === "string") return fail(ghi);
    const start = instant ? at - step / 2 : at - step;
    periods.push({ start, end: start + step, ghi, ghi10: null, ghi90: null });
  }
  const bad = ordered(periods);
  if (bad) return fail(bad);
  const forecast: WeatherForecast = {
    format: "Open-Meteo JSON",
    variable,
    lat: data.latitude,
    long: data.longitude,
    periods,
  };
  const tilted = variable.startsWith("global_tilted")
    ? ["global tilted irradiance read as on the array: ask for tilt=0 for a flat array"]
    : [];
  return { ok: true, forecast, warnings: tilted };
}

/** Solcast rows (JSON objects, or CSV rows as objects of strings). */
function solcast(
  rows: readonly Record<string, unknown>[],
  format: "Solcast JSON" | "Solcast CSV",
): ForecastReading {
  const periods: ForecastPeriod[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const where = format === "Solcast CSV" ? `row ${i + 2}` : `forecast ${i + 1}`;
    const end = Date.parse(String(row.period_end ?? ""));
    if (!Number.isFinite(end) || !/(Z|[+-]\d\d:?\d\d)$/.test(String(row.period_end)))
      return fail(`${where}: period_end is not a UTC time (${JSON.stringify(row.period_end)})`);
    const length = durationS(String(row.period ?? ""));
    if (length === null)
      return fail(`${where}: period is not a length such as PT30M (${JSON.stringify(row.period)})`);
    const ghi = irradiance(row.ghi, `${where}: ghi`);
    if (typeof ghi === "string") return fail(ghi);
    const quantile = (key: "ghi10" | "ghi90") => {
      if (row[key] === undefined || row[key] === "") return null;
      return irradiance(row[key], `${where}: ${key}`, MAX_QUANTILE);
    };
    const ghi10 = quantile("ghi10");
    const ghi90 = quantile("ghi90");
    if (typeof ghi10 === "string") return fail(ghi10);
    if (typeof ghi90 === "string") return fail(ghi90);
    const endS = end / 1000;
    periods.push({ start: endS - length, end: endS, ghi, ghi10, ghi90 });
  }
  const bad = ordered(periods);
  if (bad) return fail(bad);
  return {
    ok: true,
    forecast: { format, variable: "ghi", lat: null, long: null, periods },
    warnings: [],
  };
}

/** Solcast's CSV: its columns by name, in any order and either spelling (period_end, PeriodEnd). */
function solcastCsv(text: string): ForecastReading {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (h) => {
      const key = h
        .trim()
        .replace(/([a-z])([A-Z])/g, "$1_$2")
        .toLowerCase();
      return key === "ghi_10" || key === "ghi_90" ? key.replace("_", "") : key;
    },
  });
  const fields = parsed.meta.fields ?? [];
  const missing = ["period_end", "period", "ghi"].filter((f) => !fields.includes(f));
  if (missing.length > 0)
    return fail(
      `a Solcast CSV needs the columns period_end, period and ghi; this one lacks ${missing.join(", ")}`,
    );
  return solcast(parsed.data, "Solcast CSV");
}

/** Reads a forecast file's text. */
export function readForecastFile(text: string): ForecastReading {
  if (text.length > MAX_FORECAST_BYTES)
    return fail(
      `the file is ${(text.length / 1e6).toFixed(1)} MB; a forecast file is at most ${MAX_FORECAST_BYTES / 1e6} MB`,
    );
  const trimmed = text.trimStart();
  if (trimmed === "") return fail("the file is empty");
  if (!trimmed.startsWith("{")) return solcastCsv(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail(`it is not valid JSON (${(e as Error).message})`);
  }
  const sol = solcastShape.safeParse(json);
  if (sol.success)
    return solcast(
      "forecasts" in sol.data ? sol.data.forecasts : sol.data.estimated_actuals,
      "Solcast JSON",
    );
  const om = openMeteoShape.safeParse(json);
  if (om.success && (om.data.hourly || om.data.minutely_15)) return openMeteo(om.data);
  return fail(
    "it is neither an Open-Meteo forecast (latitude, longitude, hourly) nor a Solcast one (forecasts of ghi, period_end, period)",
  );
}
