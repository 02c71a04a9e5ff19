// The offline app's service worker (vite.config.ts, offlineApp): registered
// here, in the built app only. It says when the app can load with no network,
// and when a new version is ready; the new version waits until the user
// chooses it (AppUpdateButton), because taking it reloads every window.
import { proxy } from "valtio";
import { registerSW } from "virtual:pwa-register";

/** When this build was made (epoch ms; vite.config.ts). */
declare const __HELIOS_BUILT_AT__: number;
export const BUILT_AT_MS = __HELIOS_BUILT_AT__;

export const appUpdate = proxy({
  /** The service worker holds every file of this version: a reload works with no network. */
  offline: "not yet" as "not yet" | "ready" | "unavailable",
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
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) {
    appUpdate.offline = "unavailable";
    return;
  }
  // The new version took over (this window's Update, or another window's):
  // reload into it. Workbox reloads only windows that were controlled when
  // they loaded, and a first visit's window was not.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (appUpdate.ready) window.location.reload();
  });
  takeUpdate = registerSW({
    onNeedRefresh: () => (appUpdate.ready = true),
    onOfflineReady: () => {
      appUpdate.offline = "ready";
      onOfflineReady();
    },
    onRegisteredSW: (_url: string, registration: ServiceWorkerRegistration | undefined) => {
      // Installed on an earlier visit: this version is already held whole.
      if (registration?.active && navigator.serviceWorker.controller) appUpdate.offline = "ready";
    },
    onRegisterError: (error: unknown) => {
      appUpdate.offline = "unavailable";
      console.warn("The app will not load offline: its service worker did not register.", error);
    },
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

/** Diagnostics → "App version": when this build was made, and whether it loads offline. */
export function appVersionText(
  state: { offline: typeof appUpdate.offline; ready: boolean },
  builtAt: string,
): string {
  const offline = {
    ready: "loads with no network",
    "not yet": "being saved for use with no network",
    unavailable: "no copy for use with no network (development, or the browser refused one)",
  }[state.offline];
  return `Built ${builtAt} · ${offline}${state.ready ? " · a new version is ready (Update ready, in the status bar)" : ""}`;
}
