// How the lap table's analysis columns are shown: one column per sector (its
// time, the best of the column marked), our energy figures (Wh out of the
// pack, Wh in from the array, net Wh, Wh/km, average speed, GPS distance) in
// the unit setting, and ours beside the backend's where its lap record has
// figures. Pure, so unit tests cover every rule.
import type { AppUnits } from "../../../workers/contract/fields";
import type { LapEnergy, LapRow, LapTable } from "../../../workers/contract/lapAnalysis";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { formatLapTime, round2 } from "./lapFormat";

const NONE = "—";
const KM_PER_MI = 1.609344;

/** The row of each lap event's lap, by its end (ms): the table's Lap rows are joined on it. */
export function rowsByEnd(table: LapTable | null): Map<number, { row: LapRow; index: number }> {
  const out = new Map<number, { row: LapRow; index: number }>();
  table?.rows.forEach((row, index) => out.set(Math.round(row.span.end * 1000), { row, index }));
  return out;
}

/** Sector column headers: where each sector ends, in track order ("→ Hairpin", …, "→ Finish"). */
export function sectorTitles(table: LapTable | null): { title: string; hint: string }[] {
  const lines = table?.sectors ?? [];
  if (lines.length === 0) return [];
  const names = ["Finish", ...lines.map((l) => l.name), "Finish"];
  return names.slice(1).map((to, k) => ({
    title: `→ ${to}`,
    hint: `Sector ${k + 1}: from ${k === 0 ? "the finish line" : names[k]} to ${k === lines.length ? "the finish line" : to}`,
  }));
}

export function formatSector(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? NONE : formatLapTime(seconds);
}

interface EnergyColumn {
  id: string;
  title: string;
  unit: (units: AppUnits) => string;
  hint: string;
  value: (energy: LapEnergy, units: AppUnits) => number | null;
}

export const ENERGY_COLUMNS: readonly EnergyColumn[] = [
  {
    id: "packOutWh",
    title: "Wh out",
    unit: () => "Wh",
    hint: "Energy out of the pack over the lap: ∫ pack voltage × current (ours, from every packet).",
    value: (e) => e.packOutWh,
  },
  {
    id: "arrayInWh",
    title: "Wh in",
    unit: () => "Wh",
    hint: "Energy in from the solar array over the lap: ∫ MPPT power, all 8 channels.",
    value: (e) => e.arrayInWh,
  },
  {
    id: "netWh",
    title: "Net Wh",
    unit: () => "Wh",
    hint: "What the car used, whatever it came from: Wh out of the pack + Wh in from the array.",
    value: (e) => e.netWh,
  },
  {
    id: "whPerKm",
    title: "Net per distance",
    unit: (units) => (units === "imperial" ? "Wh/mi" : "Wh/km"),
    hint: "Net Wh per distance driven (GPS).",
    value: (e, units) =>
      e.whPerKm === null ? null : units === "imperial" ? e.whPerKm * KM_PER_MI : e.whPerKm,
  },
  {
    id: "averageSpeed",
    title: "Avg speed",
    unit: (units) => displayUnit("km/h", units),
    hint: "GPS distance ÷ lap time.",
    value: (e, units) => toDisplay(e.averageSpeedKmh, "km/h", units),
  },
  {
    id: "gpsDistance",
    title: "GPS distance",
    unit: (units) => displayUnit("km", units),
    hint: "Distance along the GPS track over the lap (a jump over 1 km is a glitch, not counted).",
    value: (e, units) => toDisplay(e.distanceKm, "km", units),
  },
];

/** A lap's (or a compared lap's) energy figure; "–" without energy. */
export function formatEnergyCell(
  energy: LapEnergy | null | undefined,
  column: EnergyColumn,
  units: AppUnits,
): string {
  const v = energy ? column.value(energy, units) : null;
  return v === null || !Number.isFinite(v) ? NONE : round2(v);
}

/**
 * Ours against the backend's pack energy for the lap: its EnergyConsumed is
 * in − out (J), so what the pack gave is its negative. Null without figures.
 */
export function backendCheck(row: LapRow | undefined): { text: string; hint: string } | null {
  if (!row?.backend || !row.energy) return null;
  const theirs = -row.backend.energyWh;
  const ours = row.energy.packOutWh;
  const diff = ours - theirs;
  const sign = diff > 0 ? "+" : diff < 0 ? "−" : "±";
  return {
    text: `${sign}${round2(Math.abs(diff))}`,
    hint: `Ours ${round2(ours)} Wh out of the pack; the backend's ${round2(theirs)} Wh (its EnergyConsumed, sign turned; ${round2(row.backend.ampHours)} Ah, ${round2(row.backend.averagePackCurrent)} A average).`,
  };
}

/** "out-lap" etc. with why, for the flag tag. */
export function flagText(row: LapRow | undefined): { text: string; hint: string } | null {
  if (!row || row.span.flags.length === 0) return null;
  return {
    text: row.span.flags.join(", "),
    hint: `Not counted for best: ${row.span.flagReason}`,
  };
}

/** One row of the sector table: a sector's best and typical time and energy, over the laps that count. */
interface SectorTableRow {
  title: string;
  hint: string;
  best: string;
  mean: string;
  /** The energy columns (as the lap table's), each the mean over the counting laps that crossed the sector. */
  energy: string[];
}

/** The sector table: one row per sector in track order; empty without sector lines. */
export function sectorTableRows(table: LapTable | null, units: AppUnits): SectorTableRow[] {
  if (!table) return [];
  const counting = table.rows.filter((r) => r.span.flags.length === 0);
  return sectorTitles(table).map(({ title, hint }, k) => {
    const bestRow = table.bestSector[k];
    const best = bestRow === null || bestRow === undefined ? undefined : table.rows[bestRow];
    const times = counting.map((r) => r.sectorS[k]).filter((s): s is number => s != null);
    const energies = counting
      .map((r) => r.sectorEnergy[k])
      .filter((e): e is LapEnergy => e != null);
    return {
      title,
      hint,
      best: best ? `${formatSector(best.sectorS[k])} (lap ${best.span.number})` : NONE,
      mean: times.length > 0 ? formatLapTime(mean(times)) : NONE,
      energy: ENERGY_COLUMNS.map((column) => {
        const values = energies
          .map((e) => column.value(e, units))
          .filter((v): v is number => v !== null && Number.isFinite(v));
        return values.length > 0 ? round2(mean(values)) : NONE;
      }),
    };
  });
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
