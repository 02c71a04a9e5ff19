// The compare request as the UI sends it: checked, its laps found
// (lapSources.ts), compared (compareLaps.ts). Bad input gets a sentence.
import type { LapCompareRequest, LapCompareResult, LapKey } from "../../../contract/lapAnalysis";
import {
  checkFields,
  compareFound,
  MAX_COMPARED,
  MIN_COMPARED,
  referenceOf,
  sameKey,
} from "./compareLaps";
import type { LapSources } from "./lapSources";
import { isTimeZone } from "../../../shared/dateTime";

export async function runCompare(
  sources: LapSources,
  request: LapCompareRequest,
): Promise<LapCompareResult> {
  const r = (
    typeof request === "object" && request !== null ? request : {}
  ) as Partial<LapCompareRequest>;
  const keys = r.laps;
  if (!Array.isArray(keys) || keys.length < MIN_COMPARED)
    return { ok: false, message: `Pick at least ${MIN_COMPARED} laps to compare.` };
  if (keys.length > MAX_COMPARED)
    return { ok: false, message: `At most ${MAX_COMPARED} laps can be compared at once.` };
  if (!keys.every(isKey))
    return { ok: false, message: "A lap to compare is not named by its origin and start." };
  if (keys.some((key, i) => keys.findIndex((other) => sameKey(key, other)) !== i))
    return { ok: false, message: "The same lap is picked twice." };
  const reference = r.reference ?? null;
  if (reference !== null && !isKey(reference))
    return { ok: false, message: "The reference lap is not named by its origin and start." };
  const fields = checkFields(r.fields ?? [], sources.layout());
  if (typeof fields === "string") return { ok: false, message: fields };
  const units = r.units === "imperial" ? "imperial" : "metric";
  const zone = typeof r.timeZone === "string" && isTimeZone(r.timeZone) ? r.timeZone : "UTC";
  const found = await sources.find(keys, zone);
  if (typeof found === "string") return { ok: false, message: found };
  const referenceIndex = referenceOf(
    found.map((lap) => lap.span),
    reference,
  );
  if (typeof referenceIndex === "string") return { ok: false, message: referenceIndex };
  return compareFound(found, referenceIndex, fields, units);
}

function isKey(value: unknown): value is LapKey {
  if (typeof value !== "object" || value === null) return false;
  const { origin, start } = value as Partial<LapKey>;
  if (typeof start !== "number" || !Number.isFinite(start)) return false;
  if (typeof origin !== "object" || origin === null) return false;
  return (
    origin.kind === "shown" || (origin.kind === "session" && typeof origin.sessionId === "string")
  );
}
