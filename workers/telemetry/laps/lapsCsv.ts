// The lap table as the Laps tab shows it, as CSV text (the spec's export
// helper): number, driver, end time, then every lap figure under the same
// title and unit as the table's (workers/shared/lapFigures.ts), in metric
// units and unrounded. A figure the lap does not carry is an empty cell.
import type { LapFetchResult } from "../../contract/laps";
import { LAP_FIGURES } from "../../shared/lapFigures";
import { objectsToCsv } from "../csv/flatten";

const header = (title: string, unit: string) => (unit ? `${title} (${unit})` : title);

/** A time outside what a Date holds is an empty cell, not a thrown RangeError. */
function isoOrNull(ms: number): string | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function lapsCsv({ laps, drivers }: LapFetchResult): string {
  return objectsToCsv(
    laps.map((lap, index) => {
      const row: Record<string, string | number | boolean | null> = {
        Lap: index + 1,
        Driver: Object.hasOwn(drivers, lap.rfid) ? drivers[lap.rfid]! : lap.rfid,
        RFID: lap.rfid,
        "Finished (ISO 8601)": isoOrNull(lap.endMs),
      };
      for (const figure of LAP_FIGURES) row[header(figure.title, figure.unit)] = figure.value(lap);
      row.Simulated = lap.simulated;
      return row;
    }),
  );
}
