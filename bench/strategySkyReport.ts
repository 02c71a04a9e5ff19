// bench:strategy's second part (issue 59): the end-of-day forecast told the
// weather forecasts of the day's own sky (strategySky.ts), against the same
// forecaster not told, the naive forecast and the forecast-naive baseline,
// at each lead; its nominal 90 % band's hits; and its RESULT line.
import { WEATHER_KINDS } from "../workers/telemetry/sources/demo/weather";
import type { DayResult } from "./strategyDay";
import { endError, inSkyBand, maeOf, quantile, skyBandWidth, type Which } from "./strategyMeasures";
import { fixed } from "./strategyReport";
import { floorReport } from "./strategySkyFloor";

const LEADS = [7, 6, 5, 4, 3, 2, 1];

/**
 * The forecast-naive baseline's MAE over the days it could be made (a last
 * hour with a forecast of it behind the check), with ours on the same days.
 */
function pairedNaive(days: readonly DayResult[], h: number) {
  const made = days.filter((r) => Number.isFinite(endError(r, h, "forecastNaive")));
  return { naive: maeOf(made, h, "forecastNaive"), ours: maeOf(made, h, "sky"), days: made.length };
}
const naiveCell = (days: readonly DayResult[], h: number) => {
  const p = pairedNaive(days, h);
  if (p.days === 0) return "–";
  return p.days === days.length
    ? fixed(p.naive, 2)
    : `${fixed(p.naive, 2)} (ours ${fixed(p.ours, 2)}, ${p.days} days)`;
};

function hits(days: readonly DayResult[], hoursBefore: number): { in: number; of: number } {
  const said = days.map((r) => inSkyBand(r, hoursBefore)).filter((x) => x !== null);
  return { in: said.filter(Boolean).length, of: said.length };
}
const pct = (h: { in: number; of: number }) => (h.of > 0 ? (100 * h.in) / h.of : NaN);

export function weatherReport(open: readonly DayResult[]): { text: string; result: string } {
  const mae = (days: readonly DayResult[], h: number, w: Which) => maeOf(days, h, w);
  const byLead = [
    "| lead | told the forecasts | not told | forecast-naive | naive | in the 90 % band | band width (median) |",
    "|---|---|---|---|---|---|---|",
    ...LEADS.map((h) => {
      const hit = hits(open, h);
      const widths = open.map((r) => skyBandWidth(r, h)).filter(Number.isFinite);
      return `| ${h} h | ${fixed(mae(open, h, "sky"), 2)} | ${fixed(mae(open, h, "forecast"), 2)} | ${naiveCell(open, h)} | ${fixed(mae(open, h, "naive"), 2)} | ${hit.in} of ${hit.of} (${fixed(pct(hit), 0)} %) | ${fixed(quantile(widths, 0.5), 1)} points |`;
    }),
  ].join("\n");
  const byKind = [
    "| weather | days | 4 h: told / not told / forecast-naive | 7 h: told / not told / forecast-naive |",
    "|---|---|---|---|",
    ...WEATHER_KINDS.map((kind) => {
      const days = open.filter((r) => r.run.weather === kind);
      const cell = (h: number) =>
        [
          fixed(mae(days, h, "sky"), 2),
          fixed(mae(days, h, "forecast"), 2),
          naiveCell(days, h),
        ].join(" / ");
      return `| ${kind} | ${days.length} | ${cell(4)} | ${cell(7)} |`;
    }),
  ].join("\n");
  const all = LEADS.reduce(
    (sum, h) => {
      const hit = hits(open, h);
      return { in: sum.in + hit.in, of: sum.of + hit.of };
    },
    { in: 0, of: 0 },
  );
  const minLead = Math.min(...LEADS.map((h) => pct(hits(open, h))));
  const ms = open.flatMap((r) => r.skyMs);
  const figure = (x: number, digits: number) => (Number.isFinite(x) ? x.toFixed(digits) : "na");
  const result = `RESULT weather_runs=${open.length} mae_4h_pts=${figure(mae(open, 4, "sky"), 2)} mae_7h_pts=${figure(mae(open, 7, "sky"), 2)} naive_mae_4h_pts=${figure(mae(open, 4, "naive"), 2)} forecast_naive_mae_4h_pts=${figure(pairedNaive(open, 4).naive, 2)} mae_1h_pts=${figure(mae(open, 1, "sky"), 2)} band_hit_pct=${figure(pct(all), 1)} band_hit_min_lead_pct=${figure(minLead, 1)} forecast_ms_p95=${figure(quantile(ms, 0.95), 2)}`;
  const text = [
    "### Told the weather forecasts (issue 59)",
    "Each check also asks the forecaster with the simulated forecasts of the day's own sky that a user had by then: issued 06:00 and hourly, each 10 minutes after its issue, written as Open-Meteo JSON, Solcast JSON and Solcast CSV in turn and read through the app's parser (bench/strategySky.ts). MAE of the end-of-day forecast, points; the nominal 90 % band is the tab's 95 % band narrowed by 1.645/1.96 about the forecast, then cut at the protection minimum and 100 % as the tab's is.",
    byLead,
    "By weather kind (both cars):",
    byKind,
    floorReport(open, LEADS),
    `One forecast update told the forecasts: p95 ${figure(quantile(ms, 0.95), 2)} ms of ${ms.length}.`,
    refusedText(open),
  ].join("\n\n");
  return { text, result };
}

/** The forecast files the app refused over the days (each a team would have gone without). */
function refusedText(open: readonly DayResult[]): string {
  const refused = open.flatMap((r) => r.skyRefused.map((why) => `${r.run.name}, ${why}`));
  const files = open.reduce((n, r) => n + r.hours.length, 0);
  return refused.length === 0
    ? "Every forecast file was read."
    : `Forecast files the app refused (the forecaster kept the one before): ${refused.length} (of about ${files} issued): ${refused.slice(0, 3).join("; ")}${refused.length > 3 ? "; …" : ""}.`;
}
