// bench:strategy's tables (docs/strategy-bench.md): per weather kind and car
// the forecasts made 7 … 1 h before the end beside the naive forecast and
// "told the sun", the run-down times, the comparison with another
// forecaster, and each named day. Text only: strategyMeasures.ts measures.
import { CAR_KINDS, type CarKind } from "../workers/telemetry/sources/demo/cars";
import { WEATHER_KINDS } from "../workers/telemetry/sources/demo/weather";
import { formatLocalTime } from "../workers/shared/dateTime";
import type { DayResult } from "./strategyDay";
import { ZONE } from "./strategyDay";
import {
  checkAt,
  downAfter,
  falseAlarm,
  maeOf,
  pairedDifference,
  runDownMae,
  type Which,
} from "./strategyMeasures";

export const HOURS = [7, 6, 5, 4, 3, 2, 1] as const;

export const fixed = (x: number | null | undefined, digits = 1): string =>
  x === null || x === undefined || !Number.isFinite(x) ? "–" : x.toFixed(digits);

const clock = (t: number | null | undefined) =>
  t === null || t === undefined ? "–" : formatLocalTime(t, ZONE);

/** The groups a table has rows for: each car's kinds, each car, both cars. */
function groups(days: readonly DayResult[]): { car: string; kind: string; days: DayResult[] }[] {
  const rows: { car: string; kind: string; days: DayResult[] }[] = [];
  const cars = CAR_KINDS.filter((car) => days.some((r) => r.run.car === car));
  for (const car of cars) {
    const ofCar = days.filter((r) => r.run.car === car);
    for (const kind of WEATHER_KINDS) {
      const ofKind = ofCar.filter((r) => r.run.weather === kind);
      if (ofKind.length) rows.push({ car, kind, days: ofKind });
    }
    rows.push({ car, kind: "all kinds", days: ofCar });
  }
  if (cars.length > 1) rows.push({ car: "both", kind: "all kinds", days: [...days] });
  return rows;
}

/** Per car and kind: the end-of-day MAE at 7 … 1 h before the end, not told / told the sun / naive. */
export function kindsTable(open: readonly DayResult[]): string {
  const cell = (days: DayResult[], h: number) =>
    (["forecast", "told", "naive"] as Which[]).map((w) => fixed(maeOf(days, h, w))).join(" / ");
  return [
    `| car | weather | days | ${HOURS.map((h) => `${h} h`).join(" | ")} |`,
    `|---|---|---|${HOURS.map(() => "---").join("|")}|`,
    ...groups(open).map(
      (g) =>
        `| ${g.car} | ${g.kind} | ${g.days.length} | ${HOURS.map((h) => cell(g.days, h)).join(" | ")} |`,
    ),
  ].join("\n");
}

/** Per car and kind: the days that ran down after the 4-hour forecast, and its run-down time's error. */
export function runDownTable(open: readonly DayResult[]): string {
  return [
    "| car | weather | days that ran down after 13:00 | run-down time MAE 4 h before: told the sun / not told | said it would run down, and it did not (not told) |",
    "|---|---|---|---|---|",
    ...groups(open).map((g) => {
      const told = runDownMae(g.days, 4, "told");
      const not = runDownMae(g.days, 4, "forecast");
      const alarms = g.days.map((r) => falseAlarm(r, 4, "forecast")).filter((x) => x !== null);
      return `| ${g.car} | ${g.kind} | ${not.days} | ${fixed(told.mae, 0)} / ${fixed(not.mae, 0)} min | ${alarms.length} |`;
    }),
  ].join("\n");
}

/** Per kind (both cars) and per car: ours against the compared forecaster, paired on the same days. */
export function compareTable(open: readonly DayResult[], rev: string): string {
  const rows = [
    ...WEATHER_KINDS.map((kind) => ({
      name: kind,
      days: open.filter((r) => r.run.weather === kind),
    })),
    ...CAR_KINDS.map((car) => ({
      name: `${car} car, all kinds`,
      days: open.filter((r) => r.run.car === car),
    })),
    { name: "all", days: [...open] },
  ].filter((row) => row.days.length > 0);
  return [
    `| weather | days | MAE 4 h before: this / ${rev} | paired difference (this − ${rev}) ± its standard error | worse by more than one standard error |`,
    "|---|---|---|---|---|",
    ...rows.map(({ name, days }) => {
      const p = pairedDifference(days, 4);
      const worse = p.diff > p.se ? "WORSE" : "no";
      return `| ${name} | ${days.length} | ${fixed(maeOf(days, 4, "forecast"), 2)} / ${fixed(maeOf(days, 4, "other"), 2)} | ${fixed(p.diff, 2)} ± ${fixed(p.se, 2)} | ${worse} |`;
    }),
  ].join("\n");
}

/** Each listed day: forecast − actual at 7 … 1 h, naive and told at 4 h, when its pack ran down and what was said 4 h before. */
export function runsTable(days: readonly DayResult[]): string {
  const diff = (r: DayResult, h: number, which: "forecast" | "told") => {
    const pct = checkAt(r, h)?.[which]?.endPct;
    return pct === undefined ? "–" : (pct - r.endSocPct).toFixed(1);
  };
  return [
    "| run | car | date | start % | end % | km | forecast − actual, points, at 7 6 5 4 3 2 1 h before the end | naive / told at 4 h | ran down at | said 4 h before: told / not | records |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...days.map((r) => {
      const four = checkAt(r, 4);
      const naive = four?.naivePct;
      const extra =
        r.run.driving.kind === "closed loop"
          ? ` (commanded ${r.commanded.map((k) => k.toFixed(0)).join(", ")} km/h)`
          : "";
      const down = four ? downAfter(r, four.at) : null;
      const said =
        down === null ? "" : `${clock(four?.told?.emptyAt)} / ${clock(four?.forecast?.emptyAt)}`;
      return `| ${r.run.name}${extra} | ${r.run.car} | ${r.run.date} | ${fixed(r.startSocPct)} | ${fixed(r.endSocPct)} | ${r.distanceKm.toFixed(0)} | ${HOURS.map((h) => diff(r, h, "forecast")).join(" ")} | ${naive == null ? "–" : (naive - r.endSocPct).toFixed(1)} / ${diff(r, 4, "told")} | ${r.downAt.length ? r.downAt.map(clock).join(", ") : ""} | ${said} | ${r.records} |`;
    }),
  ].join("\n");
}

export const carsIn = (days: readonly DayResult[]): CarKind[] =>
  CAR_KINDS.filter((car) => days.some((r) => r.run.car === car));
