// The packet's one field that differs between the backend's generations:
// 2026-01 sends B3.HeadightsSwitchInput (sic), 2026-06 renamed it
// B3.HeadlightsSwitchInput. Internally (schema, history, catalog, CSV) there
// is one name, the protocol table's `HeadightsSwitchInput`; the other spelling
// is moved onto it before validation. One key check per packet.
import type { BackendGeneration } from "../../contract/laps";

export const HEADLIGHTS_INTERNAL = "HeadightsSwitchInput";
export const HEADLIGHTS_2026_06 = "HeadlightsSwitchInput";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

/** The packet with the 2026-06 spelling renamed to the internal one (a shallow copy of B3 only). */
export function withInternalNames(packet: unknown): unknown {
  if (!isObj(packet)) return packet;
  const b3 = packet.B3;
  if (!isObj(b3) || HEADLIGHTS_INTERNAL in b3 || !(HEADLIGHTS_2026_06 in b3)) return packet;
  const { [HEADLIGHTS_2026_06]: value, ...rest } = b3;
  return { ...packet, B3: { ...rest, [HEADLIGHTS_INTERNAL]: value } };
}

/** Which generation a packet's spelling belongs to; null when it has neither (or is text). */
export function packetGeneration(packet: unknown): BackendGeneration | null {
  if (!isObj(packet) || !isObj(packet.B3)) return null;
  if (HEADLIGHTS_2026_06 in packet.B3) return "2026-06";
  if (HEADLIGHTS_INTERNAL in packet.B3) return "2026-01";
  return null;
}

/** The 2026-06 wire form of an internal packet (the feed server speaks both). */
export function with2026_06Names<T extends { B3: Obj }>(packet: T): T {
  const { [HEADLIGHTS_INTERNAL]: value, ...rest } = packet.B3;
  return { ...packet, B3: { ...rest, [HEADLIGHTS_2026_06]: value } };
}
