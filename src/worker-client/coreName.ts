// Which shared core the windows of this browser join, by its SharedWorker
// name. A core that hangs keeps its name (a window that connects by it joins
// the hung one), so the windows replace it under the next name
// ("helios-core" → "helios-core-2" → …; src/shell/wiring/coreWatch.ts). The
// name is kept in localStorage, which every window of the app shares: a
// window that loads later, or reloads, joins the core in use.
import { FIRST_CORE_NAME, isCoreName, nextCoreName } from "../../workers/shared/workerNames";

export const CORE_NAME_KEY = "helios.coreName";

type Store = Pick<Storage, "getItem" | "setItem">;

/** The name of the core the windows use now. */
export function savedCoreName(storage: Store | undefined): string {
  try {
    const name = storage?.getItem(CORE_NAME_KEY);
    return isCoreName(name) ? name : FIRST_CORE_NAME;
  } catch {
    return FIRST_CORE_NAME;
  }
}

/**
 * This window gives up on the core `joined` (it hangs): the name of the one
 * that replaces it. Every window that gives up on the same core reaches the
 * same name; a window that comes later than another finds the new name saved
 * and follows it, rather than replacing the replacement.
 */
export function replaceCore(storage: Store | undefined, joined: string): string {
  const saved = savedCoreName(storage);
  if (saved !== joined) return saved;
  const next = nextCoreName(joined);
  try {
    storage?.setItem(CORE_NAME_KEY, next);
  } catch {
    // Not saved: this window still joins `next`; the others reach it the same way.
  }
  return next;
}
