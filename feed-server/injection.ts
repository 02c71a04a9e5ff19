// Injected values: the feed server sets a packet field to a chosen value from
// a given moment (a fault flag, an over-limit temperature), so tests of the
// dashboard's alerts know exactly when a rule should fire, instead of waiting
// for the simulated car's random faults.
import type { TelemetryPacket } from "../workers/telemetry/schema/packetSchema";
import { fieldInfo } from "../workers/telemetry/schema/fields";

export interface Injection {
  /**
   * Seconds of the feed's data clock, counted from its first packet, when the
   * value starts (packet time: the same as wall seconds unless `speedup`).
   */
  atSeconds: number;
  /** A packet field path, as in the schema: "MotorDetails0.HeatsinkTemperature". */
  field: string;
  /** A number for a numeric field, true/false for a flag, text for a string field. */
  value: number | boolean | string;
  /** How long it lasts, seconds of the same clock (default: to the end). */
  forSeconds?: number;
}

export const INJECT_SYNTAX = "<seconds>[+<duration>]:<FieldPath>=<value>";

/** The injection checked, or an error saying what is wrong with it. */
export function checkInjection(injection: Injection): Injection {
  const { atSeconds, field, value, forSeconds } = injection;
  const where = `inject ${JSON.stringify(field)}`;
  if (!Number.isFinite(atSeconds) || atSeconds < 0)
    throw new Error(`${where}: the start must be a number of seconds ≥ 0 (got ${atSeconds})`);
  if (forSeconds !== undefined && !(Number.isFinite(forSeconds) && forSeconds > 0))
    throw new Error(`${where}: the duration must be a number of seconds > 0 (got ${forSeconds})`);
  const info = fieldInfo(field);
  if (!info || field === "TimeStamp")
    throw new Error(
      `${where}: not a packet field (e.g. MotorDetails0.HeatsinkTemperature or BatteryFaults.Errors.WeakCellFault)`,
    );
  const fits =
    info.type === "number"
      ? typeof value === "number" && Number.isFinite(value)
      : typeof value === info.type;
  if (!fits)
    throw new Error(
      `${where}: the field is a ${info.type}, the value ${JSON.stringify(value)} is not`,
    );
  return injection;
}

/** One `<seconds>[+<duration>]:<FieldPath>=<value>` item of the --inject option. */
function parseItem(text: string): Injection {
  const match = /^\s*([^:+\s]+)(?:\+([^:\s]+))?\s*:\s*([A-Za-z0-9_.]+)\s*=\s*(.*?)\s*$/.exec(text);
  if (!match)
    throw new Error(
      `--inject: "${text}" is not ${INJECT_SYNTAX} (e.g. 10+5:Battery.HighTemperature=65)`,
    );
  const [, at = "", duration, field = "", raw = ""] = match;
  const type = fieldInfo(field)?.type;
  const value =
    type === "boolean" && (raw === "true" || raw === "false")
      ? raw === "true"
      : type === "number" && raw.trim() !== "" && Number.isFinite(Number(raw))
        ? Number(raw)
        : raw; // kept as text, so a bad number is refused showing what was given
  const injection: Injection = { atSeconds: Number(at), field, value };
  if (duration !== undefined) injection.forSeconds = Number(duration);
  try {
    return checkInjection(injection);
  } catch (error) {
    throw new Error(`--${(error as Error).message} (in "${text}")`);
  }
}

/** The --inject option's text: items separated by commas. */
export function parseInjections(text: string): Injection[] {
  const items = text.split(",");
  if (items.every((item) => item.trim() === ""))
    throw new Error(`--inject needs ${INJECT_SYNTAX} items, separated by commas`);
  return items.map(parseItem);
}

/**
 * Sets the injections in force at `elapsed` (data seconds since the first
 * packet) on a freshly built packet. The simulator builds a new packet each
 * step, so its own state is untouched and the field is back when one ends.
 */
export function applyInjections(
  packet: TelemetryPacket,
  injections: readonly Injection[],
  elapsed: number,
): void {
  for (const { atSeconds, forSeconds, field, value } of injections) {
    if (elapsed < atSeconds || elapsed >= atSeconds + (forSeconds ?? Infinity)) continue;
    const keys = field.split(".");
    let node = packet as unknown as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
}
