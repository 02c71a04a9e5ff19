import type { AlertsSummary } from "./alerts";
import type { BackendState, ConnectionState, Counters, GeoState } from "./connection";
import type { FieldPath, FieldValue } from "./fields";
import type { PlaybackState, RecordingState } from "./sessions";
import type { MathSummary } from "./math";
import type { StrategyRecord } from "./strategy";
import type { WindowsState } from "./windows";

export interface Snapshot {
  /** Increases with every accepted packet; pass it back as `sinceSeq`. */
  seq: number;
  /** The history shown has no packet yet: the UI shows no values (it drops any it had). */
  empty: boolean;
  /** Latest value of every field that changed after `sinceSeq` (all fields when sinceSeq is 0). */
  changed: Record<FieldPath, FieldValue>;
  connection: ConnectionState;
  counters: Counters;
  geo: GeoState;
  backend: BackendState;
  playback: PlaybackState;
  recording: RecordingState;
  /** The shown history's alerts in brief (live, or this window's replay). */
  alerts: AlertsSummary;
  /** The math channels in brief: a new version means a new field catalog. */
  math: MathSummary;
  /** The shown history's latest forecast in brief (the Overview's card); null before the first. */
  strategy: StrategyRecord | null;
  /** Where the core runs, how many windows share it and who records (issue 38). */
  windows: WindowsState;
  /**
   * The parts of registered analyses that the contract names no field for,
   * by feature id (a feature declares its part: Feature.snapshot). Absent
   * when no such feature is registered.
   */
  features?: Record<string, unknown>;
}
