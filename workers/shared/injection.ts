// Injected values: a source sets a packet field to a chosen value from a given
// moment (a fault flag, an over-limit temperature), so tests of the
// dashboard's alerts know exactly when a rule should fire, instead of waiting
// for the simulated car's random faults. The feed server takes them as
// --inject (feed-server/injection.ts), the DEMO source from the page's
// ?demoInject (src/worker-client/createTelemetry.ts, WorkerConfig.demoInjections).
//
// Pure, and shared by the page, the worker and the feed server: what a field
// is comes in as `fieldType` from where the packet schema is reachable (the
// page has no schema; it checks what it can, the worker the rest).
import type { Injection } from "../contract/config";
import type { FieldType } from "../contract/fields";

export type { Injection };

/** What type a packet field is, or undefined when it is not a packet field. */
export type FieldTypeOf = (path: string) => FieldType | undefined;

export const INJECT_SYNTAX = "<seconds>[+<duration>]:<FieldPath>=<value>";

const EXAMPLE = "10+5:Battery.HighTemperature=65";

/**
 * The injection checked, or an error saying what is wrong with it, starting
 * with `origin` (where it came from: "--inject", "?demoInject").
 */
export function checkInjection(
  injection: Injection,
  fieldType: FieldTypeOf,
  origin = "inject",
): Injection {
  checkTimes(injection, origin);
  const { field, value } = injection;
  const type = field === "TimeStamp" ? undefined : fieldType(field);
  if (!type) throw notAField(field, origin);
  const fits =
    type === "number" ? typeof value === "number" && Number.isFinite(value) : typeof value === type;
  if (!fits)
    throw new Error(
      `${origin}: ${JSON.stringify(field)}: the field is a ${type}, the value ${JSON.stringify(value)} is not`,
    );
  return injection;
}

function checkTimes({ atSeconds, field, forSeconds }: Injection, origin: string): void {
  const where = `${origin}: ${JSON.stringify(field)}`;
  if (!Number.isFinite(atSeconds) || atSeconds < 0)
    throw new Error(`${where}: the start must be a number of seconds ≥ 0 (got ${atSeconds})`);
  if (forSeconds !== undefined && !(Number.isFinite(forSeconds) && forSeconds > 0))
    throw new Error(`${where}: the duration must be a number of seconds > 0 (got ${forSeconds})`);
}

function notAField(field: string, origin: string): Error {
  return new Error(
    `${origin}: ${JSON.stringify(field)}: not a packet field (e.g. MotorDetails0.HeatsinkTemperature or BatteryFaults.Errors.WeakCellFault)`,
  );
}

/**
 * A value written as text, read as the field's type: "true"/"false" for a
 * flag, a number for a numeric field. Anything else stays text, so a check
 * refuses it showing what was given.
 */
export function injectionValue(raw: string, type: FieldType | undefined): Injection["value"] {
  if (type === "boolean" && (raw === "true" || raw === "false")) return raw === "true";
  if (type === "number" && raw.trim() !== "" && Number.isFinite(Number(raw))) return Number(raw);
  return raw;
}

/**
 * One `<seconds>[+<duration>]:<FieldPath>=<value>` item. Without `fieldType`
 * (the page) the value stays text and only the times and the path's spelling
 * are checked; the worker reads the value as its field's type.
 */
function parseItem(text: string, origin: string, fieldType?: FieldTypeOf): Injection {
  const match = /^\s*([^:+\s]+)(?:\+([^:\s]+))?\s*:\s*([A-Za-z0-9_.]+)\s*=\s*(.*?)\s*$/.exec(text);
  if (!match) throw new Error(`${origin}: "${text}" is not ${INJECT_SYNTAX} (e.g. ${EXAMPLE})`);
  const [, at = "", duration, field = "", raw = ""] = match;
  const value = fieldType ? injectionValue(raw, fieldType(field)) : raw;
  const injection: Injection = { atSeconds: Number(at), field, value };
  if (duration !== undefined) injection.forSeconds = Number(duration);
  try {
    if (fieldType) return checkInjection(injection, fieldType, origin);
    checkTimes(injection, origin);
    if (field === "TimeStamp" || field.split(".").some((key) => key === ""))
      throw notAField(field, origin);
    return injection;
  } catch (error) {
    throw new Error(`${(error as Error).message} (in "${text}")`);
  }
}

/**
 * Items separated by commas, as given to `origin` ("--inject",
 * "?demoInject"); an error names the origin and the item.
 */
export function parseInjections(
  text: string,
  origin: string,
  fieldType?: FieldTypeOf,
): Injection[] {
  const items = text.split(",");
  if (items.every((item) => item.trim() === ""))
    throw new Error(`${origin}: needs ${INJECT_SYNTAX} items, separated by commas`);
  return items.map((item) => parseItem(item, origin, fieldType));
}

/**
 * Packet clocks are stamped to the millisecond and counted in floating point:
 * an edge this close counts as reached, so a window of one packet interval
 * holds exactly one packet.
 */
const EDGE_S = 1e-6;

/**
 * Sets the injections in force at `elapsed` (data seconds since the first
 * packet) on a freshly built packet: from `atSeconds` up to, not including,
 * `atSeconds + forSeconds`. The simulator builds a new packet each step, so
 * its own state is untouched and the field is back when one ends.
 */
export function applyInjections(
  packet: object,
  injections: readonly Injection[],
  elapsed: number,
): void {
  for (const { atSeconds, forSeconds, field, value } of injections) {
    if (elapsed < atSeconds - EDGE_S || elapsed >= atSeconds + (forSeconds ?? Infinity) - EDGE_S)
      continue;
    const keys = field.split(".");
    let node = packet as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
}
