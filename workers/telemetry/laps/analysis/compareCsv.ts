// The comparison as a distance-based CSV: one row per grid point; the
// distance, then per lap its elapsed time, its delta to the reference and one
// column per field, under headers a person reads ("Lap 3 · 3:41.2 · Alice:
// Speed (km/h)"), in the units the compare view shows.
import type { LapCompareResult } from "../../../contract/lapAnalysis";
import { decimalsFor, formatRounded, headerLine } from "../../csv/csvCells";

type Compared = Extract<LapCompareResult, { ok: true }>;

export function compareCsvText(result: Compared): string {
  const header = [`Distance (${result.distanceUnit})`];
  const columns: { values: Float64Array; decimals: number }[] = [];
  const reference = result.laps[result.referenceIndex]!.label;
  for (const lap of result.laps) {
    header.push(`${lap.label}: Elapsed (s)`, `${lap.label}: Delta to ${reference} (s)`);
    columns.push({ values: lap.elapsedS, decimals: 3 }, { values: lap.deltaS, decimals: 3 });
    result.fields.forEach((field, f) => {
      header.push(`${lap.label}: ${field.label}${field.unit ? ` (${field.unit})` : ""}`);
      columns.push({ values: lap.values[f]!, decimals: decimalsFor(field.unit) });
    });
  }
  const lines = [headerLine(header)];
  for (let k = 0; k < result.distance.length; k++) {
    const cells = [formatRounded(result.distance[k]!, 2)];
    for (const column of columns) cells.push(formatRounded(column.values[k]!, column.decimals));
    lines.push(cells.join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

/** "laps-compare-2026-11-26T14-03-00Z.csv", from the reference lap's start. */
export function compareFileName(result: Compared): string {
  const start = result.laps[result.referenceIndex]!.key.start;
  const date = new Date(start * 1000);
  const stamp = Number.isNaN(date.getTime())
    ? "laps"
    : date.toISOString().slice(0, 19).replaceAll(":", "-");
  return `laps-compare-${stamp}Z.csv`;
}
