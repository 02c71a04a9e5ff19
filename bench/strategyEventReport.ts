// bench:strategy's third part (issue 62): the multi-day events' figures
// against their budgets, a row per event, and the RESULT line. Text and
// arithmetic only: strategyEvent.ts runs the events.
import { CAR_KINDS, type CarKind } from "../workers/telemetry/sources/demo/cars";
import {
  endAboveFloor,
  eventKm,
  HINDSIGHT_CANDIDATES,
  type EventResult,
  type PlanDrive,
} from "./strategyEvent";
import { quantile } from "./strategyMeasures";

/** The budgets. */
export const BUDGET = { vsHindsight: 0.98, vsTenPercent: 1, endAbove: [0, 3], planMs: 50 } as const;

export interface EventFigures {
  runs: number;
  /** Mean over the runs of plan ÷ hindsight distance, and the worst run's. */
  vsHindsight: number;
  worst: number;
  /** Summed plan distance ÷ summed "10 %" distance. */
  vsTenPercent: number;
  /** The event's end above the stop level, points: the highest and the lowest. */
  endAboveMax: number;
  endAboveMin: number;
  /** One plan update (a forecast call), ms, p95. */
  planMsP95: number;
}

/** The figures over `results` (NaN where there is none). */
export function eventFigures(results: readonly EventResult[]): EventFigures {
  const ratios = results.map((r) => eventKm(r.plan.days) / eventKm(r.hindsight.days));
  const sum = (f: (r: EventResult) => number) => results.reduce((s, r) => s + f(r), 0);
  const ends = results.map((r) => endAboveFloor(r));
  return {
    runs: results.length,
    vsHindsight: ratios.length ? ratios.reduce((s, x) => s + x, 0) / ratios.length : NaN,
    worst: ratios.length ? Math.min(...ratios) : NaN,
    vsTenPercent: sum((r) => eventKm(r.plan.days)) / sum((r) => eventKm(r.tenPercent.days)),
    endAboveMax: ends.length ? Math.max(...ends) : NaN,
    endAboveMin: ends.length ? Math.min(...ends) : NaN,
    planMsP95: quantile(
      results.flatMap((r) => r.plan.forecastMs),
      0.95,
    ),
  };
}

const fixed = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : "–");
const holds = (ok: boolean) => (ok ? "holds" : "MISSED");

/** Each day's mean commanded speed, km/h, "54/50/59". */
const speedsOf = (drive: PlanDrive) => drive.days.map((d) => fixed(d.meanKmh, 0)).join("/");

/** Each day's target as that day's first plan gave it, %, "45/30/5" ("–": no plan that day). */
const targetsOf = (r: EventResult) =>
  r.plan.firstPlans
    .map((days, d) => fixed(days?.find((p) => p.date === r.run.dates[d])?.targetSocPct ?? NaN, 0))
    .join("/");

/** The summary (per car and pooled), the per-event table and the RESULT line. */
export function eventReport(results: readonly EventResult[]): { text: string; result: string } {
  const cars = CAR_KINDS.filter((car) => results.some((r) => r.run.car === car));
  const groups: [string, readonly EventResult[]][] = [
    ...cars.map((car: CarKind): [string, EventResult[]] => [
      `${car} car`,
      results.filter((r) => r.run.car === car),
    ]),
    ...(cars.length > 1 ? [["both cars", results] as [string, readonly EventResult[]]] : []),
  ];
  const all = eventFigures(results);
  const summary = [
    "| runs | plan ÷ hindsight, mean (worst) | plan ÷ 10 % every evening, summed | end − stop level, points (min … max) | one plan update, p95 |",
    "|---|---|---|---|---|",
    ...groups.map(([name, rs]) => {
      const f = eventFigures(rs);
      return `| ${name} (${f.runs}) | ${fixed(f.vsHindsight, 3)} (${fixed(f.worst, 3)}) | ${fixed(f.vsTenPercent, 3)} | ${fixed(f.endAboveMin)} … ${fixed(f.endAboveMax)} | ${fixed(f.planMsP95)} ms |`;
    }),
    `| budget | mean ≥ ${BUDGET.vsHindsight}: ${holds(all.vsHindsight >= BUDGET.vsHindsight)} | ≥ ${BUDGET.vsTenPercent}: ${holds(all.vsTenPercent >= BUDGET.vsTenPercent)} | within ${BUDGET.endAbove[0]}…${BUDGET.endAbove[1]} every event: ${holds(all.endAboveMin >= BUDGET.endAbove[0] && all.endAboveMax <= BUDGET.endAbove[1])} | ≤ ${BUDGET.planMs} ms: ${holds(all.planMsP95 <= BUDGET.planMs)} |`,
  ].join("\n");
  const fastErrors = results.map((r) => r.hindsight.fastKm - eventKm(r.hindsight.days));
  const rows = [
    "| seed | car | weather, day by day | plan km | 10 % km | hindsight km (fast evaluator's) | hindsight km/h | plan's km/h (mean) | plan's targets, % (each day's first plan) | 10 % run's km/h | end − stop, points | s |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.run.seed} | ${r.run.car} | ${r.run.kinds.join(", ")} | ${fixed(eventKm(r.plan.days))} | ${fixed(eventKm(r.tenPercent.days))} | ${fixed(eventKm(r.hindsight.days))} (${fixed(r.hindsight.fastKm)}) | ${r.hindsight.kmh.join("/")} | ${speedsOf(r.plan)} | ${targetsOf(r)} | ${speedsOf(r.tenPercent)} | ${fixed(endAboveFloor(r))} | ${fixed(r.seconds, 0)} |`,
    ),
  ].join("\n");
  const meanAbs = fastErrors.reduce((s, e) => s + Math.abs(e), 0) / fastErrors.length;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  // What driving for real added to the fast search's optimum driven for real, km.
  const gains = results.map((r) => eventKm(r.hindsight.days) - r.hindsight.fastBest.km);
  const starts = HINDSIGHT_CANDIDATES.map(
    (c) => `${c} ${results.filter((r) => r.hindsight.start === c).length}`,
  ).join(", ");
  const notes = [
    `The hindsight plan: one constant speed a day on a 1 km/h grid, the most distance in the weather that came, as driven in the simulator (bench/strategyHindsight.ts). Candidates: the optimum of a search on a fast evaluator built from the simulator, the plan's and the 10 % run's daily mean speeds; from the best of them driven, up to 3 rounds of ±1 km/h a day, driven. The hindsight is the best distance driven. The fast evaluator's error against it: mean |error| ${fixed(meanAbs)} km, worst ${fixed(Math.max(...fastErrors.map(Math.abs)))} km over ${fastErrors.length} events.`,
    `Driving for real: the best candidate driven, events each: ${starts}. The hindsight beat the fast search's optimum driven by ${fixed(mean(gains))} km on average (most ${fixed(Math.max(...gains))} km; more than 0.05 km on ${gains.filter((g) => g > 0.05).length} of ${gains.length} events), with ${fixed(mean(results.map((r) => r.hindsight.drives)))} speed sets and ${fixed(mean(results.map((r) => r.hindsight.dayDrives)))} simulated days an event on average.`,
    "End − stop level: the state of charge at the event's end (the last day's 17:00) less the battery protection's stop level.",
  ].join("\n\n");
  const f = (x: number, d: number) => (Number.isFinite(x) ? x.toFixed(d) : "na");
  const result = `RESULT race_plan_events=${all.runs} event_distance_vs_hindsight=${f(all.vsHindsight, 3)} event_distance_worst=${f(all.worst, 3)} vs_ten_percent=${f(all.vsTenPercent, 3)} end_above_floor_max_pts=${f(all.endAboveMax, 1)} plan_ms_p95=${f(all.planMsP95, 1)}`;
  return { text: `${summary}\n\n${rows}\n\n${notes}`, result };
}
