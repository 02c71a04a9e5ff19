// The telemetry worker: build the service and expose it. All logic lives in
// TelemetryService (this page's window) and the TelemetryCore it starts, so
// that tests run them without a Worker. Recorded sessions
// are stored by a worker of their own (RemoteSessionDb), so IndexedDB's work
// stays off the ingest thread; without nested workers, on this thread.
import * as Comlink from "comlink";
import { RemoteSessionDb } from "./sessions/RemoteSessionDb";
import { TelemetryService } from "./TelemetryService";

Comlink.expose(
  new TelemetryService({
    sessionStore:
      typeof Worker === "function" && self.indexedDB !== undefined
        ? (layout) => RemoteSessionDb.open(layout)
        : undefined,
  }),
);
