// The lap table as the Laps tab shows it, as CSV text (the spec's export
// helper): number, driver, end time, then every lap figure.
import type { LapFetchResult } from "../../contract/laps";
import { objectsToCsv } from "../csv/flatten";

export function lapsCsv({ laps, drivers }: LapFetchResult): string {
  return objectsToCsv(
    laps.map((lap, index) => ({
      lap: index + 1,
      driver: Object.hasOwn(drivers, lap.rfid) ? drivers[lap.rfid] : lap.rfid,
      ...lap,
      end: new Date(lap.endMs).toISOString(),
    })),
  );
}
