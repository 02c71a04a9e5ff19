// What a new alert does besides its toast: a sound and a desktop notification,
// each only if the user turned it on (Settings → Alerts). The worker already
// leaves out muted rules and log-only (notify: false) ones, so everything that
// reaches here is to be announced.
import type { AlertEntry } from "../../../workers/contract/alerts";
import { alertSettings } from "../../state/alertSettings";
import { soundAlerts, soundFor } from "./alertSound";
import { alertToastText, worstSeverity } from "./alertToasts";

/** Shows a desktop notification while the page is hidden (nobody sees the toast then). */
function desktopNotify(entries: readonly AlertEntry[], messages: string[]): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (document.visibilityState !== "hidden") return;
  const text = alertToastText(worstSeverity(entries), messages);
  try {
    // One tag: a new burst replaces the last one instead of stacking.
    new Notification(`Helios: ${text.title}`, { body: text.message, tag: "helios-alerts" });
  } catch {
    // Some platforms allow notifications only from a service worker.
  }
}

export function announceAlerts(
  entries: readonly AlertEntry[],
  messageOf: (entry: AlertEntry) => string,
): void {
  if (entries.length === 0) return;
  if (alertSettings.sound) {
    const sound = soundFor(worstSeverity(entries));
    if (sound) soundAlerts(sound);
  }
  if (alertSettings.desktop) desktopNotify(entries, entries.map(messageOf));
}
