// What the Alerts tab asks of the worker: acknowledge, mute, export the log,
// and "show me this alert" (momentActions.ts).
import type { AlertEntry } from "../../workers/contract/alerts";
import { downloadBlob } from "../ui/downloadBlob";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { showMoment } from "./momentActions";

/** Moves the plots to the alert and the map's focus marker to where it started. */
export async function showAlertMoment(client: TelemetryClient, entry: AlertEntry): Promise<void> {
  const end = entry.end ?? entry.start + Math.max(entry.duration, 0);
  await showMoment(client, entry.start, end, `Alert: ${entry.label}`);
}

/** Saves the shown log as a CSV file (the worker writes the text). */
export async function exportAlertLog(client: TelemetryClient, now = new Date()): Promise<string> {
  const text = await client.api.alertLogCsv();
  const fileName = `helios-alerts-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.csv`;
  downloadBlob(new Blob([text], { type: "text/csv" }), fileName);
  return fileName;
}
