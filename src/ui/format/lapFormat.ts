// How laps are shown: columns with units (converted for imperial), 2 decimals,
// m:ss.ss lap times, en-US dates, driver names, the best lap and the totals.
// Pure, so unit tests cover every rule.
import type { AppUnits } from "../../../workers/contract/fields";
import type { Lap } from "../../../workers/contract/laps";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { formatDateTime } from "./dateTime";

export type LapKey = Exclude<keyof Lap, "rfid" | "simulated">;

export interface LapColumn {
  key: LapKey;
  title: string;
  /** Metric unit of the value ("" = none). */
  unit: string;
  /** Summed in the totals row (else averaged or left empty). */
  total: "sum" | "mean" | null;
}

export const LAP_COLUMNS: readonly LapColumn[] = [
  { key: "endMs", title: "Finished", unit: "", total: null },
  { key: "lapTime", title: "Lap time", unit: "", total: "sum" },
  { key: "distance", title: "Distance", unit: "km", total: "sum" },
  { key: "averageSpeed", title: "Avg speed", unit: "km/h", total: "mean" },
  { key: "ampHours", title: "Amp hours", unit: "Ah", total: "sum" },
  { key: "averagePackCurrent", title: "Avg pack current", unit: "A", total: "mean" },
  { key: "energyConsumed", title: "Energy used", unit: "kWh", total: "sum" },
  { key: "totalPowerIn", title: "Power in", unit: "W", total: "mean" },
  { key: "totalPowerOut", title: "Power out", unit: "W", total: "mean" },
  { key: "netPowerOut", title: "Net power out", unit: "W", total: "mean" },
  { key: "averageMotorWattage", title: "Avg motor power", unit: "W", total: "mean" },
  { key: "batterySecondsRemaining", title: "Battery left", unit: "s", total: null },
];

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

export function formatLapDate(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? formatDateTime(ms / 1000) : "—";
}

export function columnUnit(column: LapColumn, units: AppUnits): string {
  return column.unit === "" ? "" : displayUnit(column.unit, units);
}

/** A cell's text in the chosen units. */
export function formatCell(lap: Lap, column: LapColumn, units: AppUnits): string {
  const value = lap[column.key];
  if (value === null) return "—";
  if (column.key === "endMs") return formatLapDate(value);
  if (column.key === "lapTime") return formatLapTime(value);
  return round2(toDisplay(value, column.unit, units));
}

export function driverName(rfid: string, drivers: Readonly<Record<string, string>>): string {
  return drivers[rfid] ?? rfid;
}

export type SortDirection = "asc" | "desc";

export function sortLaps(laps: readonly Lap[], key: LapKey, direction: SortDirection): Lap[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...laps].sort((a, b) => {
    const x = a[key] ?? -Infinity;
    const y = b[key] ?? -Infinity;
    return x === y ? a.endMs - b.endMs : x < y ? -sign : sign;
  });
}

/** The fastest lap (smallest positive lap time); null when none. */
export function bestLap(laps: readonly Lap[]): Lap | null {
  let best: Lap | null = null;
  for (const lap of laps) if (lap.lapTime > 0 && (!best || lap.lapTime < best.lapTime)) best = lap;
  return best;
}

/** The totals row: sums, or means where a sum means nothing (speeds, powers). */
export function totals(laps: readonly Lap[]): Partial<Record<LapKey, number>> {
  const out: Partial<Record<LapKey, number>> = {};
  for (const column of LAP_COLUMNS) {
    if (!column.total) continue;
    const values = laps.map((lap) => lap[column.key]).filter((v): v is number => v !== null);
    if (values.length === 0) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    out[column.key] = column.total === "sum" ? sum : sum / values.length;
  }
  return out;
}

/** The lap's packet-time window (epoch seconds): it ended at endMs and lasted lapTime. */
export function lapWindow(lap: Lap): { from: number; to: number } {
  const to = lap.endMs / 1000;
  return { from: to - Math.max(1, lap.lapTime), to };
}
