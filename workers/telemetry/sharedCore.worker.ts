// The shared core (issue 38): one TelemetryCore for every window of the app
// on this machine, in a SharedWorker, so there is one connection to the car,
// one history and one recorder. Each window that connects gets its own
// TelemetryService on the core, exposed with Comlink on its connect port.
//
// A SharedWorker cannot start workers (Chromium: no Worker in here), so the
// storage and poll reader threads are SharedWorkers every window starts and
// hands over in its hello (WindowRoster), and replaces when one stops
// answering. A window leaves when it says so (stop) or when the core is
// granted its presence lock (it is gone). The core holds a lock of its own
// for its life, so that the windows learn at once when it is gone (coreLock).
//
// A core that hangs is replaced by the windows under a new name
// (src/shell/wiring/coreWatch.ts). Each core announces its start; one that
// hears another start ends at once, so if a hung core ever runs again it
// writes nothing more and its windows (any left) join the new one. Its
// recorder does not write at the first tick after a long stall either
// (Sessions: STALLED_MS), so the announcement is heard before any write.
import * as Comlink from "comlink";
import type { CoreStarted } from "../contract/windows";
import { CORES_CHANNEL } from "../shared/workerNames";
import { SessionDb } from "../shared/storage/SessionDb";
import { RemoteSessionDb } from "./sessions/RemoteSessionDb";
import { TelemetryCore } from "./service/TelemetryCore";
import { holdLifeLock } from "./service/coreLife";
import { RosterWindow } from "./service/rosterWindow";
import { WindowRoster } from "./service/windowRoster";
import { PollReader } from "./sources/polling/PollReader";

const locks = navigator.locks ?? null;
const roster = new WindowRoster(locks);

const core = new TelemetryCore({
  hosting: "shared",
  lifeLock: holdLifeLock(locks),
  // IndexedDB on the storage SharedWorker; on this thread only when measured
  // that way (?coreStorage=inline) or when no window brought that worker.
  sessionStore: async (layout, watch) => {
    const via = roster.inlineStorage ? null : roster.storage;
    if (!via) return SessionDb.open(self.indexedDB, layout);
    try {
      const replacement = () => roster.replacement("storage");
      return await RemoteSessionDb.open(layout, { via, watch, replacement });
    } catch (error) {
      roster.lost("storage");
      throw error;
    }
  },
});
roster.tellWindows = (event) => core.broadcast(event);
PollReader.sharedLine = () => roster.line("pollReader");
PollReader.sharedReplacement = () => roster.replacementLine("pollReader");

(self as unknown as { onconnect: (event: MessageEvent) => void }).onconnect = (event) =>
  Comlink.expose(new RosterWindow(core, roster), event.ports[0]!);

const cores = new BroadcastChannel(CORES_CHANNEL);
cores.onmessage = (event: MessageEvent<CoreStarted>) => {
  const started = event.data?.started;
  if (typeof started === "string" && started !== self.name) self.close();
};
cores.postMessage({ started: self.name } satisfies CoreStarted);
