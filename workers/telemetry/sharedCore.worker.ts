// The shared core (issue 38): one TelemetryCore for every window of the app
// on this machine, in a SharedWorker, so there is one connection to the car,
// one history and one recorder. Each window that connects gets its own
// TelemetryService on the core, exposed with Comlink on its connect port.
//
// A SharedWorker cannot start workers (Chromium: no Worker in here), so the
// storage and poll reader threads are SharedWorkers every window starts and
// hands over in its hello (WindowRoster). A window leaves when it says so
// (stop) or when the core is granted its presence lock (it is gone).
import * as Comlink from "comlink";
import { SessionDb } from "../shared/storage/SessionDb";
import { RemoteSessionDb } from "./sessions/RemoteSessionDb";
import { TelemetryCore } from "./service/TelemetryCore";
import { RosterWindow } from "./service/rosterWindow";
import { WindowRoster } from "./service/windowRoster";
import { PollReader } from "./sources/polling/PollReader";

const roster = new WindowRoster(navigator.locks ?? null);

const core = new TelemetryCore({
  hosting: "shared",
  // IndexedDB on the storage SharedWorker; on this thread only when measured
  // that way (?coreStorage=inline) or when no window brought that worker.
  sessionStore: async (layout) => {
    const port = roster.inlineStorage ? null : roster.storage;
    if (!port) return SessionDb.open(self.indexedDB, layout);
    try {
      return await RemoteSessionDb.open(layout, undefined, port);
    } catch (error) {
      roster.lost("storage");
      throw error;
    }
  },
});
PollReader.sharedLine = () => roster.line("pollReader");

(self as unknown as { onconnect: (event: MessageEvent) => void }).onconnect = (event) =>
  Comlink.expose(new RosterWindow(core, roster), event.ports[0]!);
