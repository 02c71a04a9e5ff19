// The link's shared settings: the source, the backend's address, the
// WebSocket upgrade and recording. Each lives in appState, is saved with the
// settings (state/persistence.ts, validated on the way back in with the
// "Settings reset" warnings) and starts the core: the worker's start config
// carries it (main.tsx), as the core must not start in DEMO and then switch.
import type { ConnectionType } from "../../workers/contract/fields";
import type { SharedSettingKind, SharedSettings } from "../../workers/contract/windows";
import { appState, type AppState } from "../state/appState";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import type { SharedSetting } from "./sharedSetting";

type Field = "connectionType" | "backendUrl" | "webSocketUpgrade" | "recording";
type Answer = { ok: boolean };

/**
 * A shared setting held in appState's `field`, which is also its name in the
 * worker's config and in the core's SharedSettings. The core refuses none of
 * them (it ignores a malformed one), so `shownAtOnce` ones show before it
 * answers: a switch does not flick back meanwhile.
 */
function linkSetting<F extends Field & keyof SharedSettings>(
  kind: SharedSettingKind,
  title: string,
  field: F,
  call: (client: TelemetryClient, value: AppState[F]) => unknown,
  shownAtOnce: boolean,
): SharedSetting<AppState[F], Answer> {
  return {
    kind,
    title,
    start: { config: () => ({ [field]: appState[field] }) },
    send: async (client, value) => {
      if (shownAtOnce) appState[field] = value;
      await call(client, value);
      return { ok: true };
    },
    // Shown already (or by the next snapshot); persistence.ts saves appState.
    keep: () => {},
    noAnswer: { ok: false },
    adopt: async (_client, core) => {
      const settings = await core();
      // appState holds the field as the core's SharedSettings types it.
      if (settings) (appState as Pick<SharedSettings, Field>)[field] = settings[field];
    },
  };
}

/**
 * The source: the worker owns the link state, and appState follows with the
 * next snapshot (connectionMirror.ts, within ~100 ms), so there is one writer
 * and no flicker between two.
 */
export const sourceSetting = linkSetting(
  "source",
  "Connection type",
  "connectionType",
  (client, type: ConnectionType) => client.api.setConnectionType(type),
  false,
);

export const backendSetting = linkSetting(
  "backend",
  "Backend URL",
  "backendUrl",
  (client, url: string) => client.api.setBackendUrl(url),
  true,
);

/** The core tells the upgrade's change as a "backend" one: the link is dialled again. */
export const upgradeSetting = linkSetting(
  "backend",
  "WebSocket upgrade",
  "webSocketUpgrade",
  (client, on: boolean) => client.api.setWebSocketUpgrade(on),
  true,
);

export const recordingSetting = linkSetting(
  "recording",
  "Recording",
  "recording",
  (client, on: boolean) => client.api.setRecording(on),
  true,
);
