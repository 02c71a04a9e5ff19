// What happens during a session (a lap, later an alert, a forecast, a sector
// time), as the ingest pipeline's stages emit it and as it is recorded with
// the session and read back for a replay. One shape for every kind, so a new
// analysis adds a kind, never a store or a database version
// (docs/architecture.md "Session events").
import type { AlertEventPayload } from "./alerts";
import type { Lap } from "./laps";

/**
 * One event: its kind, when it happened on the data's clock (packet time,
 * epoch seconds) and its own fields. Any object with `kind` and `time` is one;
 * its other fields are the payload, stored as they are (structured clone) and
 * checked per kind when read back: a lap by the store
 * (workers/shared/storage/eventKinds.ts), a feature's kinds with the zod schema
 * it declares (Feature.events, workers/telemetry/pipeline/declaredEvents.ts).
 */
export interface SessionEvent {
  readonly kind: string;
  readonly time: number;
}

/** A lap of the session; `time` is its end (lap.endMs / 1000). */
export interface LapEvent extends SessionEvent {
  readonly kind: "lap";
  readonly lap: Lap;
}

/**
 * An alert of the live history started or ended (`time`: when, packet time;
 * a link's alert, wall time). Its fields are the alerts stage's payload, so
 * the log is rebuilt from these as it was built live.
 */
export interface AlertEvent extends SessionEvent, AlertEventPayload {
  readonly kind: "alert";
}

/** Which alert an acknowledgement names: its rule and start (a log's seq does not outlive a reload). */
export interface AlertKey {
  ruleId: string;
  start: number;
}

/** Alerts acknowledged by the user (`time`: the newest packet's then). */
export interface AlertAckEvent extends SessionEvent {
  readonly kind: "alertAck";
  readonly alerts: readonly AlertKey[];
}

/** Which events of a session to read: kinds (all when absent), times inclusive. */
export interface EventQuery {
  kinds?: readonly string[];
  /** Packet time, epoch seconds. */
  from?: number;
  to?: number;
}

/** Events read back, oldest first, and how many stored records failed their checks. */
export interface EventsRead {
  events: SessionEvent[];
  dropped: number;
}
