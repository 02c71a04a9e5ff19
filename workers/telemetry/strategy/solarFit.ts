// The array's power, measured and expected. Each minute's measured power is
// held against a clear sky's light at the sun's elevation then (sun.ts): the
// ratio is the array's size × efficiency × the clouds. The array's clear-sky
// scale is its rating's (settings: W at 1,000 W/m²) when set, else the ratio
// of the day's clearest minutes (its 90th percentile); the clear-sky factor
// now is the last half hour's ratio against it.
//
// Ahead, the sun's own course changes the power, and the sky relaxes from the
// last half hour's ("smart persistence", the usual reference of solar
// forecasting) towards the day's expected sky, with the e-folding time over
// which the clear-sky index forgets itself (SKY_MEMORY_S). The day's expected
// sky weighs the day's own ratio so far by the share of the day's clear-sky
// light already seen, and the rest by a typical summer sky on the array's
// rating (without a rating, the day's ratio is all there is: a dim sky cannot
// be told from a small array). So neither a dim start nor a bright spell is
// held past what the data support. A sky that keeps changing widens the band,
// and the user's weather factor carries a forecast of the weather.
import { clearSkyIrradiance, fitAirDimming, sunElevationDeg } from "./sun";

/** Minutes whose clear sky gives less (sun below ~6°) say little about the clouds. */
const MIN_CLEAR_SKY = 100;
const RECENT_S = 30 * 60;
/**
 * How long the sky takes to forget itself, s: the e-folding time of the
 * clear-sky index's autocorrelation, a few hours for cloud regimes (fronts,
 * afternoon convection). The forecast relaxes from the recent sky over it,
 * and its uncertainty grows over it. (An earlier forecast held the lower of
 * the last half hour's sky and the day's all day: a real car's dim city
 * start was held all afternoon, 1.8 kWh of sun forecast against 3.5 that
 * came. See docs/strategy-model.md.)
 */
export const SKY_MEMORY_S = 3 * 60 * 60;
/**
 * The typical clear-sky index of a summer race day's daylight (measured
 * irradiance over a clear sky's): about 0.75 in the US Midwest's June and
 * July, where the team races (typical-meteorological-year data put daily
 * global irradiance near 6 kWh/m² against about 8 under clear skies). Used
 * only for the part of the day not yet seen, and only with an array rating.
 */
export const TYPICAL_SKY = 0.75;
/** Step of the day's clear-sky light sum, s. */
const DAY_STEP_S = 600;
/** Past changes of the sky beyond this many σ of the band are news: the forecast is uncertain. */
const Z95 = 1.96;
/**
 * The least uncertainty of the sky hours ahead, as a share of the array's
 * clear-sky power (1 σ): the spread of the clear-sky index over summer days
 * of mixed weather (clear near 1, overcast near 0.25), whatever the morning
 * was like. 0.3 is what puts the day's end inside the ~95 % band 19 times in
 * 20 over the benchmark's days (889 of 924 hourly forecasts; over its
 * first 48 days, 0.25 gave 299 of 336).
 */
const UNKNOWN_SKY = 0.3;

/** One minute of measured array power. */
export interface SolarSample {
  time: number;
  powerW: number;
  lat: number;
  long: number;
}

export interface SolarFit {
  /** W of array power per W/m² of clear-sky light: recent, today's, clear-sky (the scale). */
  ratioNow: number;
  ratioDay: number;
  scale: number;
  /** Where the scale comes from: the rating in settings, or the day's clearest minutes. */
  scaleFrom: "rating" | "day";
  clearSkyFactor: number;
  /** The sky the forecast relaxes towards, as a clear-sky factor (see the file's comment). */
  skyAheadFactor: number;
  /** The share of the day's clear-sky light seen so far (the day's own weight in skyAheadFactor). */
  daySeen: number;
  weatherFactor: number;
  /** Relative spread of the minutes' ratios today (clouds coming and going). */
  spread: number;
  minutesUsed: number;
  /** The air's dimming fitted to the day (sun.ts). */
  tau: number;
  /** The array's power under a clear sky at today's noon, W (the rating's, or the day's). */
  clearNoonW: number;
  /**
   * Set when the sky of the last 15 minutes is further from the one the
   * forecast of an hour before held than its 95 % band allowed: the clear-sky
   * factors then and now.
   */
  changed: { before: number; now: number } | null;
  /** The sky ahead's uncertainty as a share of a clear sky, at long leads (1 σ; sigmaAt's scale). */
  unknownSky: number;
  /** A clear sky's light at time t (epoch s) at the car's position, W/m² (the day's air). */
  clearSkyAt(t: number): number;
  /** Expected array power at time t (epoch s) at the car's position, W. */
  expectedAt(t: number): number;
  /** Its uncertainty, W (1 σ), growing with the lead time. */
  sigmaAt(t: number): number;
  /**
   * The part of sigmaAt that is a weather forecast's own random error, W
   * (1 σ; skyBlend.ts), independent of the rest. It fades along the hours
   * with the sky's memory, where the rest (which sky the day is in) holds
   * all day. Absent without a forecast.
   */
  forecastSigmaAt?(t: number): number;
}

export interface SolarOptions {
  /** The array's rating, W at 1,000 W/m² (settings); null: not set. */
  ratingW: number | null;
  /** The local day's start (epoch s), for its clear-sky light. */
  dayStart: number;
}

type SolarAnswer = { ok: true; fit: SolarFit } | { ok: false; reason: string };

/** How much of the sky's memory is left after `lead` s (and how much is unknown). */
export const remembered = (lead: number) => Math.exp(-Math.max(0, lead) / SKY_MEMORY_S);
export const unknownShare = (lead: number) =>
  Math.sqrt(1 - Math.exp((-2 * Math.max(0, lead)) / SKY_MEMORY_S));

/** The mean ratio of the samples in [from, to), or NaN. */
function ratioIn(
  samples: readonly SolarSample[],
  cs: readonly number[],
  from: number,
  to: number,
): number {
  let w = 0;
  let c = 0;
  samples.forEach((s, i) => {
    if (s.time >= from && s.time < to && cs[i]! >= MIN_CLEAR_SKY) {
      w += s.powerW;
      c += cs[i]!;
    }
  });
  return c > 0 ? w / c : NaN;
}

export function fitSolar(
  samples: readonly SolarSample[],
  now: number,
  lat: number,
  long: number,
  weatherFactor: number,
  options: SolarOptions = { ratingW: null, dayStart: now - 12 * 3600 },
): SolarAnswer {
  const elevations = samples.map((s) => sunElevationDeg(s.time, s.lat, s.long));
  const tau = fitAirDimming(
    elevations,
    samples.map((s) => s.powerW),
  );
  const cs = elevations.map((e) => clearSkyIrradiance(e, tau));
  const ratios: number[] = [];
  let sumW = 0;
  let sumCs = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    if (cs[i]! < MIN_CLEAR_SKY || !Number.isFinite(s.powerW)) continue;
    ratios.push(s.powerW / cs[i]!);
    sumW += s.powerW;
    sumCs += cs[i]!;
  }
  const rating = options.ratingW !== null && options.ratingW > 0 ? options.ratingW : null;
  if (ratios.length < 3 && rating === null) {
    const elevation = sunElevationDeg(now, lat, long);
    return {
      ok: false,
      reason:
        elevation < 6
          ? `Cannot forecast: night, no array power to fit the sky to and no array rating in settings (the sun is ${Math.abs(elevation).toFixed(0)}° ${elevation < 0 ? "below" : "above"} the horizon)`
          : "Cannot forecast: too little array power measured yet (3 minutes of daylight needed), and no array rating in settings",
    };
  }
  ratios.sort((x, y) => x - y);
  const dayScale = ratios.length > 0 ? ratios[Math.floor(0.9 * (ratios.length - 1))]! : 0;
  const scale = Math.max(1e-9, rating !== null ? rating / 1000 : dayScale);
  const clearSky = (t: number) => clearSkyIrradiance(sunElevationDeg(t, lat, long), tau);
  // The day's clear-sky light, and the share of it already past.
  let dayLight = 0;
  let seenLight = 0;
  let noonCs = 0;
  for (let t = options.dayStart; t < options.dayStart + 24 * 3600; t += DAY_STEP_S) {
    const c = clearSky(t + DAY_STEP_S / 2);
    dayLight += c;
    if (t + DAY_STEP_S / 2 < now) seenLight += c;
    noonCs = Math.max(noonCs, c);
  }
  const daySeen = ratios.length > 0 && dayLight > 0 ? seenLight / dayLight : 0;
  const ratioDay = sumCs > 0 ? sumW / sumCs : TYPICAL_SKY * scale;
  const recent = ratioIn(samples, cs, now - RECENT_S, Infinity);
  const ratioNow = Number.isFinite(recent) ? recent : ratioDay;
  // Without a rating, the day's own sky is the only reference there is.
  const ratioRef =
    rating !== null ? daySeen * ratioDay + (1 - daySeen) * TYPICAL_SKY * scale : ratioDay;
  let variance = 0;
  for (const r of ratios) variance += (r - ratioDay) ** 2 / ratios.length;
  const spread = ratios.length > 0 ? Math.sqrt(variance) / Math.max(1e-9, ratioDay) : 0;
  const factor = Number.isFinite(weatherFactor) && weatherFactor >= 0 ? weatherFactor : 1;
  // The sky ahead is unknown to at least 0.3 of a clear sky either way
  // (clouds the morning did not have, or the clouds gone), more when the day
  // has shown more scatter; with no array power yet, wholly unknown.
  const unknown =
    ratios.length > 0 ? Math.max(spread * ratioDay, UNKNOWN_SKY * scale) : UNKNOWN_SKY * scale;
  const ratioAt = (t: number) => ratioRef + (ratioNow - ratioRef) * remembered(t - now);
  // The forecast of an hour ago held the half hour before it; the sky of the
  // last 15 minutes is news when it left that band (its σ at 1 h's lead).
  const before = ratioIn(samples, cs, now - 90 * 60, now - 60 * 60);
  const latest = ratioIn(samples, cs, now - 15 * 60, Infinity);
  const changed =
    Number.isFinite(before) &&
    Number.isFinite(latest) &&
    Math.abs(latest - before) > Z95 * unknown * unknownShare(3600)
      ? { before: before / scale, now: latest / scale }
      : null;
  return {
    ok: true,
    fit: {
      ratioNow,
      ratioDay,
      scale,
      scaleFrom: rating !== null ? "rating" : "day",
      clearSkyFactor: Math.min(1.5, ratioNow / scale),
      skyAheadFactor: Math.min(1.5, ratioRef / scale),
      daySeen,
      weatherFactor: factor,
      spread,
      minutesUsed: ratios.length,
      tau,
      clearNoonW: scale * noonCs,
      changed,
      unknownSky: unknown / scale,
      clearSkyAt: clearSky,
      expectedAt: (t) => ratioAt(t) * clearSky(t) * factor,
      // The sky now is known to within its recent scatter; later it may be
      // anything the day has shown: unknown at lead L to √(1 − e^(−2L/T)).
      sigmaAt: (t) => unknown * clearSky(t) * factor * Math.max(0.1, unknownShare(t - now)),
    },
  };
}
