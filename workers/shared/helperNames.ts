// The names of the core's helper SharedWorkers (storage, poll reader). A
// SharedWorker is found by its script and its name, so a window that starts
// one by a name joins whatever instance runs under it: a helper that hangs
// keeps its name, and its replacement needs a name of its own, which the
// core tells every window (WorkerEvent "helper").
import type { HelperKind } from "../contract/windows";

/** The names every window starts its helpers under (the core's first helpers). */
export const HELPER_NAMES: Readonly<Record<HelperKind, string>> = {
  storage: "helios-storage",
  pollReader: "helios-poll-reader",
};

/** A name no running helper has: the first name and a random suffix. */
export function replacementName(kind: HelperKind, random: () => number = Math.random): string {
  return `${HELPER_NAMES[kind]}-${Math.floor(random() * 36 ** 6).toString(36)}`;
}
