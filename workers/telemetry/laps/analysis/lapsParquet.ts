// A session's recorded laps as a Parquet table, the laps' part of a season's
// dataset (season/SeasonExport.ts): start and end in epoch seconds, so a
// query joins them to the telemetry's TimeStamp, then the lap record's own
// figures as the backend (or the demo car) gave them, columns snake_case.
import { parquetWriteBuffer, type ColumnSource } from "hyparquet-writer";
import type { Lap } from "../../../contract/laps";

export function lapsParquet(laps: readonly Lap[]): Uint8Array {
  const sorted = [...laps].sort((a, b) => a.endMs - b.endMs);
  const number = (name: string, pick: (lap: Lap) => number | null): ColumnSource => ({
    name,
    type: "DOUBLE",
    data: sorted.map(pick),
    nullable: sorted.some((lap) => pick(lap) === null),
  });
  const columnData: ColumnSource[] = [
    { name: "lap", type: "INT32", data: sorted.map((_, i) => i + 1), nullable: false },
    { name: "rfid", type: "STRING", data: sorted.map((lap) => lap.rfid), nullable: false },
    number("start_epoch_s", (lap) => lap.endMs / 1000 - lap.lapTime),
    number("end_epoch_s", (lap) => lap.endMs / 1000),
    number("lap_time_s", (lap) => lap.lapTime),
    number("distance", (lap) => lap.distance),
    number("average_speed", (lap) => lap.averageSpeed),
    number("amp_hours", (lap) => lap.ampHours),
    number("average_pack_current", (lap) => lap.averagePackCurrent),
    number("energy_consumed", (lap) => lap.energyConsumed),
    number("total_power_in", (lap) => lap.totalPowerIn),
    number("total_power_out", (lap) => lap.totalPowerOut),
    number("net_power_out", (lap) => lap.netPowerOut),
    number("battery_seconds_remaining", (lap) => lap.batterySecondsRemaining),
    number("average_motor_wattage", (lap) => lap.averageMotorWattage),
    {
      name: "simulated",
      type: "BOOLEAN",
      data: sorted.map((lap) => lap.simulated),
      nullable: false,
    },
  ];
  return new Uint8Array(parquetWriteBuffer({ columnData }));
}
