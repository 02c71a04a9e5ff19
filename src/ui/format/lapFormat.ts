// How laps are shown: the lap figures of workers/shared/lapFigures.ts (what
// each means, its unit, how it totals) with units converted for imperial,
// 2 decimals, m:ss.ss lap times, h:mm battery time, en-US dates, driver
// names, the best lap and the totals row. Pure, so unit tests cover every rule.
import type { AppUnits } from "../../../workers/contract/fields";
import type { Lap } from "../../../workers/contract/laps";
import {
  LAP_FIGURES,
  lapTotals,
  type LapFigure,
  type LapTotal,
} from "../../../workers/shared/lapFigures";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { formatDateTime, zoneShortName } from "./dateTime";

type LapColumn = LapFigure;

/** The end time first, then every lap figure. */
const FINISHED: LapColumn = {
  id: "endMs",
  title: "Finished",
  unit: "",
  hint: "When the lap ended.",
  value: (lap) => lap.endMs,
  total: null,
};

export const LAP_COLUMNS: readonly LapColumn[] = [FINISHED, ...LAP_FIGURES];

export const round2 = (n: number): string =>
  (Math.round(n * 100) / 100).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/** 183.456 s → "3:03.46" (negative or non-finite → "—"). */
export function formatLapTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  const hundredths = Math.round(seconds * 100);
  const minutes = Math.floor(hundredths / 6000);
  const rest = (hundredths - minutes * 6000) / 100;
  return `${minutes}:${rest.toFixed(2).padStart(5, "0")}`;
}

/** 22,901.13 s → "6:21" (whole minutes left; negative or non-finite → "—"). */
function formatHoursMinutes(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

export function formatLapDate(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? formatDateTime(ms / 1000) : "—";
}

/**
 * The unit in a column's header (none for m:ss.ss lap times, "h:mm" for the
 * battery time); for the end time, the zone times are shown in ("CST").
 */
export function columnUnit(column: LapColumn, units: AppUnits): string {
  if (column.id === "endMs") return zoneShortName();
  if (column.id === "lapTime") return "";
  if (column.id === "batterySecondsRemaining") return "h:mm";
  return column.unit === "" ? "" : displayUnit(column.unit, units);
}

/** A cell's text in the chosen units. */
export function formatCell(lap: Lap, column: LapColumn, units: AppUnits): string {
  const value = column.value(lap);
  if (value === null) return "—";
  if (column.id === "endMs") return formatLapDate(value);
  if (column.id === "lapTime") return formatLapTime(value);
  if (column.id === "batterySecondsRemaining") return formatHoursMinutes(value);
  return round2(toDisplay(value, column.unit, units));
}

/** A cell's hover text: the exact seconds behind an h:mm battery time; else none. */
export function cellHint(lap: Lap, column: LapColumn): string | undefined {
  if (column.id !== "batterySecondsRemaining") return undefined;
  const value = column.value(lap);
  return value === null ? "The backend could not tell" : `${round2(value)} s`;
}

export function driverName(rfid: string, drivers: Readonly<Record<string, string>>): string {
  return drivers[rfid] ?? rfid;
}

export type SortDirection = "asc" | "desc";

/** Laps sorted by a column (id); laps without the value come first when ascending. */
export function sortLaps(laps: readonly Lap[], id: string, direction: SortDirection): Lap[] {
  const column = LAP_COLUMNS.find((c) => c.id === id) ?? FINISHED;
  const sign = direction === "asc" ? 1 : -1;
  return [...laps].sort((a, b) => {
    const x = column.value(a) ?? -Infinity;
    const y = column.value(b) ?? -Infinity;
    return x === y ? a.endMs - b.endMs : x < y ? -sign : sign;
  });
}

/** The fastest lap (smallest positive lap time); null when none. */
export function bestLap(laps: readonly Lap[]): Lap | null {
  let best: Lap | null = null;
  for (const lap of laps) if (lap.lapTime > 0 && (!best || lap.lapTime < best.lapTime)) best = lap;
  return best;
}

/** The totals row per column id: sums, means, levels (first → last), the overall speed. */
export function totals(laps: readonly Lap[]): Record<string, LapTotal> {
  return lapTotals(laps);
}

/** A totals-row cell's text: "avg" for means, "first → last" for a level. */
export function formatTotal(
  column: LapColumn,
  total: LapTotal | undefined,
  units: AppUnits,
): string {
  if (!total) return "";
  const show = (n: number) => round2(toDisplay(n, column.unit, units));
  if (total.kind === "level") {
    const change = total.last - total.first;
    const signed = `${change < 0 ? "−" : "+"}${show(Math.abs(change))}`;
    return `${show(total.first)} → ${show(total.last)} (${signed})`;
  }
  if (column.id === "lapTime") return formatLapTime(total.value);
  if (total.kind === "mean") return `avg ${show(total.value)}`;
  if (total.kind === "rate") return `overall ${show(total.value)}`;
  return show(total.value);
}

/** The lap's packet-time window (epoch seconds): it ended at endMs and lasted lapTime. */
export function lapWindow(lap: Lap): { from: number; to: number } {
  const to = lap.endMs / 1000;
  return { from: to - Math.max(1, lap.lapTime), to };
}
