// The backend answers the packets of one second in arbitrary order, and their
// TimeStamp has whole seconds, so it cannot restore the order (PROTOCOL.md
// "Order in /packetsBetween"). Replayed as received, the odometer ran
// backwards hundreds of times and the map's distance came to four times the
// real one. The odometer only grows while the car drives, so within a second
// it gives the order back; where it ties (standing still) or is missing, the
// order of arrival is kept. A second may be split across two answers, so its
// packets are held until a packet of another second arrives.

type Emit = (packets: unknown[]) => void;

function numberAt(packet: unknown, group: string, key: string): number | null {
  const container = (packet as Record<string, unknown> | null)?.[group];
  const value = (container as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

const timeOf = (packet: unknown) =>
  typeof packet === "object" && packet !== null
    ? ((packet as { TimeStamp?: unknown }).TimeStamp ?? null)
    : null;

/** The packets of one second, in odometer order when every one of them has an odometer. */
function ordered(packets: unknown[]): unknown[] {
  const odometers = packets.map((p) => numberAt(p, "MotorDetails0", "Odometer"));
  if (packets.length < 2 || odometers.some((o) => o === null)) return packets;
  // Array.prototype.sort is stable: ties keep their order of arrival.
  return packets
    .map((packet, i) => ({ packet, odometer: odometers[i] as number }))
    .sort((a, b) => a.odometer - b.odometer)
    .map((entry) => entry.packet);
}

export class SecondOrder {
  private second: unknown = null;
  private held: unknown[] = [];

  constructor(private readonly emit: Emit) {}

  /** Packets in the order received; those of earlier seconds go on, in order. */
  push(packets: readonly unknown[]): void {
    const out: unknown[] = [];
    for (const packet of packets) {
      const time = timeOf(packet);
      if (this.held.length > 0 && (time === null || time !== this.second)) {
        out.push(...ordered(this.held));
        this.held = [];
      }
      // Without a time (it fails validation anyway) it cannot belong to a second.
      if (time === null) out.push(packet);
      else {
        this.second = time;
        this.held.push(packet);
      }
    }
    if (out.length > 0) this.emit(out);
  }

  /** The end of the answers: the last second goes on too. */
  flush(): void {
    if (this.held.length === 0) return;
    const last = ordered(this.held);
    this.held = [];
    this.emit(last);
  }
}
