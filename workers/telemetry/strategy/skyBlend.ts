// The sky ahead with a weather forecast (issue 59): close to now the sky the
// car sees is the better guide (smart persistence, solarFit.ts), further
// ahead the forecast. The two are weighed at each lead by their errors
// (inverse variances): each starts from its published or modelled figure
// and moves towards what it has done today against the array's power, as
// hours of comparison come in (forecastSky.ts). The forecast's bias today
// is removed first. Its band is the forecast's own 10–90 % spread where it
// gives one, else the error measured today; beyond its last hour the sky
// is the persistence's, which has faded into the day's and a typical sky.
import type { SkySource, StrategyInput, TimeSeriesData } from "../../contract/strategy";
import type { KnownForecast } from "../../contract/weather";
import {
  forecastIndex,
  LEAD_BINS_H,
  leadBin,
  recordToday,
  type ForecastRecord,
} from "./forecastSky";
import {
  remembered,
  SKY_MEMORY_S,
  unknownShare,
  type SolarFit,
  type SolarSample,
} from "./solarFit";
import { BIN_LEADS_H, persistenceRecord } from "./persistenceRecord";
import { forecastInputs, skySources, type BlendWords } from "./skyWords";

/**
 * A forecast's error (1 σ) at lead `leadS`, W/m² of global irradiance: 60 at
 * 15 min rising to 140 at 3 h (satellite nowcasts, Urbich et al. 2019), 140
 * to a day (weather models, Perez et al. 2013), 10 more each further day.
 */
export function publishedErrorW(leadS: number): number {
  const h = Math.max(0.25, leadS / 3600);
  if (h <= 3) return 60 + ((140 - 60) * (h - 0.25)) / 2.75;
  return h <= 24 ? 140 : 140 + (10 * (h - 24)) / 24;
}
/** A clear sky's light over daylight with the sun above 10°, W/m²: the published errors' scale. */
const CLEAR_SKY_REF = 800;
/**
 * The clear-sky index a forecast is taken at, at most, once its bias is
 * removed: its p50 is the light expected over a period, and no expectation
 * passes a clear sky's (clouds' edges brighten it for minutes, where no
 * forecast can place them); 5 % is room for the clear-sky model's own error.
 * Applied after the bias, not to the forecast as read: a cut in what is held
 * against the array's power would read as a forecast too dim on clear hours,
 * and brighten the cloudy ones.
 */
const MAX_EXPECTED_INDEX = 1.05;
/**
 * Hours of comparison a prior figure is worth: one independent error's.
 * Errors hold for the sky's memory (a misplaced cloud field stays misplaced),
 * so a day's minutes carry about one independent error per twice that
 * memory (an AR(1) series' effective sample spacing): 6 h, not one per
 * minute. Counting minutes as independent let a morning's chance error pass
 * for the day's bias.
 */
const PRIOR_HOURS = (2 * SKY_MEMORY_S) / 3600;

export interface BlendedSky {
  fit: SolarFit;
  /** The latest forecast as array power, bias removed; null without one. */
  forecastW: TimeSeriesData | null;
  /**
   * A later day's sun (the race plan's): the latest forecast as array power,
   * today's bias removed, W; NaN where no forecast covers t.
   */
  laterDayAt: (t: number) => number;
  sources: SkySource[];
  inputs: StrategyInput[];
}

const shrink = (prior: number, measured: number, hours: number) =>
  (PRIOR_HOURS * prior + hours * measured) / (PRIOR_HOURS + hours);

export function blendSky(
  solar: SolarFit,
  samples: readonly SolarSample[],
  known: readonly KnownForecast[],
  now: number,
  endAt: number,
  place: { lat: number; long: number },
  words: BlendWords,
): BlendedSky {
  const latest = [...known].sort((a, b) => a.issuedAt - b.issuedAt).at(-1);
  if (!latest)
    return {
      fit: solar,
      forecastW: null,
      laterDayAt: () => NaN,
      sources: skySources(solar, null, now, endAt, () => 0, words),
      inputs: forecastInputs(null, null, words, now),
    };
  const scale = solar.scale;
  const cs = solar.clearSkyAt;
  // The clear sky moves with the day's air and the car's place: past ~1 km or 1 % of air, read again.
  const skyKey = `${solar.tau.toFixed(3)} ${place.lat.toFixed(2)} ${place.long.toFixed(2)}`;
  const indexes = known.map((k) => forecastIndex(k, cs, skyKey));
  const forecast = indexes[known.indexOf(latest)]!;
  const measured = samples.map((s) => {
    const c = cs(s.time);
    return c >= 100 ? s.powerW / (scale * c) : NaN;
  });
  const record: ForecastRecord = recordToday(indexes, samples, measured, now, SKY_MEMORY_S);
  const persistence = persistenceRecord(samples, measured);
  const issued = latest.issuedAt / 1000;
  // Evidence in measured minutes, not minute-and-forecast pairs (forecastSky.ts).
  const minutes = (bin: number) => record.minutes[bin]!;
  const hours = (bin: number) => minutes(bin) / 60;
  const priorMinutes = PRIOR_HOURS * 60;
  // The day's mean error at a lead, shrunk towards none by the hours behind
  // it; a lead not yet tried today takes the nearest tried one's.
  const nearest = (leadS: number, of: (bin: number) => number): number => {
    const at = leadBin(leadS);
    for (let d = 0; d < LEAD_BINS_H.length; d++)
      for (const bin of [at - d, at + d])
        if (bin >= 0 && bin < LEAD_BINS_H.length && Number.isFinite(of(bin))) return of(bin);
    return 0;
  };
  const dayIn = (bin: number) =>
    record.n[bin]! > 0
      ? ((record.sum[bin]! / record.n[bin]!) * minutes(bin)) / (priorMinutes + minutes(bin))
      : NaN;
  const dayBias = (leadS: number) => nearest(leadS, dayIn);
  // The recent errors, shrunk towards the day's mean as theirs are towards none.
  const recentBias = (leadS: number) =>
    nearest(leadS, (bin) => {
      if (!(record.recentN[bin]! > 0)) return NaN;
      // The recent pairs' weight, as minutes (each minute's pairs share it).
      const weight = (record.recentN[bin]! * minutes(bin)) / record.n[bin]!;
      const mean = record.recentSum[bin]! / record.recentN[bin]!;
      return (weight * mean + priorMinutes * dayIn(bin)) / (weight + priorMinutes);
    });
  // The recent error holds for the sky's memory, then the day's mean is left.
  const bias = (t: number): number => {
    const lead = t - issued;
    const day = dayBias(lead);
    return day + (recentBias(lead) - day) * remembered(t - now);
  };
  const forecastVar = (leadS: number): number => {
    const bin = leadBin(leadS);
    const prior = (publishedErrorW(leadS) / CLEAR_SKY_REF) ** 2;
    const n = record.n[bin]!;
    if (n === 0) return prior;
    const mean = record.sum[bin]! / n;
    return shrink(prior, Math.max(0, record.sumSq[bin]! / n - mean * mean), hours(bin));
  };
  // The persistence's modelled error (solarFit.ts: its band, as a share of a
  // clear sky), times how it has done today against that model at a like lead.
  const modelledVar = (leadS: number) =>
    (solar.unknownSky * Math.max(0.1, unknownShare(leadS))) ** 2;
  const persistenceVar = (leadS: number): number => {
    const bin = leadBin(leadS);
    const n = persistence.n[bin]! / 60;
    const ratio = n > 0 ? persistence.mse[bin]! / modelledVar(BIN_LEADS_H[bin]! * 3600) : 1;
    return modelledVar(leadS) * shrink(1, ratio, n);
  };
  // The timeline asks expectedAt, sigmaAt and forecastSigmaAt of each minute
  // in turn (scenario.ts): the minute's weight is worked out once.
  let weighedAt = NaN;
  let weight = 0;
  const weightAt = (t: number): number => {
    if (t === weighedAt) return weight;
    weighedAt = t;
    weight = 0;
    if (!Number.isFinite(forecast.indexAt(t))) return weight;
    const vp = persistenceVar(t - now);
    weight = vp / (vp + forecastVar(t - issued));
    return weight;
  };
  // The forecast's random error at t: its own spread where it gives one.
  const forecastVarAt = (t: number): number => {
    const spread = forecast.sigmaAt(t);
    return spread !== null ? spread * spread : forecastVar(t - issued);
  };
  const forecastAt = (t: number) =>
    scale * Math.min(MAX_EXPECTED_INDEX, Math.max(0, forecast.indexAt(t) - bias(t))) * cs(t);
  const fit: SolarFit = {
    ...solar,
    expectedAt: (t) => {
      const w = weightAt(t);
      return w === 0 ? solar.expectedAt(t) : w * forecastAt(t) + (1 - w) * solar.expectedAt(t);
    },
    sigmaAt: (t) => {
      const w = weightAt(t);
      if (w === 0) return solar.sigmaAt(t);
      const vp = persistenceVar(t - now);
      return scale * cs(t) * Math.sqrt(w * w * forecastVarAt(t) + (1 - w) * (1 - w) * vp);
    },
    forecastSigmaAt: (t) => scale * cs(t) * weightAt(t) * Math.sqrt(forecastVarAt(t)),
  };
  const forecastW: TimeSeriesData = { time: [], values: [] };
  const from = Math.max(forecast.from, samples[0]?.time ?? now);
  for (let t = Math.ceil(from / 300) * 300; t <= Math.min(endAt, forecast.to); t += 300) {
    forecastW.time.push(t);
    forecastW.values.push(forecastAt(t));
  }
  const compared = record.compared / 60;
  return {
    fit,
    forecastW,
    laterDayAt: forecastAt,
    sources: skySources(solar, forecast, now, endAt, weightAt, words),
    inputs: forecastInputs(
      forecast,
      {
        biasNow: bias(now),
        biasAhead: bias(endAt),
        hours: compared,
        weightIn1h: weightAt(now + 3600),
        weightIn4h: weightAt(now + 4 * 3600),
      },
      words,
      now,
    ),
  };
}
