// The storage worker: IndexedDB's writes and reads for recorded sessions, off
// the telemetry worker's thread. An own core (a dedicated telemetry worker)
// spawns it as a dedicated worker (see RemoteSessionDb); a shared core cannot
// start workers, so there every window starts it as a SharedWorker and hands
// its port to the core, which asks for a line of its own on it
// (HelperConnect): each session store the core opens gets its own host.
// Each second's chunk arrives on a port of its own with its buffer transferred (no Comlink on the hot path); the transaction, the
// structured clone and the commit happen here, so recording costs the ingest
// thread the copy out of the ring and one post.
import * as Comlink from "comlink";
import { newStorageHost, serveStorageLines } from "./storageHost";

/** A SharedWorker (shared core) or a dedicated worker (own core). */
const scope = self as unknown as { onconnect?: unknown };
if ("onconnect" in scope)
  scope.onconnect = (event: MessageEvent) => serveStorageLines(event.ports[0]!);
else Comlink.expose(newStorageHost());
