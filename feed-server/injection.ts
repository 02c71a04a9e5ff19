// Injected values for the feed server (--inject, FeedServerOptions.inject):
// the shared code (workers/shared/injection.ts, which the DEMO source uses
// too), with the packet schema's fields to check against.
import {
  checkInjection as checkAgainst,
  parseInjections as parseFrom,
  type FieldTypeOf,
  type Injection,
} from "../workers/shared/injection";
import { fieldInfo } from "../workers/telemetry/schema/fields";

export { applyInjections, INJECT_SYNTAX, type Injection } from "../workers/shared/injection";

/** A packet field's type (TimeStamp included: the shared check refuses it). */
export const packetFieldType: FieldTypeOf = (path) => fieldInfo(path)?.type;

/** The injection checked, or an error saying what is wrong with it. */
export function checkInjection(injection: Injection): Injection {
  return checkAgainst(injection, packetFieldType, "inject");
}

/** The --inject option's text: items separated by commas. */
export function parseInjections(text: string): Injection[] {
  return parseFrom(text, "--inject", packetFieldType);
}
