// What a data source (DEMO, NETWORK, RADIO) reports to the service that owns it.
// Sources never validate or store: they hand raw payloads over and the service
// decides (by connectionType and playback) what is accepted.
import type { ConnectionState } from "../../contract/connection";
import type { ConnectionType } from "../../contract/fields";
import type { BackendGeneration } from "../../contract/laps";
import type { NotificationKind } from "../../contract/telemetryApi";
import type { EvidenceKind } from "../service/backendInfo";
import type { LatencyKind } from "../service/latency";

export interface SourceSink {
  /** A raw packet payload (already JSON-decoded object, or a JSON text line). */
  packet(raw: unknown, source: ConnectionType): void;
  /** Link facts that changed (the link's state, its transport and how it reads, the car's, the radio's). */
  connection(
    patch: Partial<
      Pick<
        ConnectionState,
        | "socketConnected"
        | "transport"
        | "mqttConnected"
        | "radioConnected"
        | "pollReading"
        | "upgradeFallback"
      >
    >,
  ): void;
  /** The backend showed its generation, e.g. by a packet field's spelling (schema/generations.ts). */
  generation?(generation: BackendGeneration, kind: EvidenceKind, what: string): void;
  /** A raw latency (ms): the ping's round trip or the backend's carLatency; the service checks it. */
  latency(kind: LatencyKind, raw: unknown): void;
  notify(kind: NotificationKind): void;
  /** A raw `lapData` payload from the backend or the simulator. */
  lapData(raw: unknown): void;
  /** A raw `lapCoords` payload; the service ignores one with an `error` field. */
  lapCoords(raw: unknown): void;
  /** A raw `raceInfo` payload from the backend. */
  raceInfo(raw: unknown): void;
  /**
   * NETWORK: the poll reader stopped answering and the link is dialled again;
   * what the backend sends until it is back is not received.
   */
  readerStopped?(): void;
}
