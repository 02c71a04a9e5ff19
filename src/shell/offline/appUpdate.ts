// The offline app's service worker (vite.config.ts, offlineApp): registered
// here, in the built app only. It says when the app can load with no network,
// and when a new version is ready; the new version waits until the user
// chooses it (AppUpdateButton), because taking it reloads every window.
import { proxy } from "valtio";
import { registerSW } from "virtual:pwa-register";

export const appUpdate = proxy({
  /** A new version is downloaded and waits for the user. */
  ready: false,
  /** Updating: the recording is being saved, then the app reloads. */
  updating: false,
  /** Why the last update failed (the app goes on as it was). */
  problem: null as string | null,
});

let takeUpdate: ((reload?: boolean) => Promise<void>) | null = null;

/** Registers the service worker (production builds with service workers only). */
export function startOfflineApp(onOfflineReady: () => void): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  takeUpdate = registerSW({
    onNeedRefresh: () => (appUpdate.ready = true),
    onOfflineReady,
    onRegisterError: (error: unknown) =>
      console.warn("The app will not load offline: its service worker did not register.", error),
  });
}

/**
 * Saves what the recording holds (`save`), then takes the new version: every
 * window of this app reloads into it (Workbox's "controlling" event).
 */
export async function updateApp(save: () => Promise<void>): Promise<void> {
  if (!takeUpdate || appUpdate.updating) return;
  appUpdate.updating = true;
  appUpdate.problem = null;
  try {
    await save();
    await takeUpdate(true);
  } catch (error) {
    appUpdate.updating = false;
    appUpdate.problem = `The update stopped before reloading: ${String(error)}. Nothing was lost.`;
  }
}
