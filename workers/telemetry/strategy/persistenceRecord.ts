// How the sky the car sees has done today as a guide ahead: the mean of the
// last half hour's clear-sky index, held against the index measured a lead
// later, for one lead in each of forecastSky.ts's lead bins. Its squared
// error, against the persistence's modelled one (solarFit.ts), tells the
// blend how far to trust it today (skyBlend.ts).
import { LEAD_BINS_H } from "./forecastSky";
import type { SolarSample } from "./solarFit";

/** The lead tried in each bin, hours. */
export const BIN_LEADS_H = [0.5, 2, 4.5, 8] as const;
const RECENT_MIN = 30;

export interface PersistenceRecord {
  /** Minutes compared and their mean squared error (clear-sky index²), per bin. */
  n: number[];
  mse: number[];
}

export function persistenceRecord(
  samples: readonly SolarSample[],
  measured: readonly number[],
): PersistenceRecord {
  const bins = LEAD_BINS_H.length;
  const record: PersistenceRecord = { n: new Array(bins).fill(0), mse: new Array(bins).fill(0) };
  if (samples.length === 0) return record;
  // The measured index on a dense minute grid, and its running sums for the half hours.
  const first = Math.floor(samples[0]!.time / 60);
  const last = Math.floor(samples.at(-1)!.time / 60);
  const size = last - first + 1;
  const k = new Float64Array(size).fill(NaN);
  samples.forEach((s, i) => void (k[Math.floor(s.time / 60) - first] = measured[i]!));
  const sum = new Float64Array(size + 1);
  const count = new Float64Array(size + 1);
  for (let m = 0; m < size; m++) {
    const ok = Number.isFinite(k[m]!);
    sum[m + 1] = sum[m]! + (ok ? k[m]! : 0);
    count[m + 1] = count[m]! + (ok ? 1 : 0);
  }
  BIN_LEADS_H.forEach((leadH, bin) => {
    const lead = Math.round(leadH * 60);
    let n = 0;
    let sq = 0;
    for (let m = lead + RECENT_MIN; m < size; m++) {
      if (!Number.isFinite(k[m]!)) continue;
      const to = m - lead;
      const c = count[to]! - count[to - RECENT_MIN]!;
      if (c < RECENT_MIN / 2) continue;
      const e = (sum[to]! - sum[to - RECENT_MIN]!) / c - k[m]!;
      n++;
      sq += e * e;
    }
    record.n[bin] = n;
    record.mse[bin] = n > 0 ? sq / n : 0;
  });
  return record;
}
