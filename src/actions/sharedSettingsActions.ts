// Another window changed settings the core holds for every window (its
// "sharedSettings" event names which): this window reads them from the core
// and shows them. What it saves follows by itself (appState and the sector
// lines are saved on change, and every window of a profile shares one
// localStorage); nothing read here is sent back, so no change comes back as
// a new one.
import type { SharedSettingKind } from "../../workers/contract/windows";
import { appState } from "../state/appState";
import { adoptSectorLines } from "../state/sectorLines";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { alertRulesSetting } from "./alertRulesActions";
import { mathChannelsSetting } from "./mathChannelsActions";
import type { SavedSharedSetting } from "./savedSharedSetting";
import { strategySetting } from "./strategyActions";

/** The settings saved in this browser with getters of their own: restored at start, adopted here. */
export const SAVED_SHARED_SETTINGS: readonly SavedSharedSetting[] = [
  alertRulesSetting,
  mathChannelsSetting,
  strategySetting,
];

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
  for (const setting of SAVED_SHARED_SETTINGS)
    if (kinds.includes(setting.kind)) await setting.adopt(client);
  // "finishLine": its "lapCoords" event, sent to every window, sets appState.lapCoords.
}
