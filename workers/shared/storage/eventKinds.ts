// The kinds of session event this build knows, each with the check its
// payload must pass when read back from IndexedDB (what comes back may be
// damaged, or written by another build). Adding a kind (a forecast, a sector
// time) is one entry here and its type in workers/contract/events.ts:
// no new store, no database version.
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
  /** True when a payload read back is one this build can use. */
  check(payload: Record<string, unknown>): boolean;
  /**
   * At most one event of this kind per time: a new one replaces the stored
   * one. A lap is known by its end time, and the backend's lap list repeats
   * laps already recorded.
   */
  onePerTime?: boolean;
}

const SEVERITIES = new Set(["info", "warning", "critical"]);

/** An alert's start or end as this build stores it (what the alerts stage emits). */
function isAlertPayload(p: Record<string, unknown>): boolean {
  const texts = ["ruleId", "subject", "label", "unit", "template"] as const;
  // value, peak and limit may be NaN (no limit, an unknown value): numbers all the same.
  const numbers = ["value", "peak", "limit", "mask"] as const;
  const { bitNames, end } = p;
  return (
    (p.phase === "start" || p.phase === "end") &&
    texts.every((key) => typeof p[key] === "string") &&
    numbers.every((key) => typeof p[key] === "number") &&
    SEVERITIES.has(p.severity as string) &&
    Number.isFinite(p.start) &&
    (p.phase === "start" ? end === null : Number.isFinite(end)) &&
    (bitNames === null || (Array.isArray(bitNames) && bitNames.every((n) => typeof n === "string")))
  );
}

/** An acknowledgement: the alerts it names, each by rule and start. */
function isAlertAck(p: Record<string, unknown>): boolean {
  const { alerts } = p;
  return (
    Array.isArray(alerts) &&
    alerts.every(
      (a: unknown) =>
        typeof a === "object" &&
        a !== null &&
        typeof (a as { ruleId?: unknown }).ruleId === "string" &&
        Number.isFinite((a as { start?: unknown }).start),
    )
  );
}

/** The kinds an alert log is rebuilt from (a restore, a replay). */
export const ALERT_EVENT_KINDS: readonly string[] = ["alert", "alertAck"];

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

/** A set of math channel definitions: name, expression, unit and description are text. */
function isChannelSet(p: Record<string, unknown>): boolean {
  const { channels } = p;
  const texts = ["name", "expression", "unit", "description"] as const;
  return (
    Array.isArray(channels) &&
    channels.every(
      (c: unknown) =>
        typeof c === "object" &&
        c !== null &&
        texts.every((key) => typeof (c as Record<string, unknown>)[key] === "string"),
    )
  );
}

const RECORD_NUMBERS = [
  "at",
  "socNowPct",
  "endSocPct",
  "currentSpeedKmh",
  "distanceLeftKm",
  "endAt",
] as const;

/** A minute's forecast in brief (workers/contract/strategy.ts StrategyRecord). */
export function isStrategyRecord(p: Record<string, unknown>): boolean {
  return (
    RECORD_NUMBERS.every((key) => Number.isFinite(p[key])) &&
    (p.recommendedKmh === null || Number.isFinite(p.recommendedKmh)) &&
    typeof p.simulated === "boolean"
  );
}

/** The kind the strategy's forecasts are recorded as, once a minute of packet time. */
export const STRATEGY_EVENT_KIND = "strategy";

/** A Map, not an object literal: a stored kind named "constructor" finds nothing. */
const KINDS = new Map<string, EventKind>([
  ["lap", { check: (payload) => isLap(payload.lap), onePerTime: true }],
  // Several alerts may start or end at one packet's time: all are kept.
  ["alert", { check: isAlertPayload }],
  ["alertAck", { check: isAlertAck }],
  // The math channels' definitions (one set per time: a later one replaces it).
  ["mathChannels", { check: isChannelSet, onePerTime: true }],
  // One forecast a minute: a second one at the same time replaces the first.
  [STRATEGY_EVENT_KIND, { check: isStrategyRecord, onePerTime: true }],
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
 * kind, no finite time, no payload object) or its payload fails its kind's
 * check.
 */
export function fromRecord(value: unknown): SessionEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Partial<EventRecord>;
  const { kind, time, payload } = record;
  if (typeof kind !== "string" || !Number.isFinite(time)) return null;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  // A kind this build does not know is kept as stored: a registered feature
  // (workers/telemetry/features.ts) checks its own kinds where it reads them.
  const known = KINDS.get(kind);
  if (known && !known.check(payload)) return null;
  return { ...payload, kind, time: time as number };
}
