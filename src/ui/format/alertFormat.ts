// How an alert reads on screen (toasts, the Alerts tab, the status bar): its
// message in the user's unit system, its values with their unit, its counts.
import type { AlertEntry, AlertSeverity } from "../../../workers/contract/alerts";
import type { AppUnits } from "../../../workers/contract/fields";
import { alertText } from "../../../workers/shared/alertText";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { formatNumber, NO_VALUE } from "./formatNumber";

export const SEVERITIES: readonly AlertSeverity[] = ["critical", "warning", "info"];

/**
 * The message as the rule's template says it, in `units`; the worker's text
 * (metric) when the template is not known (rules changed since). Like the
 * worker's: the value it started with while active, the peak once ended.
 */
export function alertMessage(
  entry: AlertEntry,
  template: string | undefined,
  units: AppUnits,
): string {
  if (template === undefined) return entry.message;
  const value = entry.end === null ? entry.value : entry.peak;
  return alertText(
    template,
    { label: entry.label, unit: entry.unit, value, limit: entry.limit, bits: entry.bits },
    units,
  );
}

/** A value of the alert's subject with its unit in the user's units ("412.5 V", "3 °F"). */
export function alertValueText(value: number, metricUnit: string, units: AppUnits): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const unit = displayUnit(metricUnit, units);
  const text = formatNumber(toDisplay(value, metricUnit, units));
  return unit ? `${text} ${unit}` : text;
}

/**
 * "2 critical · 1 warning"; when none is active, "No active alerts", unless a
 * critical one has cleared unacknowledged: the status bar still flashes red
 * for it then, and its words say why.
 */
export function alertCountsText(
  active: Record<AlertSeverity, number>,
  unacknowledgedCritical = 0,
): string {
  const parts = SEVERITIES.filter((s) => active[s] > 0).map((s) => `${active[s]} ${s}`);
  if (parts.length) return parts.join(" · ");
  return unacknowledgedCritical > 0
    ? `${unacknowledgedCritical} critical cleared, not acknowledged`
    : "No active alerts";
}

/** Seconds as "1:02:03" / "2:03" / "5 s". */
export function alertDurationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Time left on a mute ("14 min", "40 s"), from its end (wall ms). */
export function muteLeftText(endMs: number, nowMs: number): string {
  const left = Math.max(0, endMs - nowMs) / 1000;
  return left >= 60 ? `${Math.ceil(left / 60)} min` : `${Math.ceil(left)} s`;
}

export interface AlertFilter {
  severity: AlertSeverity | "all";
  /** Matched, case-insensitive, against label, message and rule id. */
  text: string;
}

/** The log entries a filter keeps (newest first, as the tab lists them). */
export function filterAlertLog(
  log: readonly AlertEntry[],
  filter: AlertFilter,
  messageOf: (entry: AlertEntry) => string = (entry) => entry.message,
): AlertEntry[] {
  const needle = filter.text.trim().toLowerCase();
  const kept: AlertEntry[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i]!;
    if (filter.severity !== "all" && entry.severity !== filter.severity) continue;
    if (
      needle &&
      !`${entry.label}\n${messageOf(entry)}\n${entry.ruleId}`.toLowerCase().includes(needle)
    )
      continue;
    kept.push(entry);
  }
  return kept;
}

/** One row of the log: an alert and its episodes (the same rule back within minutes). */
export interface AlertGroupRow {
  /** The newest episode, standing for the alert, acknowledged only when every episode is. */
  entry: AlertEntry;
  /** Its episodes among the entries given, newest first (the entry's own included). */
  episodes: AlertEntry[];
}

/**
 * Log entries (newest first, as filterAlertLog gives them) as one row per
 * alert: episodes of a group (AlertEntry.group) become one row, placed where
 * its newest episode is.
 */
export function groupAlertLog(entries: readonly AlertEntry[]): AlertGroupRow[] {
  const rows = new Map<number, AlertGroupRow>();
  for (const entry of entries) {
    const row = rows.get(entry.group);
    if (row) {
      row.episodes.push(entry);
      if (!entry.acknowledged) row.entry = { ...row.entry, acknowledged: false };
    } else rows.set(entry.group, { entry: { ...entry }, episodes: [entry] });
  }
  return [...rows.values()];
}
