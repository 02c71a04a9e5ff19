// How the ingest benchmarks feed packets: real-shaped packets as the wire's
// JSON text (64 variants, so no single string stays hot), timed in batches
// for about a second per run, and the median of runs. bench:ingest and
// bench:alerts measure the same way, so their figures compare.
//
// Two feeds of the same seeded packets. "storm": every flag drawn per packet,
// so some 35 alerts start or end per packet, which no car does. "race": the
// flags held as in the first packet, as a car's are; every other value as in
// the storm.
//
// bench/compareBuilds.ts runs this file in an older build's tree too, so the
// schema is looked up by paths held in variables: today's, or a build's from
// before workers/telemetry/schema/ (7f06a95: workers/telemetry/fields.ts).
// Both catalogs make the same packets, so both builds are fed the same text.
import { packetSchema, realisticPacket } from "./realisticPacket";
import type { FieldInfo } from "../workers/contract/fields";
import type { TelemetryPacket } from "../workers/telemetry/schema/packetSchema";

export const VARIANTS = 64;

export type Feed = "race" | "storm";

type Node = Record<string, unknown>;

/**
 * The flag fields by the packet alone, for a build whose catalog names no bit
 * fields: every boolean value and every number whose path ends in Flags (the
 * catalog's bit fields all do; tests/unit/bench-ingest-feed.test.ts checks
 * this gives the catalog's set).
 */
export function flagFieldsOf(packet: unknown, prefix = ""): string[] {
  return Object.entries(packet as Node).flatMap(([key, value]) => {
    const path = prefix + key;
    if (value !== null && typeof value === "object") return flagFieldsOf(value, `${path}.`);
    return typeof value === "boolean" || /Flags$/.test(key) ? [path] : [];
  });
}

/**
 * Every boolean field (faults, warnings, trips, switches, contactor states) and
 * every flag word: by today's catalog, or by the packet where the catalog is
 * an older build's, which names no bit fields.
 */
export const FLAG_FIELDS: readonly string[] = packetSchema.isToday
  ? (packetSchema.fields.FIELD_CATALOG as readonly FieldInfo[])
      .filter(
        (info) => info.type === "boolean" || info.bits !== undefined || /Flags$/.test(info.path),
      )
      .map((info) => info.path)
  : flagFieldsOf(realisticPacket());

const parentOf = (packet: Node, keys: readonly string[]): Node =>
  keys.slice(0, -1).reduce((node, key) => node[key] as Node, packet);

/** `packet` with its flag fields set to `held`'s. */
function holdFlags(packet: TelemetryPacket, held: TelemetryPacket): TelemetryPacket {
  for (const path of FLAG_FIELDS) {
    const keys = path.split(".");
    const last = keys[keys.length - 1]!;
    parentOf(packet as unknown as Node, keys)[last] = parentOf(held as unknown as Node, keys)[last];
  }
  return packet;
}

/** The variants, seeded, each packet 0.5 ms after the previous one. */
export function feedPackets(feed: Feed, variants = VARIANTS): TelemetryPacket[] {
  const packets = Array.from({ length: variants }, (_, i) =>
    realisticPacket(i + 1, 1_795_000_000 + i * 0.0005),
  );
  const first = packets[0];
  return feed === "race" && first ? packets.map((p) => holdFlags(p, first)) : packets;
}

/** The variants' JSON text (the storm unless asked: the other benchmarks' feed as it was). */
export function wireTexts(feed: Feed = "storm", variants = VARIANTS): string[] {
  return feedPackets(feed, variants).map((packet) => JSON.stringify(packet));
}

/** Packets per second of `step` over the texts, for about `runMs`. */
export function measurePps(
  texts: readonly string[],
  step: (text: string) => void,
  runMs: number,
): number {
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < runMs) {
    for (let k = 0; k < 100; k++) step(texts[(n + k) % texts.length] as string);
    n += 100;
    elapsed = performance.now() - start;
  }
  return (n * 1000) / elapsed;
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
export const perSecond = (pps: number) => `${Math.round(pps).toLocaleString("en-US")} packets/s`;
