// The connection state's one home in the worker (DESIGN: "Connection state
// has one home"): which source is live, the links as the sources report
// them, and what the live packets prove (the car is up; how late they come).
// The source switch decides what a change means (a source taking over);
// this class only keeps the facts and reads them out as of now. Playback is
// each window's own: a window sets it on its copy of the state.
import type { ConnectionState } from "../../contract/connection";
import type { ConnectionType } from "../../contract/fields";
import type { SourceSink } from "../sources/SourceSink";
import { ArrivalLag } from "./arrivalLag";
import { initialConnection } from "./config";

/**
 * Live packets count as "flowing" (car link up, not waiting) for this long
 * after the last one: the backend sends ≥ 2 per second, so 3 s of silence
 * means the feed has stopped, not that a packet is late.
 */
export const LIVE_FRESH_MS = 3000;

export type LinkPatch = Parameters<SourceSink["connection"]>[0];

export class LiveLinks {
  /** The facts as last reported (the core sets the type and latencies). */
  readonly state: ConnectionState = initialConnection();
  private lastNetworkPacketAt: number | null = null;
  private carDisconnectedAt = -Infinity;
  private readonly arrival = new ArrivalLag();

  constructor(private readonly now: () => number) {}

  /** Another source is live: its packets run on another clock. */
  setType(type: ConnectionType): void {
    this.state.connectionType = type;
    this.arrival.reset();
  }

  /** A source's report on its links. */
  apply(patch: LinkPatch): void {
    const s = this.state;
    if (typeof patch.socketConnected === "boolean") s.socketConnected = patch.socketConnected;
    if (patch.transport !== undefined) s.transport = patch.transport;
    if (patch.pollReading !== undefined) s.pollReading = patch.pollReading;
    if (patch.upgradeFallback !== undefined) s.upgradeFallback = patch.upgradeFallback;
    if (typeof patch.mqttConnected === "boolean") s.mqttConnected = patch.mqttConnected;
    if (patch.mqttConnected === false) this.carDisconnectedAt = this.now();
    if (typeof patch.radioConnected === "boolean") s.radioConnected = patch.radioConnected;
  }

  /** A live packet stamped `packetTime` (epoch s, null when it has none) was stored. */
  packetStored(source: ConnectionType, packetTime: number | null): void {
    const now = this.now();
    if (packetTime !== null) this.arrival.note(now, packetTime);
    this.state.lastLivePacketAt = now;
    if (source === "NETWORK") this.lastNetworkPacketAt = now;
  }

  /**
   * The links as of now. The car link is what the backend last said, except
   * that backend packets newer than its last carDisconnect prove the car is
   * up, and without a socket we cannot know: so "unknown" until the first car
   * event or packet, never a guessed "disconnected".
   */
  read(): ConnectionState {
    const s = this.state;
    const now = this.now();
    const fresh = (at: number | null) => at !== null && now - at <= LIVE_FRESH_MS;
    const packetsProveCar =
      fresh(this.lastNetworkPacketAt) &&
      (this.lastNetworkPacketAt as number) > this.carDisconnectedAt;
    let carLink: ConnectionState["carLink"] = "unknown";
    if (s.socketConnected) {
      if (packetsProveCar || s.mqttConnected === true) carLink = "connected";
      else if (s.mqttConnected === false) carLink = "disconnected";
    }
    const flowing = fresh(s.lastLivePacketAt);
    return {
      ...s,
      carLink,
      liveDataFlowing: flowing,
      arrivalLagMs: flowing ? Math.round(this.arrival.excessMs()) : 0,
      demoDay: null, // the core adds the demo source's (TelemetryCore.connection)
    };
  }
}
