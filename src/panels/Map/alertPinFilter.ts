// Which alert pins the map shows (the toolbar's switch and severity filter,
// saved per window with the map view) and how a cluster of pins reads: its
// count, coloured by the worst severity in it, and its words for a screen
// reader. Kept apart from Leaflet so it is tested without a browser.
import type { AlertSeverity } from "../../../workers/contract/alerts";
import { SEVERITIES } from "../../ui/format/alertFormat";

export interface AlertPinFilter {
  /** The "Alert pins" switch. */
  show: boolean;
  /** The severities shown (the rest are hidden). */
  severities: readonly AlertSeverity[];
}

/** The filter's words on a toggle: the severity as a user reads it. */
export const SEVERITY_TOGGLE_LABELS: Record<AlertSeverity, string> = {
  critical: "Critical",
  warning: "Warning",
  info: "Info",
};

/** Whether a pin of `severity` is shown under `filter`. */
export function pinShown(severity: AlertSeverity, filter: AlertPinFilter): boolean {
  return filter.show && filter.severities.includes(severity);
}

/** `severities` with `severity` turned on or off, in the usual order (critical first). */
export function toggleSeverity(
  severities: readonly AlertSeverity[],
  severity: AlertSeverity,
  on: boolean,
): AlertSeverity[] {
  return SEVERITIES.filter((s) => (s === severity ? on : severities.includes(s)));
}

/** The worst of `severities` (critical before warning before info); null when none. */
export function worstSeverity(severities: Iterable<AlertSeverity>): AlertSeverity | null {
  let worst: AlertSeverity | null = null;
  for (const severity of severities) {
    if (severity === "critical") return severity;
    if (worst === null || (severity === "warning" && worst === "info")) worst = severity;
  }
  return worst;
}

export interface ClusterSummary {
  count: number;
  worst: AlertSeverity;
  /** "12 alerts here: 3 critical · 9 warning. Click to see them." */
  text: string;
}

/** What a cluster of pins of these severities shows and says (null: no pin). */
export function clusterSummary(severities: readonly AlertSeverity[]): ClusterSummary | null {
  const worst = worstSeverity(severities);
  if (worst === null) return null;
  const counts = SEVERITIES.map((s) => [s, severities.filter((x) => x === s).length] as const);
  const parts = counts.filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`);
  const count = severities.length;
  return {
    count,
    worst,
    text: `${count} alerts here: ${parts.join(" · ")}. Click to see them.`,
  };
}
