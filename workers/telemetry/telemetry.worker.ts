// The telemetry worker of a window with a core of its own (no SharedWorker,
// or ?sharedCore=0; sharedCore.worker.ts is the shared one): build the core
// and this window's service on it and expose the service. All logic lives in
// TelemetryService and TelemetryCore, so that tests run them without a
// Worker. Recorded sessions are stored by a worker of their own
// (RemoteSessionDb), so IndexedDB's work stays off the ingest thread; without
// nested workers, on this thread. Other windows have cores too: only the one
// holding the recorder lock records (service/recorderLock.ts).
import * as Comlink from "comlink";
import { RemoteSessionDb } from "./sessions/RemoteSessionDb";
import { claimRecorder } from "./service/recorderLock";
import { TelemetryCore } from "./service/TelemetryCore";
import { TelemetryService } from "./TelemetryService";

const locks = (self.navigator as { locks?: LockManager } | undefined)?.locks ?? null;
const core = new TelemetryCore({
  hosting: "own",
  awaitsRecorder: locks !== null,
  sessionStore:
    typeof Worker === "function" && self.indexedDB !== undefined
      ? (layout, watch) => RemoteSessionDb.open(layout, { watch })
      : undefined,
});
if (locks) claimRecorder(locks, () => core.setRecorderHeld(true));

Comlink.expose(new TelemetryService(core));
