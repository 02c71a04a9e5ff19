// Texts for the Sessions tab and settings (pure, unit-tested).
import type { RestoreProgress } from "../../../workers/contract/sessions";
import { formatDateTime } from "./dateTime";

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "—";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h} h ${m.toString().padStart(2, "0")} min`;
  if (m > 0) return `${m} min ${rest.toString().padStart(2, "0")} s`;
  return `${rest} s`;
}

/** Packet time (epoch seconds) as a local date and time. */
export function formatPacketDate(seconds: number | null | undefined): string {
  return formatDateTime(seconds);
}

/**
 * What the status bar says while a reload restores the recorded day (null
 * once it is done): the 1-second summary is on screen until every row is in.
 */
export function restoreText(restore: RestoreProgress | null | undefined): string | null {
  if (!restore || restore.phase === "done") return null;
  if (restore.phase === "preview") return "Restoring the recorded day…";
  if (restore.phase === "newest")
    return "Restoring the recorded day: its last minutes shown, one row a second; the rest coming";
  const share =
    restore.total > 0 ? Math.min(99, Math.floor((100 * restore.rows) / restore.total)) : 0;
  return restore.previewRows > 0
    ? `Restoring the recorded day: one row a second shown, full detail ${share} %`
    : `Restoring the recorded day: ${share} %`;
}
