// The sector lines, a shared setting (sharedSetting.ts) edited in place: the
// map's clicks change sectorLinesState, which saves itself in this browser
// (state/sectorLines.ts) and is sent on every edit; what the core took cuts
// the lap table, asked for again on the revision (useLapTable.ts).
import type { SectorLine } from "../../workers/contract/lapAnalysis";
import { subscribe } from "valtio";
import {
  adoptSectorLines,
  savedSectorLinesProblem,
  sectorLinesState,
  showsCoreSectorLines,
} from "../state/sectorLines";
import { sharedSettingsRevision } from "../state/sharedSettingsRevision";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { NO_ANSWER_TEXT, setShared, type SharedSetting } from "./sharedSetting";

type Answer = { ok: true } | { ok: false; message: string };

const NO_ANSWER: Answer = { ok: false, message: NO_ANSWER_TEXT };

/** Sends the lines shown (saved) here: the refusal to tell, or null (none, or no answer). */
async function sendShown(client: TelemetryClient): Promise<string | null> {
  // Lines just read from the core (another window's change) are not sent back.
  if (showsCoreSectorLines()) return null;
  const lines = sectorLinesState.lines.map((line) => ({ ...line }));
  const result = await setShared(client, sectorLinesSetting, lines);
  return result.ok || result === NO_ANSWER ? null : result.message;
}

/**
 * At start: the lines read from this browser go to the core (none, when what
 * was saved could not be used: then that is what is told, as for the other
 * saved settings).
 */
async function restoreShown(client: TelemetryClient): Promise<string | null> {
  const damaged = savedSectorLinesProblem();
  const refused = await sendShown(client);
  return damaged !== null ? `Your saved sector lines were not used: ${damaged}.` : refused;
}

export const sectorLinesSetting: SharedSetting<SectorLine[], Answer> = {
  kind: "sectors",
  title: "Sector lines",
  start: { restore: restoreShown },
  edits: { changed: (listener) => subscribe(sectorLinesState, listener), send: sendShown },
  send: (client, lines) => client.api.setSectorLines(lines),
  // Shown and saved already (edited in state): the lap table is cut anew.
  keep: () => void sharedSettingsRevision.sectors++,
  noAnswer: NO_ANSWER,
  adopt: async (_client, core) => {
    const settings = await core();
    if (!settings) return;
    adoptSectorLines(settings.sectorLines);
    sharedSettingsRevision.sectors++;
  },
};
