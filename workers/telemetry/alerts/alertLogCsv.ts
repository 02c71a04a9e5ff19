// An alert log as CSV text, as the Alerts tab lists it: when (ISO 8601, packet
// time), severity, the subject's label (never a wire name), the message, the
// value at the start, the worst value and the limit in the metric unit named
// beside them (one column: rules of many units share the file), how long it
// lasted and whether it was acknowledged. An active alert has an empty end.
import type { AlertEntry } from "../../contract/alerts";
import { objectsToCsv } from "../csv/flatten";

/** A time outside what a Date holds is an empty cell, not a thrown RangeError. */
function iso(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const finiteOrNull = (n: number): number | null => (Number.isFinite(n) ? n : null);

export function alertLogCsv(log: readonly AlertEntry[]): string {
  return objectsToCsv(
    log.map((a) => ({
      "Started (ISO 8601)": iso(a.start),
      "Ended (ISO 8601)": iso(a.end),
      "Duration (s)": finiteOrNull(a.duration),
      Severity: a.severity,
      Subject: a.label,
      Message: a.message,
      Value: finiteOrNull(a.value),
      Worst: finiteOrNull(a.peak),
      Limit: finiteOrNull(a.limit),
      Unit: a.unit,
      Bits: a.bits,
      Rule: a.ruleId,
      Acknowledged: a.acknowledged,
    })),
  );
}
