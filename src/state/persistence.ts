// localStorage in and out. Restoring validates (settingsSchema) and returns the
// warnings to show; saving waits until loading has finished (spec §4), then
// follows every change. The theme is saved as soon as it is chosen.
import { subscribe } from "valtio";
import { appState } from "./appState";
import {
  STORAGE_KEYS,
  restoreFavourites,
  restoreSettings,
  restoreTheme,
  SETTINGS_VERSION,
  type StoredSettings,
} from "./settingsSchema";

/** This browser's localStorage, or null where there is none or it is disabled (privacy mode). */
export function localStore(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStorage(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage disabled (privacy mode): behave as if empty
  }
}

export function writeStorage(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Full or disabled storage: settings just are not kept.
  }
}

export function removeStorage(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Disabled storage: nothing was kept.
  }
}

/** Restore settings, favourites and theme into appState; returns warnings to show. */
export function restoreAppState(storage: Storage): string[] {
  const settings = restoreSettings(readStorage(storage, STORAGE_KEYS.settings));
  const favourites = restoreFavourites(readStorage(storage, STORAGE_KEYS.favourites));
  const theme = restoreTheme(readStorage(storage, STORAGE_KEYS.theme));
  Object.assign(appState, settings.value);
  appState.favourites = favourites.value;
  appState.themeChoice = theme.value;
  return [settings.warning, favourites.warning, theme.warning].filter(
    (warning): warning is string => warning !== null,
  );
}

/** The settings as saved: with their version, which tells a later build what their values mean. */
function settingsToStore(): StoredSettings & { version: number } {
  const { appUnits, connectionType, lapCoords, playbackDateTime, backendUrl } = appState;
  const { recording, webSocketUpgrade, timesIn } = appState;
  return {
    version: SETTINGS_VERSION,
    appUnits,
    connectionType,
    lapCoords,
    playbackDateTime,
    backendUrl,
    recording,
    webSocketUpgrade,
    timesIn,
  };
}

/** Keep localStorage in step with appState; returns the unsubscribe function. */
export function persistAppState(storage: Storage): () => void {
  let lastSettings = "";
  let lastFavourites = "";
  let lastTheme = "";
  const save = () => {
    if (appState.themeChoice !== lastTheme) {
      lastTheme = appState.themeChoice;
      writeStorage(storage, STORAGE_KEYS.theme, lastTheme);
    }
    if (appState.loading) return;
    const settings = JSON.stringify(settingsToStore());
    if (settings !== lastSettings)
      writeStorage(storage, STORAGE_KEYS.settings, (lastSettings = settings));
    const favourites = JSON.stringify(appState.favourites);
    if (favourites !== lastFavourites)
      writeStorage(storage, STORAGE_KEYS.favourites, (lastFavourites = favourites));
  };
  return subscribe(appState, save);
}
