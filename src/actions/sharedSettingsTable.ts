// Every setting the core holds for every window, in one table: each row says
// how its saved value reaches the core at start, how a change made here is
// set and saved, and how another window's change is shown here
// (sharedSetting.ts). useSharedSettings wires them all the same way.
import type { WorkerConfig } from "../../workers/contract/config";
import type { SharedSettingKind, SharedSettings } from "../../workers/contract/windows";
import { sharedSettingsRevision } from "../state/sharedSettingsRevision";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { alertRulesSetting } from "./alertRulesActions";
import { finishLineSetting } from "./finishLineActions";
import { backendSetting, recordingSetting, sourceSetting, upgradeSetting } from "./linkSettings";
import { mathChannelsSetting } from "./mathChannelsActions";
import { sectorLinesSetting } from "./sectorLinesActions";
import type { SharedSettingRow } from "./sharedSetting";
import { strategySetting } from "./strategyActions";

export const SHARED_SETTINGS: readonly SharedSettingRow[] = [
  sourceSetting,
  backendSetting,
  upgradeSetting,
  recordingSetting,
  finishLineSetting,
  sectorLinesSetting,
  mathChannelsSetting,
  alertRulesSetting,
  strategySetting,
];

/** A registered analysis's own setting ("feature:<id>"): no table row, one per feature. */
const FEATURE = "feature:";

/** The worker's start config from what this browser saved (the rows the core starts with). */
export function startConfig(): Partial<WorkerConfig> {
  const parts = SHARED_SETTINGS.map((row) => ("config" in row.start ? row.start.config() : {}));
  return Object.assign({}, ...parts) as Partial<WorkerConfig>;
}

/**
 * Another window changed the `kinds` (the core's "sharedSettings" event): each
 * row of theirs shows the core's value here. The plain settings are read once
 * for all rows; a core that does not answer changes nothing (the next change
 * reads again).
 */
export async function adoptSharedSettings(
  client: TelemetryClient,
  kinds: readonly SharedSettingKind[],
): Promise<void> {
  let read: Promise<SharedSettings | null> | null = null;
  const readOnce = async () => {
    try {
      return await client.api.sharedSettings();
    } catch {
      return null; // a restarting worker
    }
  };
  const core = () => (read ??= readOnce());
  for (const row of SHARED_SETTINGS) if (kinds.includes(row.kind)) await row.adopt(client, core);
  // A feature's panel reads its setting again (TelemetryApi.featureSetting).
  for (const kind of kinds)
    if (kind.startsWith(FEATURE)) {
      const id = kind.slice(FEATURE.length);
      sharedSettingsRevision.features[id] = (sharedSettingsRevision.features[id] ?? 0) + 1;
    }
}
