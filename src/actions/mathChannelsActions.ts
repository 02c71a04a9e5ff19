// Setting the math channels: the worker checks and keeps them
// (setMathChannels); a set it took is saved in the browser as the worker's
// own channels file, so a reload restores it. A refused set changes nothing,
// neither in the worker nor in what is saved.
import type { MathChannelDef, MathChannelsResult } from "../../workers/contract/math";
import { saveMathChannels, savedMathChannels } from "../state/savedMathChannels";
import { sharedSettingsRevision } from "../state/sharedSettingsRevision";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { firstReasons, NO_ANSWER_TEXT, setShared, type SharedSetting } from "./sharedSetting";

const NO_ANSWER: MathChannelsResult = { ok: false, message: NO_ANSWER_TEXT, problems: {} };

/** The channels kept in `storage`: the table's row keeps them in localStorage. */
function mathChannelsIn(
  storage: () => Storage,
): SharedSetting<MathChannelDef[], MathChannelsResult> {
  return {
    kind: "mathChannels",
    title: "Math channels",
    start: { restore: (client) => restoreMathChannels(client, storage()) },
    send: (client, channels) => client.api.setMathChannels(channels),
    // The worker's own channels file, so it checks it again when it comes back.
    keep: async (client) => saveMathChannels(storage(), await client.api.mathChannelsJson()),
    noAnswer: NO_ANSWER,
    adopt: () => void sharedSettingsRevision.mathChannels++,
  };
}

export const mathChannelsSetting = mathChannelsIn(() => window.localStorage);

/** Sets the channels; on success the worker's channels file is saved. */
export function applyMathChannels(
  client: TelemetryClient,
  channels: MathChannelDef[],
  storage: Storage = window.localStorage,
): Promise<MathChannelsResult> {
  return setShared(
    client,
    mathChannelsIn(() => storage),
    channels,
  );
}

/** A refusal in one line: its message and its first few channel problems. */
export function refusalText(result: Extract<MathChannelsResult, { ok: false }>): string {
  const reasons = Object.entries(result.problems).flatMap(([name, problems]) =>
    problems.map((problem) => `${name}: ${problem.message}`),
  );
  return reasons.length > 0 ? `${result.message} ${firstReasons(reasons)}` : result.message;
}

/**
 * Sends the channels to the worker at start: the saved ones, or the starter
 * set when nothing was ever saved (not saved itself, so a later build's
 * starter set applies). Returns what to tell the user when the worker refused
 * the saved channels: the saved file is kept as it is, never overwritten.
 */
export async function restoreMathChannels(
  client: TelemetryClient,
  storage: Storage = window.localStorage,
): Promise<string | null> {
  const saved = savedMathChannels(storage);
  try {
    if (saved === null) {
      const starter = await client.api.starterMathChannels();
      const result = await client.api.setMathChannels(starter);
      return result.ok ? null : `The starter math channels were refused: ${refusalText(result)}`;
    }
    const file = await client.api.parseMathChannelsJson(saved);
    if (!file.ok) return `Your saved math channels were not used: ${file.message}`;
    const result = await client.api.setMathChannels(file.channels);
    return result.ok ? null : `Your saved math channels were not used: ${refusalText(result)}`;
  } catch {
    return `Your math channels were not set: ${NO_ANSWER_TEXT}`;
  }
}
