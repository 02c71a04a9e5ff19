// The words of the sky ahead with a weather forecast (skyBlend.ts): which
// guide rules each span of the rest of the day, and the Inputs table's lines
// naming the forecast, its age and its bias today.
import type { SkySource, StrategyInput } from "../../contract/strategy";
import type { KnownForecast } from "../../contract/weather";
import type { ForecastIndex } from "./forecastSky";
import { remembered, TYPICAL_SKY, type SolarFit } from "./solarFit";

export interface BlendWords {
  /** A packet time as the tab writes it, e.g. "11:00 CDT". */
  time(t: number): string;
  /** A span of seconds in words, e.g. "1 h 20 min". */
  duration(s: number): string;
}

const STEP_S = 300;
const two = (x: number) => x.toFixed(2);

/** The forecast's name as a person says it: its service's format, and the file or host. */
export function forecastName(known: KnownForecast): string {
  const where =
    known.origin.kind === "file"
      ? `file ${known.origin.name}`
      : `from ${hostOf(known.origin.address)}`;
  return `${known.forecast.format} forecast (${where})`;
}

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

/**
 * The spans of [now, endAt] and the guide that rules each: the forecast
 * where it weighs at least half, else the recent sky while it is
 * remembered (more than half), else the sky it fades into.
 */
export function skySources(
  solar: SolarFit,
  forecast: ForecastIndex | null,
  now: number,
  endAt: number,
  weightAt: (t: number) => number,
  words: BlendWords,
): SkySource[] {
  const label = {
    recent: `the sky the car sees (${two(solar.clearSkyFactor)} of a clear sky in the last 30 min)`,
    forecast: forecast
      ? `the ${forecastName(forecast.known)}, issued ${words.time(forecast.known.issuedAt / 1000)}`
      : "",
    typical:
      solar.scaleFrom === "rating"
        ? `a typical sky: ${two(solar.skyAheadFactor)} of a clear one (the day's so far, and ${TYPICAL_SKY} for a Midwest summer day for the rest)`
        : `the day's own sky: ${two(solar.skyAheadFactor)} of its clearest (no array rating in settings)`,
  };
  const sources: SkySource[] = [];
  for (let t = now; t < endAt; t += STEP_S) {
    const kind: SkySource["kind"] =
      weightAt(t) >= 0.5 ? "forecast" : remembered(t - now) >= 0.5 ? "recent" : "typical";
    const last = sources.at(-1);
    const to = Math.min(endAt, t + STEP_S);
    if (last && last.kind === kind) last.to = to;
    else sources.push({ from: t, to, kind, label: label[kind] });
  }
  return sources;
}

export interface ForecastRecordInBrief {
  /** Its bias removed now and at the day's end, clear-sky index (+: brighter than the array saw). */
  biasNow: number;
  biasAhead: number;
  /** Hours of array power held against forecasts today. */
  hours: number;
  /** The forecast's weight in the blend an hour and four hours ahead. */
  weightIn1h: number;
  weightIn4h: number;
}

const signed = (x: number) => `${x >= 0 ? "+" : "−"}${two(Math.abs(x))}`;

export function forecastInputs(
  forecast: ForecastIndex | null,
  record: ForecastRecordInBrief | null,
  words: BlendWords,
  now: number,
): StrategyInput[] {
  if (!forecast || !record)
    return [
      {
        label: "Weather forecast",
        value: "none",
        source:
          "import a forecast file or set an address (Weather forecast); without one the sky ahead is the car's recent sky fading into a typical one",
      },
    ];
  const known = forecast.known;
  const issued = known.issuedAt / 1000;
  const lines: StrategyInput[] = [
    {
      label: "Weather forecast",
      value: `issued ${words.time(issued)} (${words.duration(Math.max(0, now - issued))} old)`,
      source: `${forecastName(known)}, ${known.forecast.variable}, to ${words.time(forecast.to)}${known.warnings.length ? `; ${known.warnings.join("; ")}` : ""}`,
    },
    {
      label: "Forecast's bias today",
      value:
        record.hours > 0
          ? `${signed(record.biasNow)} now, ${signed(record.biasAhead)} ahead`
          : "not yet measured",
      source:
        record.hours > 0
          ? `clear-sky index the forecasts gave above what the array saw, over ${record.hours.toFixed(1)} h compared; removed from the hours ahead`
          : "no hour of array power since a forecast's issue yet: nothing removed",
    },
    {
      label: "Forecast's weight",
      value: `${Math.round(record.weightIn1h * 100)} % in 1 h, ${Math.round(record.weightIn4h * 100)} % in 4 h`,
      source:
        "against the recent sky, by each one's error: published figures at first, then how each has done today",
    },
  ];
  return lines;
}
