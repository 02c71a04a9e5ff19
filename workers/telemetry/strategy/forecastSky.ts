// A weather forecast read as the array would see it, and how it has done
// today. The forecast gives each period's mean global irradiance; held
// against a clear sky's light over the same period (the day's air, at the
// car's place: sun.ts) it is a clear-sky index, which the array's scale
// (its rating, or the day's clearest minutes) turns into watts at any
// minute of the period, following the sun's own course within it.
//
// Today's record: each minute of array power measured is held against what
// each forecast known before it said of that minute, at that lead time, and
// the errors are summed by lead (LEAD_BINS_H): their mean is the forecast's
// bias today, their spread its error. Forecasts are issued every hour or so,
// so by midday the morning's issues have been tried at every lead up to the
// afternoon's.
import type { ForecastPeriod, KnownForecast } from "../../contract/weather";
import type { SolarSample } from "./solarFit";

/** Lead time bins' upper edges, hours: nowcast, intraday, afternoon, beyond. */
export const LEAD_BINS_H = [1, 3, 6, Infinity] as const;
/** Below this clear-sky light (sun under ~6°), a minute says little about the clouds. */
const MIN_CLEAR_SKY = 100;
/** The clear-sky index a forecast may reach (clouds' edges brighten the sky past clear). */
const MAX_INDEX = 1.4;
const SAMPLES_PER_PERIOD = 6;

export const leadBin = (leadS: number): number => {
  const h = leadS / 3600;
  let bin = 0;
  while (h > LEAD_BINS_H[bin]!) bin++;
  return bin;
};

/** One forecast as a clear-sky index over its periods. */
export interface ForecastIndex {
  known: KnownForecast;
  /** Its first period's start and its last period's end, epoch s. */
  from: number;
  to: number;
  /** The clear-sky index at t (the period's mean against its clear sky); NaN outside it. */
  indexAt(t: number): number;
  /** Its 10–90 % spread as a 1 σ share of a clear sky at t; null when it gives none. */
  sigmaAt(t: number): number | null;
}

const Z90 = 1.2816;

/**
 * Each forecast's index, kept while the clear sky it was held against is
 * the same (`skyKey`: the day's air and the car's place, rounded): a
 * forecast is read once, not at every update of the tab.
 */
const made = new WeakMap<KnownForecast, { skyKey: string; index: ForecastIndex }>();

export function forecastIndex(
  known: KnownForecast,
  clearSkyAt: (t: number) => number,
  skyKey: string,
): ForecastIndex {
  const kept = made.get(known);
  if (kept?.skyKey === skyKey) return kept.index;
  const index = readIndex(known, clearSkyAt);
  made.set(known, { skyKey, index });
  return index;
}

function readIndex(known: KnownForecast, clearSkyAt: (t: number) => number): ForecastIndex {
  const periods = known.forecast.periods;
  const index = new Float64Array(periods.length);
  const sigma = new Float64Array(periods.length);
  periods.forEach((p: ForecastPeriod, i) => {
    let cs = 0;
    const step = (p.end - p.start) / SAMPLES_PER_PERIOD;
    for (let k = 0; k < SAMPLES_PER_PERIOD; k++) cs += clearSkyAt(p.start + (k + 0.5) * step);
    cs /= SAMPLES_PER_PERIOD;
    // A period at sunrise or sunset has too little light to say how clear it is: taken as clear.
    index[i] = cs < MIN_CLEAR_SKY ? 1 : Math.min(MAX_INDEX, Math.max(0, p.ghi / cs));
    sigma[i] =
      p.ghi10 !== null && p.ghi90 !== null && cs >= MIN_CLEAR_SKY
        ? (p.ghi90 - p.ghi10) / (2 * Z90) / cs
        : NaN;
  });
  const find = (t: number): number => {
    let lo = 0;
    let hi = periods.length - 1;
    if (t < periods[0]!.start || t >= periods[hi]!.end) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (periods[mid]!.start <= t) lo = mid;
      else hi = mid - 1;
    }
    return t < periods[lo]!.end ? lo : -1;
  };
  return {
    known,
    from: periods[0]!.start,
    to: periods.at(-1)!.end,
    indexAt: (t) => {
      const i = find(t);
      return i < 0 ? NaN : index[i]!;
    },
    sigmaAt: (t) => {
      const i = find(t);
      return i < 0 || Number.isNaN(sigma[i]!) ? null : sigma[i]!;
    },
  };
}

/** A forecast's errors today (forecast − measured, clear-sky index) by lead bin. */
export interface ForecastRecord {
  /** Minute-and-forecast pairs compared, Σ error, Σ error², per bin. */
  n: number[];
  /**
   * The measured minutes behind those pairs, per bin: the evidence. Each
   * minute is held against every issue before it, and successive issues
   * carry the same error, so five issues on one minute say little more
   * than one.
   */
  minutes: number[];
  /** The measured minutes held against at least one forecast. */
  compared: number;
  sum: number[];
  sumSq: number[];
  /**
   * The same minutes weighed by how recent they are (e^(−age/memory)): Σ
   * weight and Σ weight × error. A forecast's error holds for a while along
   * the hours (it misplaced a cloud field), so the latest error says more
   * of the next hours than the day's mean does.
   */
  recentN: number[];
  recentSum: number[];
}

/**
 * Each measured minute against each forecast issued before it, at its
 * lead (a forecast's hours before its issue are analyses, not forecasts).
 * `measuredIndex`: each minute's clear-sky index, NaN when the sun is too
 * low to say; `memoryS`: the recent errors' e-folding age.
 */
export function recordToday(
  forecasts: readonly ForecastIndex[],
  samples: readonly SolarSample[],
  measuredIndex: readonly number[],
  now: number,
  memoryS: number,
): ForecastRecord {
  const zeros = () => new Array<number>(LEAD_BINS_H.length).fill(0);
  const record: ForecastRecord = {
    n: zeros(),
    minutes: zeros(),
    compared: 0,
    sum: zeros(),
    sumSq: zeros(),
    recentN: zeros(),
    recentSum: zeros(),
  };
  samples.forEach((s, i) => {
    const k = measuredIndex[i]!;
    if (!Number.isFinite(k)) return;
    const weight = Math.exp(-Math.max(0, now - s.time) / memoryS);
    // Each minute is evidence once per bin, and compared once, however many
    // issues said it (`binsSeen`: a bit per lead bin, so nothing is allocated per minute).
    let binsSeen = 0;
    for (const f of forecasts) {
      const issued = f.known.issuedAt / 1000;
      if (issued > s.time) continue;
      const said = f.indexAt(s.time);
      if (!Number.isFinite(said)) continue;
      const bin = leadBin(s.time - issued);
      const e = said - k;
      record.n[bin]!++;
      if (binsSeen === 0) record.compared++;
      if ((binsSeen & (1 << bin)) === 0) record.minutes[bin]!++;
      binsSeen |= 1 << bin;
      record.sum[bin]! += e;
      record.sumSq[bin]! += e * e;
      record.recentN[bin]! += weight;
      record.recentSum[bin]! += weight * e;
    }
  });
  return record;
}
