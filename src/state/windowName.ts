// This window's name ("Window 1", "Window 2", …): the core hands it out, unique
// among the open windows; the window keeps it across reloads in its
// sessionStorage (one per tab). The plot layout and the map view are saved
// under it, so the windows of a pit wall do not overwrite each other's.
import { proxy } from "valtio";
import { FIRST_WINDOW_NAME, isWindowName } from "../../workers/shared/windowNaming";
import { readStorage, writeStorage } from "./persistence";

const WINDOW_NAME_KEY = "helios.windowName";

export const windowIdentity = proxy({
  /** Until the core answers, the saved name (or the first window's): the layouts load at once. */
  name: FIRST_WINDOW_NAME,
  /** The core has confirmed `name`. */
  claimed: false,
  /** The core has answered (or failed to): the window's own settings are loaded. */
  settled: false,
});

/** The name this tab had before a reload; null in a fresh tab (or one saved unreadable). */
function savedWindowName(storage: Storage | null): string | null {
  const saved = storage ? readStorage(storage, WINDOW_NAME_KEY) : null;
  return isWindowName(saved) ? saved : null;
}

/**
 * The key a window-scoped choice is saved under: the first window keeps the
 * key used before windows had names (saved layouts still load), another adds
 * its name.
 */
export function windowStorageKey(base: string, name: string): string {
  return name === FIRST_WINDOW_NAME ? base : `${base}:${name}`;
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage disabled: the name lasts for this page
  }
}

windowIdentity.name = savedWindowName(sessionStore()) ?? FIRST_WINDOW_NAME;

/**
 * Asks the core for this window's name (the saved one if no other window
 * holds it: a duplicated tab brings its original's along) and keeps it.
 */
export async function claimWindowName(
  claim: (wanted: string | null) => Promise<string>,
  storage: Storage | null = sessionStore(),
): Promise<string> {
  try {
    const name = await claim(savedWindowName(storage));
    if (storage) writeStorage(storage, WINDOW_NAME_KEY, name);
    windowIdentity.name = name;
    windowIdentity.claimed = true;
    return name;
  } finally {
    windowIdentity.settled = true;
  }
}
