// The rules' levels on a value: the worst active alert of its field (the
// snapshot's AlertsSummary.bySubject) colours the tile or table cell, and an
// icon named in words says it without colour (screen readers read "Critical alert").
import { Icon, type IconName } from "@blueprintjs/core";
import type { AlertSeverity } from "../../workers/contract/alerts";
import { useLiveStatusPart } from "../worker-client/hooks";
import "./alertLevel.css";

const ICONS: Record<AlertSeverity, IconName> = {
  critical: "error",
  warning: "warning-sign",
  info: "info-sign",
};

export const SEVERITY_WORDS: Record<AlertSeverity, string> = {
  critical: "Critical alert",
  warning: "Warning",
  info: "Info alert",
};

/** The worst active severity of a field's alerts (undefined: none). */
export function useAlertLevel(path: string): AlertSeverity | undefined {
  const bySubject = useLiveStatusPart("alerts")?.bySubject;
  return bySubject && Object.hasOwn(bySubject, path) ? bySubject[path] : undefined;
}

/** The class that colours a tile or cell by its level (helios-alert-critical …). */
export function alertLevelClass(level: AlertSeverity | undefined): string {
  return level ? `helios-alert-level helios-alert-${level}` : "";
}

/** Classes for a small picture of an alert in its severity's colour (a map pin, a scrubber mark). */
export function severityFillClass(severity: AlertSeverity): string {
  return `helios-severity-fill helios-severity-${severity}`;
}

/** The level's icon, named for screen readers. */
export function AlertLevelIcon({ level }: { level: AlertSeverity | undefined }) {
  if (!level) return null;
  return (
    // Named by aria-label, not by text: the value's own text stays the value.
    <span
      className={`helios-alert-icon helios-severity-${level}`}
      role="img"
      aria-label={SEVERITY_WORDS[level]}
      title={SEVERITY_WORDS[level]}
      data-testid="alert-level-icon"
    >
      <Icon icon={ICONS[level]} size={14} aria-hidden />
    </span>
  );
}
