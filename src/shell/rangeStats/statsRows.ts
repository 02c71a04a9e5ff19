// The statistics table as shown (pure, tested): the worker's metric figures
// converted to the chosen units, the level typed in the shown unit read back
// to metric, and the table as TSV for the clipboard.
import type { AppUnits, FieldPath } from "../../../workers/contract/fields";
import type { FieldRangeStats } from "../../../workers/contract/stats";
import { displayConversion, displayUnit } from "../../../workers/shared/units";
import { formatSpan } from "../../ui/format/historyFormat";
import { formatNumber, NO_VALUE, unitDigits } from "../../ui/format/formatNumber";

export const STAT_COLUMNS = [
  { id: "min", title: "Min" },
  { id: "max", title: "Max" },
  { id: "mean", title: "Mean" },
  { id: "std", title: "Std dev" },
  { id: "first", title: "First" },
  { id: "last", title: "Last" },
  { id: "delta", title: "Δ" },
  { id: "integral", title: "Integral" },
  { id: "above", title: "Time above" },
] as const;

type StatColumn = (typeof STAT_COLUMNS)[number]["id"];

export interface StatsRow {
  path: FieldPath;
  label: string;
  /** The unit the values are shown in. */
  unit: string;
  /** Samples with a value in the range. */
  count: number;
  cells: Record<StatColumn, string>;
  /** The integral's figure and unit apart, and the time above in seconds, for the TSV. */
  integral: string;
  integralUnit: string;
  secondsAbove: string;
}

/** A value·hours unit as people write it: W → Wh, A → Ah, km/h → km, a flag → h (hours on). */
export function integralUnit(unit: string): string {
  if (unit === "") return "h";
  if (unit === "W" || unit === "kW" || unit === "A" || unit === "mA") return `${unit}h`;
  if (unit === "km/h") return "km";
  if (unit === "mph") return "mi";
  return `${unit}·h`;
}

/** Time above a level: seconds with decimals while short, else minutes or hours. */
function formatSecondsAbove(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return NO_VALUE;
  return seconds < 120 ? `${formatNumber(seconds)} s` : formatSpan(seconds);
}

/** One field's figures in the shown units. */
export function statsRow(stats: FieldRangeStats, units: AppUnits): StatsRow {
  const c = displayConversion(stats.unit, units);
  const scale = c?.scale ?? 1;
  const offset = c?.offset ?? 0;
  const digits = unitDigits(stats.unit);
  // Levels (min, mean, …) convert whole; spreads and differences only scale (°C → °F: ×9/5, no +32).
  const level = (v: number | null) => formatNumber(v === null ? null : v * scale + offset, digits);
  const spread = (v: number | null) => formatNumber(v === null ? null : v * scale, digits);
  // ∫(a·v + b) dt = a·∫v dt + b·(hours covered).
  const integral =
    stats.integralH === null
      ? null
      : stats.integralH * scale + (offset * stats.integralSeconds) / 3600;
  const unit = displayUnit(stats.unit, units);
  const integralText = formatNumber(integral);
  return {
    path: stats.path,
    label: stats.label,
    unit,
    count: stats.count,
    cells: {
      min: level(stats.min),
      max: level(stats.max),
      mean: level(stats.mean),
      std: spread(stats.std),
      first: level(stats.first),
      last: level(stats.last),
      delta: spread(stats.delta),
      integral: integral === null ? NO_VALUE : `${integralText} ${integralUnit(unit)}`,
      above: formatSecondsAbove(stats.secondsAbove),
    },
    integral: integralText,
    integralUnit: integralUnit(unit),
    secondsAbove: formatNumber(stats.secondsAbove),
  };
}

/**
 * A level typed in the shown unit as the metric value the worker compares
 * with; undefined when empty (no level), null when it is not a number.
 */
export function levelToMetric(
  text: string,
  metricUnit: string,
  units: AppUnits,
): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  const c = displayConversion(metricUnit, units);
  return c ? (value - c.offset) / c.scale : value;
}

/** The table as tab-separated text with a header row (what a spreadsheet pastes as cells). */
export function statsTsv(
  rows: readonly StatsRow[],
  levels: Readonly<Record<FieldPath, string>>,
): string {
  const clean = (text: string) => (text === NO_VALUE ? "" : text.replace(/[\t\r\n]/g, " "));
  const figures = STAT_COLUMNS.slice(0, 7);
  const header = [
    "Series",
    "Unit",
    "Samples",
    ...figures.map((c) => c.title),
    "Integral",
    "Integral unit",
    "Level",
    "Time above (s)",
  ];
  const lines = rows.map((row) =>
    [
      row.label,
      row.unit,
      String(row.count),
      ...figures.map((c) => row.cells[c.id]),
      row.integral,
      row.integralUnit,
      levels[row.path]?.trim() ?? "",
      row.secondsAbove,
    ].map(clean),
  );
  return [header, ...lines].map((cells) => cells.join("\t")).join("\n") + "\n";
}
