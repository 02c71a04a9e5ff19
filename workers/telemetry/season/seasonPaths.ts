// Where each file of a season's dataset goes: Hive-style partitions, so
// DuckDB, Polars and Spark read `date` and `session` as columns. Each table
// has its own folder (telemetry/, laps/, notes/), so one glob reads one table.
import type { SessionInfo } from "../../contract/sessions";
import { isoDay, wallClockAt, type ShownZone } from "../../shared/dateTime";

/** The folder of the telemetry rows; each feature's table has its own (Feature.seasonTable). */
export const TELEMETRY_TABLE = "telemetry";

/** A session id as a path segment (ids are base 36 and "-"; anything else becomes "_"). */
const segment = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, "_");

/**
 * `date=YYYY-MM-DD/session=<id>`: the day of the session's first packet in
 * `zone` (the zone times are shown in: the race day as the crew names it).
 */
export function partitionOf(session: SessionInfo, zone: ShownZone): string {
  const clock = wallClockAt(session.firstPacketTime, zone) ?? wallClockAt(0, "UTC")!;
  return `date=${isoDay(clock)}/session=${segment(session.id)}`;
}

/** `<table>/date=…/session=…/part-<n>.parquet`. */
export function partPath(table: string, partition: string, part: number): string {
  return `${table}/${partition}/part-${part}.parquet`;
}
