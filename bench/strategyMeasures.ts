// What bench:strategy measures on its days (docs/strategy-bench.md): each
// forecast's error against the day's end, the time the pack reached its
// protection minimum against when the forecast said it would, and the paired
// difference between two forecasters on the same days. Pure functions of the
// days' results, so the rules are tested (tests/unit/bench-strategy-measures.test.ts).
import type { DayResult, HourCheck, Said } from "./strategyDay";

/**
 * Which forecast of a check: ours, ours told the sun, the compared
 * forecaster's, the naive one, ours told the weather forecasts, or the
 * forecast-naive baseline.
 */
export type Which = "forecast" | "told" | "other" | "naive" | "sky" | "forecastNaive";

const said = (check: HourCheck, which: Exclude<Which, "naive">): Said | null | undefined =>
  check[which];

export const checkAt = (r: DayResult, hoursBefore: number): HourCheck | undefined =>
  r.hours.find((h) => h.hoursBefore === hoursBefore);

/** |forecast − the day's end|, points; NaN when that forecast was not made (it could not, or was not asked). */
export function endError(r: DayResult, hoursBefore: number, which: Which): number {
  const check = checkAt(r, hoursBefore);
  if (!check) return NaN;
  const pct = which === "naive" ? check.naivePct : said(check, which)?.endPct;
  return pct === null || pct === undefined ? NaN : Math.abs(pct - r.endSocPct);
}

/** When the pack first reached its minimum after `time` (epoch s); null: not before the day's end. */
export const downAfter = (r: DayResult, time: number): number | null =>
  r.downAt.find((t) => t > time) ?? null;

/**
 * The error of a forecast's run-down time, minutes, on a day whose pack ran
 * down after the check: |said − when it did|, and a forecast that said the
 * day ends above the minimum is off by the time from the run-down to the
 * day's end. Null when the pack did not run down after the check (see
 * `falseAlarm`); NaN when that forecast was not made.
 */
export function runDownError(
  r: DayResult,
  hoursBefore: number,
  which: "forecast" | "told" | "other" | "sky",
): number | null {
  const check = checkAt(r, hoursBefore);
  if (!check) return null;
  const down = downAfter(r, check.at);
  if (down === null) return null;
  const s = said(check, which);
  if (!s) return NaN;
  return Math.abs((s.emptyAt ?? r.end) - down) / 60;
}

/** A forecast that said the pack reaches its minimum today, on a day it did not after the check: how early, minutes. */
export function falseAlarm(
  r: DayResult,
  hoursBefore: number,
  which: "forecast" | "told" | "other",
): number | null {
  const check = checkAt(r, hoursBefore);
  if (!check || downAfter(r, check.at) !== null) return null;
  const emptyAt = said(check, which)?.emptyAt;
  return emptyAt === null || emptyAt === undefined ? null : (r.end - emptyAt) / 60;
}

export const mean = (xs: readonly number[]): number =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;

/** Mean absolute error of `days`' forecasts; NaN when one of them was not made (it shows as "–"). */
export function maeOf(days: readonly DayResult[], hoursBefore: number, which: Which): number {
  return mean(days.map((r) => endError(r, hoursBefore, which)));
}

/** The run-down time's MAE over the days that ran down after the check, and how many did. */
export function runDownMae(
  days: readonly DayResult[],
  hoursBefore: number,
  which: "forecast" | "told" | "other",
): { mae: number; days: number } {
  const errors = days
    .map((r) => runDownError(r, hoursBefore, which))
    .filter((e): e is number => e !== null);
  return { mae: mean(errors), days: errors.length };
}

/** The standard error of a mean of `xs` (their spread over √n); NaN below two. */
export function standardError(xs: readonly number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1) / xs.length);
}

/**
 * Ours against the compared forecaster on the same days: the mean of the
 * days' differences of absolute error (ours − theirs; below 0: ours is
 * better) and its standard error, which the days' pairing keeps small.
 */
export function pairedDifference(
  days: readonly DayResult[],
  hoursBefore: number,
): { diff: number; se: number; days: number } {
  const d = days.map(
    (r) => endError(r, hoursBefore, "forecast") - endError(r, hoursBefore, "other"),
  );
  return { diff: mean(d), se: standardError(d), days: d.length };
}

/** The p-th quantile (0..1) of `xs`, the nearest rank below. */
export function quantile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(p * (sorted.length - 1))] ?? NaN;
}

/** The nominal 90 % band's z over the forecast's 95 % band's (scenario.ts): its ends scaled about the middle. */
const Z90_OVER_Z95 = 1.6449 / 1.96;

/**
 * The nominal 90 % band at the day's end of the forecast told the weather
 * forecasts, 1 … 7 h before; null when none was made. The tab draws the
 * 95 % band: the 90 % one is the same normal band, narrowed about the
 * forecast before the protection minimum and 100 % cut it. (Narrowing the
 * cut band instead lifted an end at the minimum off it, so a day that ended
 * at the minimum inside the band counted as a miss.)
 */
function skyBand90(r: DayResult, hoursBefore: number): { low: number; high: number } | null {
  const sky = checkAt(r, hoursBefore)?.sky;
  if (!sky) return null;
  const half = sky.bandPts * Z90_OVER_Z95;
  return {
    low: Math.max(sky.lowPct, sky.endPct - half),
    high: Math.min(sky.highPct, sky.endPct + half),
  };
}

/** Whether the day's end fell inside the nominal 90 % band (skyBand90); null when none was made. */
export function inSkyBand(r: DayResult, hoursBefore: number): boolean | null {
  const band = skyBand90(r, hoursBefore);
  return band ? r.endSocPct >= band.low && r.endSocPct <= band.high : null;
}

/** The nominal 90 % band's width at the day's end, points (skyBand90). */
export function skyBandWidth(r: DayResult, hoursBefore: number): number {
  const band = skyBand90(r, hoursBefore);
  return band ? band.high - band.low : NaN;
}
