// What happens during a session (a lap, later an alert, a forecast, a sector
// time), as the ingest pipeline's stages emit it and as it is recorded with
// the session and read back for a replay. One shape for every kind, so a new
// analysis adds a kind, never a store or a database version
// (docs/architecture.md "Session events").
import type { Lap } from "./laps";

/**
 * One event: its kind, when it happened on the data's clock (packet time,
 * epoch seconds) and its own fields. Any object with `kind` and `time` is one;
 * its other fields are the payload, stored as they are (structured clone) and
 * checked per kind when read back (workers/shared/storage/eventKinds.ts).
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
