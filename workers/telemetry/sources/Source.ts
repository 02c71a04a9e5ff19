// The one shape every live source has (DEMO, NETWORK, RADIO), so the source
// switch starts and stops them alike. Each is made once per run of the core
// with the settings of that run; what it produces goes to its SourceSink.
import type { ConnectionType } from "../../contract/fields";

export interface Source {
  /** Which connection type this source feeds (its packets count only while that type is live). */
  readonly kind: ConnectionType;
  /** Begin producing: DEMO's timer, NETWORK's dial (Socket.IO then reconnects), RADIO ready for a port. */
  start(): void;
  /** Stop producing and let go of what it holds (timer, socket, serial stream). */
  stop(): void;
}
