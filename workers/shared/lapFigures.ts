// Shared code, beside the contract: what each lap figure means, in one table
// that the Laps tab and the lap CSV export both read, so a column is named,
// converted and totalled the same way wherever it appears. The team's server
// defines the figures (PROTOCOL.md "Lap record figures", both generations;
// the demo car follows it):
// - EnergyConsumed is joules: lap time (s) × NetPowerOut, and NetPowerOut is
//   power in − power out, so a lap that drew on the pack is negative. Shown as
//   "Energy used" in Wh with the sign turned: what the pack gave.
// - AmpHours is the pack's amp-hour reading at the lap's end: a level. Its
//   total is first → last, never a sum.
// - AverageSpeed is the mean of (motor 0 rpm + motor 1 rpm) / 2: shown under
//   the server's name, with distance ÷ lap time beside it as the speed.
import type { Lap } from "../contract/laps";

/**
 * How a figure totals over several laps: added up, averaged, a level read
 * first → last (in time order), or (the speed) total distance ÷ total time.
 */
type LapTotalKind = "sum" | "mean" | "level" | "rate" | null;

export interface LapFigure {
  /** Stable id (the table's data-col, the sort key). */
  id: string;
  title: string;
  /** Metric unit of `value` ("" = none; the UI converts km and km/h for imperial). */
  unit: string;
  /** What the figure means, for the column header's hover text. */
  hint: string;
  /** The figure in `unit`; null when the lap does not carry it. */
  value(lap: Lap): number | null;
  total: LapTotalKind;
}

const J_PER_WH = 3600;

/** Distance ÷ lap time, km/h; null for a lap without a positive time. */
function lapSpeedKmh(lap: Lap): number | null {
  return lap.lapTime > 0 ? (lap.distance / lap.lapTime) * 3600 : null;
}

/** What the pack gave during the lap, Wh (the server's EnergyConsumed, J, sign turned). */
function lapEnergyUsedWh(lap: Lap): number {
  return -lap.energyConsumed / J_PER_WH;
}

/** The server sends −1 when it cannot tell (no current): no value then. */
function secondsLeft(lap: Lap): number | null {
  return lap.batterySecondsRemaining >= 0 ? lap.batterySecondsRemaining : null;
}

export const LAP_FIGURES: readonly LapFigure[] = [
  {
    id: "lapTime",
    title: "Lap time",
    unit: "s",
    hint: "From the lap's first packet to its last.",
    value: (lap) => lap.lapTime,
    total: "sum",
  },
  {
    id: "distance",
    title: "Distance",
    unit: "km",
    hint: "The motors' odometers over the lap.",
    value: (lap) => lap.distance,
    total: "sum",
  },
  {
    id: "speed",
    title: "Avg speed",
    unit: "km/h",
    hint: "Distance ÷ lap time.",
    value: lapSpeedKmh,
    total: "rate",
  },
  {
    id: "averageSpeed",
    title: "Server avg speed (rpm-based)",
    unit: "",
    hint: "The backend's AverageSpeed: the lap's mean of (motor 0 rpm + motor 1 rpm) / 2. Not km/h.",
    value: (lap) => lap.averageSpeed,
    total: "mean",
  },
  {
    id: "ampHours",
    title: "Pack Ah at lap end",
    unit: "Ah",
    hint: "The pack's amp-hour reading when the lap ended (a level, not the lap's use). The totals show the first and last reading.",
    value: (lap) => lap.ampHours,
    total: "level",
  },
  {
    id: "averagePackCurrent",
    title: "Avg pack current",
    unit: "A",
    hint: "Mean pack current over the lap.",
    value: (lap) => lap.averagePackCurrent,
    total: "mean",
  },
  {
    id: "energyUsed",
    title: "Energy used",
    unit: "Wh",
    hint: "Energy the pack gave during the lap: the backend's EnergyConsumed (J = lap time × net power in − out) with the sign turned. Negative: the lap charged the pack.",
    value: lapEnergyUsedWh,
    total: "sum",
  },
  {
    id: "totalPowerIn",
    title: "Power in",
    unit: "W",
    hint: "Mean solar array and regen power.",
    value: (lap) => lap.totalPowerIn,
    total: "mean",
  },
  {
    id: "totalPowerOut",
    title: "Power out",
    unit: "W",
    hint: "Mean power drawn.",
    value: (lap) => lap.totalPowerOut,
    total: "mean",
  },
  {
    id: "netPowerOut",
    title: "Net power in − out",
    unit: "W",
    hint: "The backend's NetPowerOut: power in − power out, negative while the car draws on the pack.",
    value: (lap) => lap.netPowerOut,
    total: "mean",
  },
  {
    id: "averageMotorWattage",
    title: "Avg motor power",
    unit: "W",
    hint: "Only 2026-06 backends send it.",
    value: (lap) => lap.averageMotorWattage,
    total: "mean",
  },
  {
    id: "batterySecondsRemaining",
    title: "Battery left",
    unit: "s",
    hint: "Time until the pack is empty (or full) at the lap's mean current.",
    value: secondsLeft,
    total: null,
  },
];

/** A totals-row entry: a number, or a level's first and last reading. */
export type LapTotal =
  { kind: "sum" | "mean" | "rate"; value: number } | { kind: "level"; first: number; last: number };

/** The totals of `laps` per figure id (figures without a total, or without values, absent). */
export function lapTotals(laps: readonly Lap[]): Record<string, LapTotal> {
  const out: Record<string, LapTotal> = {};
  const inTime = [...laps].sort((a, b) => a.endMs - b.endMs);
  for (const figure of LAP_FIGURES) {
    if (!figure.total) continue;
    const values = inTime.map(figure.value).filter((v): v is number => v !== null);
    if (values.length === 0) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    if (figure.total === "level")
      out[figure.id] = { kind: "level", first: values[0]!, last: values.at(-1)! };
    else if (figure.total === "rate") {
      const time = laps.reduce((t, lap) => t + (lap.lapTime > 0 ? lap.lapTime : 0), 0);
      const distance = laps.reduce((d, lap) => d + (lap.lapTime > 0 ? lap.distance : 0), 0);
      if (time > 0) out[figure.id] = { kind: "rate", value: (distance / time) * 3600 };
    } else
      out[figure.id] = {
        kind: figure.total,
        value: figure.total === "sum" ? sum : sum / values.length,
      };
  }
  return out;
}
