// Another window changed settings the core holds for every window (its
// "sharedSettings" event names which): this window reads them from the core
// and shows them. What it saves follows by itself (appState and the sector
// lines are saved on change, and every window of a profile shares one
// localStorage); nothing read here is sent back, so no change comes back as
// a new one.
import type { SharedSettingKind } from "../../workers/contract/windows";
import { appState } from "../state/appState";
import { refreshAlertTemplates } from "../state/alertTemplates";
import { adoptSectorLines } from "../state/sectorLines";
import { sharedSettingsRevision } from "../state/sharedSettingsRevision";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

/** The kinds read through sharedSettings(); the others have getters of their own. */
const PLAIN: readonly SharedSettingKind[] = ["source", "backend", "recording", "sectors"];

export async function applySharedSettings(
  client: TelemetryClient,
  kinds: readonly SharedSettingKind[],
): Promise<void> {
  if (kinds.some((kind) => PLAIN.includes(kind))) {
    let settings;
    try {
      settings = await client.api.sharedSettings();
    } catch {
      return; // a restarting worker: the next change reads again
    }
    // The source also arrives with the next snapshot; this shows it at once.
    appState.connectionType = settings.connectionType;
    appState.backendUrl = settings.backendUrl;
    appState.webSocketUpgrade = settings.webSocketUpgrade;
    appState.recording = settings.recording;
    if (kinds.includes("sectors")) adoptSectorLines(settings.sectorLines);
  }
  if (kinds.includes("alertRules")) {
    // Toasts and the Alerts tab write messages with the new rules' words.
    await refreshAlertTemplates(() => client.api.alertRules());
    sharedSettingsRevision.alertRules++;
  }
  if (kinds.includes("mathChannels")) sharedSettingsRevision.mathChannels++;
  if (kinds.includes("strategy")) sharedSettingsRevision.strategy++;
  // "finishLine": its "lapCoords" event, sent to every window, sets appState.lapCoords.
}
