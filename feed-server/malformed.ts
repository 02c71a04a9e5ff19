// Broken packets for fault injection: the kinds of damage a real link or a
// buggy car firmware produces. The dashboard must count and drop each one
// and keep the good packets around it.
import type { TelemetryPacket } from "../workers/telemetry/schema/packetSchema";

type Obj = Record<string, unknown>;

function randomLeafParent(packet: Obj, random: () => number): [Obj, string] {
  let node = packet;
  for (;;) {
    const keys = Object.keys(node);
    const key = keys[Math.floor(random() * keys.length)]!;
    const child = node[key];
    if (typeof child === "object" && child !== null) node = child as Obj;
    else return [node, key];
  }
}

/** A damaged version of `packet` (mutated in place) or a payload that is not a packet at all. */
export function corruptPacket(packet: TelemetryPacket, random: () => number): unknown {
  const p = packet as unknown as Obj;
  const kind = Math.floor(random() * 5);
  switch (kind) {
    case 0: {
      // Wrong type: a number or boolean sent as text.
      const [parent, key] = randomLeafParent(p, random);
      parent[key] = typeof parent[key] === "string" ? 42 : String(parent[key]);
      return p;
    }
    case 1: {
      const [parent, key] = randomLeafParent(p, random);
      delete parent[key];
      return p;
    }
    case 2: {
      // Not finite: JSON turns NaN into null.
      const [parent, key] = randomLeafParent(p, random);
      parent[key] = null;
      return p;
    }
    case 3:
      return `{"TimeStamp": ${packet.TimeStamp}, "Title": "Helios", garbage\u0000`;
    default:
      return random() < 0.5 ? null : [1, 2, 3];
  }
}
