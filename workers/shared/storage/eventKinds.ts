// What the store knows of session event kinds. It runs in the storage worker
// and knows no analysis: it checks what every record needs (a string kind, a
// finite time, a payload object) and the core's laps (the lap desk is no
// registered feature), keeps which kinds are one per time, and hands every
// other kind out as stored. A registered feature declares its own kinds with
// a zod schema (Feature.events), and the telemetry worker checks them with it
// before the feature is handed them (workers/telemetry/pipeline/declaredEvents.ts).
// Adding a kind needs no new store and no database version.
import type { SessionEvent } from "../../contract/events";
import type { Lap } from "../../contract/laps";

/** An event as stored in the "events" store, keyed [sessionId, kind, time, seq]. */
export interface EventRecord {
  sessionId: string;
  kind: string;
  /** Packet time, epoch seconds. */
  time: number;
  /** Orders events of one kind at one time, and keeps their keys apart. */
  seq: number;
  /** The event's fields other than kind and time. */
  payload: Record<string, unknown>;
}

interface EventKind {
  /** True when a payload read back is one this build can use (the store's own kinds). */
  check?(payload: Record<string, unknown>): boolean;
  /**
   * At most one event of this kind per time: a new one replaces the stored
   * one. A lap is known by its end time, and the backend's lap list repeats
   * laps already recorded.
   */
  onePerTime?: boolean;
}

const LAP_NUMBERS = [
  "endMs",
  "lapTime",
  "distance",
  "averageSpeed",
  "ampHours",
  "averagePackCurrent",
  "energyConsumed",
  "totalPowerIn",
  "totalPowerOut",
  "netPowerOut",
  "batterySecondsRemaining",
] as const;

/** A lap as this build stores it (what comes back may be damaged or older). */
export function isLap(value: unknown): value is Lap {
  if (typeof value !== "object" || value === null) return false;
  const lap = value as Partial<Lap>;
  return (
    typeof lap.rfid === "string" &&
    typeof lap.simulated === "boolean" &&
    (lap.averageMotorWattage === null || Number.isFinite(lap.averageMotorWattage)) &&
    LAP_NUMBERS.every((key) => Number.isFinite(lap[key]))
  );
}

/** A Map, not an object literal: a stored kind named "constructor" finds nothing. */
const KINDS = new Map<string, EventKind>([
  ["lap", { check: (payload) => isLap(payload.lap), onePerTime: true }],
  // Several alerts may start or end at one packet's time: all are kept (no entry).
  // The math channels' definitions (one set per time: a later one replaces it).
  ["mathChannels", { onePerTime: true }],
  // One strategy forecast a minute: a second one at the same time replaces the first.
  ["strategy", { onePerTime: true }],
]);

/** Whether an event can be a key: a string kind and a finite time (NaN would abort the write). */
export const isKeyable = (event: SessionEvent): boolean =>
  typeof event.kind === "string" && Number.isFinite(event.time);

export const isOnePerTime = (kind: string): boolean => KINDS.get(kind)?.onePerTime === true;

/** The stored record of an event (seq is chosen by the writer). */
export function toRecord(sessionId: string, event: SessionEvent, seq: number): EventRecord {
  const { kind, time, ...payload } = event;
  return { sessionId, kind, time, seq, payload };
}

/**
 * The event a stored record holds, or null when it is damaged (no string
 * kind, no finite time, no payload object) or its payload fails the store's
 * check of its kind (a lap's).
 */
export function fromRecord(value: unknown): SessionEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Partial<EventRecord>;
  const { kind, time, payload } = record;
  if (typeof kind !== "string" || !Number.isFinite(time)) return null;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  // Any other kind is kept as stored: a registered feature's schema checks it
  // where the telemetry worker hands it over (pipeline/declaredEvents.ts).
  const check = KINDS.get(kind)?.check;
  if (check && !check(payload)) return null;
  return { ...payload, kind, time: time as number };
}
