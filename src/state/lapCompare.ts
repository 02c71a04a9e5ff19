// Comparing laps: which laps the user picked (2–6, from the Laps tab or from
// another recorded session), the reference, the fields, the worker's answer,
// and the cursor's grid point, which the compare plots and the maps share.
// The answer's columns are moved from the worker once and kept out of
// valtio's proxies (`ref`): nothing here loops over them.
import { proxy, ref } from "valtio";
import type { FieldPath } from "../../workers/contract/fields";
import type { LapCompareResult, LapKey } from "../../workers/contract/lapAnalysis";

const MAX_PICKED = 6;
export const MIN_PICKED = 2;

export interface PickedLap {
  key: LapKey;
  /** "Lap 12 · 3:41.2 · Alice" (with the session's name for another session's lap). */
  label: string;
  lapTimeS: number;
  /** Counts towards "best" (not an out-lap, in-lap or partial lap). */
  counts: boolean;
}

interface LapCompareState {
  picked: PickedLap[];
  /** null: the best counting lap among those picked. */
  reference: LapKey | null;
  fields: FieldPath[];
  result: LapCompareResult | null;
  loading: boolean;
  /** The grid point under the cursor, or null when the pointer is off the plots. */
  cursor: number | null;
}

const DEFAULT_COMPARE_FIELDS: FieldPath[] = ["MotorDetails0.VehicleVelocity", "Derived.PackPower"];

export const lapCompare = proxy<LapCompareState>({
  picked: [],
  reference: null,
  fields: [...DEFAULT_COMPARE_FIELDS],
  result: null,
  loading: false,
  cursor: null,
});

export function sameLap(a: LapKey, b: LapKey): boolean {
  const origin =
    a.origin.kind === b.origin.kind &&
    (a.origin.kind === "shown" ||
      (b.origin.kind === "session" && a.origin.sessionId === b.origin.sessionId));
  return origin && Math.abs(a.start - b.start) < 1e-3;
}

/** A plain copy of a key (a snapshot's is a proxy, which cannot be posted to the worker). */
export function copyKey(key: LapKey): LapKey {
  const origin = key.origin;
  return {
    origin:
      origin.kind === "shown"
        ? { kind: "shown" }
        : { kind: "session", sessionId: origin.sessionId },
    start: key.start,
  };
}

export const isPicked = (key: LapKey) => lapCompare.picked.some((p) => sameLap(p.key, key));

/** Adds or removes a lap; more than MAX_PICKED is refused (false). */
export function togglePicked(lap: PickedLap): boolean {
  const at = lapCompare.picked.findIndex((p) => sameLap(p.key, lap.key));
  if (at >= 0) {
    lapCompare.picked.splice(at, 1);
    if (lapCompare.reference && sameLap(lapCompare.reference, lap.key)) lapCompare.reference = null;
    return true;
  }
  if (lapCompare.picked.length >= MAX_PICKED) return false;
  lapCompare.picked.push(lap);
  return true;
}

export function clearPicked(): void {
  lapCompare.picked = [];
  lapCompare.reference = null;
  lapCompare.result = null;
  lapCompare.cursor = null;
}

export function setCompareResult(result: LapCompareResult | null): void {
  lapCompare.result = result ? ref(result) : null;
  lapCompare.cursor = null;
}

export function toggleCompareField(path: FieldPath): void {
  const at = lapCompare.fields.indexOf(path);
  if (at >= 0) lapCompare.fields.splice(at, 1);
  else lapCompare.fields.push(path);
}
