// The range statistics channel: a range of the shown history and the fields
// to summarise over it, computed in the worker at full resolution (never from
// the plots' downsampled picture). Types only.
import type { FieldPath } from "./fields";

export interface RangeStatsRequest {
  fields: FieldPath[];
  /** Packet time (epoch seconds), inclusive. */
  from: number;
  to: number;
  /** Per field, the level whose "time above" is wanted (in the field's metric unit). */
  levels?: Record<FieldPath, number>;
  /** The zone a refusal writes its times in (IANA name: the window's); the worker's own clock when absent. */
  timeZone?: string;
}

/** One field over the range; null where it had no finite value. Values in the field's metric unit. */
export interface FieldRangeStats {
  path: FieldPath;
  label: string;
  unit: string;
  /** Rows with a finite value. */
  count: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  /** Population standard deviation of the samples. */
  std: number | null;
  first: number | null;
  last: number | null;
  /** last − first. */
  delta: number | null;
  /** Trapezoidal integral over time in value·hours (W → Wh); gaps are not bridged. */
  integralH: number | null;
  /**
   * Seconds the integral covers: the steps between consecutive finite samples
   * that are not gaps. A display unit with an offset (°C → °F) needs it to
   * convert the integral.
   */
  integralSeconds: number;
  /** Seconds the value spent above `levels[path]`; null when no level was given. */
  secondsAbove: number | null;
}

export type RangeStatsResult =
  | { ok: true; from: number; to: number; rows: number; fields: FieldRangeStats[] }
  | { ok: false; message: string };

export interface StatsApi {
  rangeStats(request: RangeStatsRequest): RangeStatsResult;
}
