// The names of the app's SharedWorkers: the shared core and its helpers
// (storage, poll reader). A SharedWorker is found by its script and its name,
// so a window that starts one by a name joins whatever instance runs under
// it: one that hangs keeps its name, and its replacement needs a name of its
// own. A helper's the core tells every window (WorkerEvent "helper"); the
// core's the windows choose (src/worker-client/coreName.ts) and a new core
// announces on CORES_CHANNEL, where an older one hears it and ends.
import type { HelperKind } from "../contract/windows";

/** The shared core's first name; its replacements are "helios-core-2", "-3", … */
export const FIRST_CORE_NAME = "helios-core";

/** The name of the core that replaces the one named `name` (the windows agree on it: it follows from the name). */
export function nextCoreName(name: string): string {
  const n = /^helios-core-(\d+)$/.exec(name);
  return `${FIRST_CORE_NAME}-${n ? Number(n[1]) + 1 : 2}`;
}

/** Whether `name` is one the windows give a core. */
export function isCoreName(name: unknown): name is string {
  return typeof name === "string" && /^helios-core(-\d{1,9})?$/.test(name);
}

/** The BroadcastChannel a shared core announces its start on (CoreStarted). */
export const CORES_CHANNEL = "helios-cores";

/** The names every window starts its helpers under (the core's first helpers). */
export const HELPER_NAMES: Readonly<Record<HelperKind, string>> = {
  storage: "helios-storage",
  pollReader: "helios-poll-reader",
};

/** A name no running helper has: the first name and a random suffix. */
export function replacementName(kind: HelperKind, random: () => number = Math.random): string {
  return `${HELPER_NAMES[kind]}-${Math.floor(random() * 36 ** 6).toString(36)}`;
}
