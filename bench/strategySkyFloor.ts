// What the weather forecast itself leaves unknown (issue 59): for each check,
// the random part of the latest forecast a user had (its p50 less the truth
// and less the cloudy-sky bias the generator adds), summed over the hours
// from the check to the day's end, as the array's energy and so as points of
// the pack. No forecaster sees this: the bench alone knows the truth. It is
// what a forecaster would still be off by if it knew the car exactly, took
// the forecast's bias away perfectly and trusted the forecast from then on.
// Only the sky seen so far can do better, and it says little of the hours
// far ahead (the sky's own memory is about 3 h), so at 7 h this is close to
// a floor for any forecaster told these files.
import { localTimeOnDayOf } from "../workers/shared/dateTime";
import { CARS } from "../workers/telemetry/sources/demo/cars";
import { betaAt } from "./simulatedForecast";
import { checkAt, downAfter, endError, mean } from "./strategyMeasures";
import { fixed } from "./strategyReport";
import { simulatedSkyOf } from "./strategySky";
import { teamSettings, ZONE, type DayResult } from "./strategyDay";

const HOUR = 3600;
/**
 * The simulated array's own conversion (CarSimulator's updateSun and
 * updateBattery): its channels' mean share of the rating (0.92–1.02, 0.97 on
 * average), 98 % of it into the pack.
 */
const ARRAY_TO_PACK = 0.97 * 0.98;

/** Points of the pack the latest forecast's random part adds up to from the check `hoursBefore` to the day's end; NaN without a forecast. */
export function randomPartPts(r: DayResult, hoursBefore: number): number {
  const check = checkAt(r, hoursBefore);
  if (!check) return NaN;
  const { sim, issues } = simulatedSkyOf(r.run, localTimeOnDayOf(r.end, 9 * 60, ZONE), r.end, ZONE);
  const latest = issues.filter((t) => t + 600 <= check.at).at(-1);
  if (latest === undefined) return NaN;
  let whPerM2 = 0;
  for (const hour of sim.issue(latest).hours) {
    const from = Math.max(check.at, hour.end - HOUR);
    const to = Math.min(r.end, hour.end);
    if (to <= from) continue;
    const bias =
      betaAt((hour.end - HOUR / 2 - latest) / HOUR) *
      (sim.clearAt(hour.end) - sim.truthAt(hour.end));
    whPerM2 += ((hour.p50 - sim.truthAt(hour.end) - bias) * (to - from)) / HOUR;
  }
  const settings = teamSettings(r.run.car);
  const packWh =
    settings.capacity.kind === "Ah"
      ? settings.capacity.ah * settings.capacity.nominalV
      : settings.capacity.wh;
  const arrayWh = (whPerM2 / 1000) * CARS[r.run.car].arrayPeakW * ARRAY_TO_PACK;
  return (100 * arrayWh) / packWh;
}

/**
 * The days whose pack moved freely from the check to the end: it did not
 * reach its protection minimum after the check, nor end full, so an error in
 * the sun shows whole in the day's end.
 */
function free(r: DayResult, hoursBefore: number): boolean {
  const check = checkAt(r, hoursBefore);
  return !!check && downAfter(r, check.at) === null && r.endSocPct < 99;
}

export function floorReport(open: readonly DayResult[], leads: readonly number[]): string {
  const rows = leads.map((h) => {
    const part = new Map(open.map((r) => [r, Math.abs(randomPartPts(r, h))]));
    const freeDays = open.filter((r) => free(r, h));
    const freeParts = freeDays.map((r) => part.get(r)!);
    const ours = mean(freeDays.map((r) => endError(r, h, "sky")));
    return `| ${h} h | ${fixed(mean([...part.values()]), 2)} | ${freeDays.length} | ${fixed(mean(freeParts), 2)} | ${fixed(ours, 2)} |`;
  });
  return [
    "What the forecasts themselves leave unknown: the latest forecast's random part (its p50 less the truth and less the generator's cloudy-sky bias) over the hours to 17:00, as the array's energy into the pack, in points; its mean absolute value. A forecaster that knew the car exactly, took the bias away perfectly and trusted the forecast would be off by this; only the sky seen so far can do better, and it tells little of the hours far ahead. Days that moved freely: the pack neither reached its minimum after the check nor ended full, so the whole error shows in the end (bench/strategySkyFloor.ts).",
    [
      "| lead | the random part, all days | days that moved freely | the random part on them | ours told the forecasts, on them |",
      "|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  ].join("\n\n");
}
