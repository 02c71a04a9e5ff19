// What Diagnostics counts of a history: the packets and other events
// rejected, with the last few reasons, and what the history holds (its
// reach). Apart from TelemetryStore because none of it runs for an accepted
// packet: the store counts those and marks the packet rate in its own
// per-packet path, and hands the counts here when a snapshot asks.
import type { Counters, HistoryReach, RejectionReason } from "../../contract/connection";
import type { ConnectionType } from "../../contract/fields";
import type { ColumnRing } from "../history/ColumnRing";
import type { PacketRate } from "./PacketRate";

const KEEP_REJECTIONS = 10;

export class Rejections {
  /** Packets that failed their check. */
  packets = 0;
  /** Other received events that failed theirs. */
  events = 0;
  private readonly recent: RejectionReason[] = [];

  constructor(private readonly now: () => number) {}

  packet(source: ConnectionType | "REPLAY", reason: string): false {
    this.packets++;
    this.keepReason(source, reason);
    return false;
  }

  event(source: ConnectionType | "REPLAY", reason: string): void {
    this.events++;
    this.keepReason(source, reason);
  }

  /** Copies of the last few reasons, newest last. */
  recentReasons(): RejectionReason[] {
    return this.recent.map((r) => ({ ...r }));
  }

  private keepReason(source: ConnectionType | "REPLAY", reason: string): void {
    this.recent.push({ at: this.now(), source, reason });
    if (this.recent.length > KEEP_REJECTIONS) this.recent.shift();
  }
}

/** What a history holds: rows, their time span, bytes and how fast it fills. */
export function historyReach(ring: ColumnRing, rate: PacketRate): HistoryReach {
  const length = ring.length;
  return {
    length,
    capacity: ring.capacity,
    bytes: ring.byteLength,
    from: length > 0 ? ring.time(0) : null,
    to: length > 0 ? ring.time(length - 1) : null,
    packetRate: rate.perSecond(),
  };
}

/** The counters of a history that accepted `accepted` packets, the newest at `lastPacketTime`. */
export function historyCounters(
  ring: ColumnRing,
  rate: PacketRate,
  rejections: Rejections,
  accepted: number,
  lastPacketTime: number | null,
): Counters {
  return {
    accepted,
    rejected: rejections.packets,
    rejectedEvents: rejections.events,
    packetRate: rate.perSecond(),
    historyLength: ring.length,
    historyCapacity: ring.capacity,
    historyBytes: ring.byteLength,
    lastPacketTime,
    recentRejections: rejections.recentReasons(),
    liveHistory: historyReach(ring, rate),
  };
}
