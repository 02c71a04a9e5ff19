// How bench/realisticPacket.ts makes a packet, given the schema's catalog, its
// default packet and the seeded PRNG. Only types are imported here, so
// bench/ingestFeed.ts can hand it an older build's schema (bench/compareBuilds.ts
// runs this checkout's bench/ in that build's tree, where the paths differ).
import type { FieldInfo } from "../workers/contract/fields";
import type { TelemetryPacket } from "../workers/telemetry/schema/packetSchema";

export interface PacketSchema {
  FIELD_CATALOG: readonly FieldInfo[];
  defaultPacket(): TelemetryPacket;
  createRandom(seed: number): () => number;
}

const RANGES: Record<string, [number, number]> = {
  V: [2.9, 140],
  A: [-20, 60],
  "°C": [18, 65],
  Ah: [0, 40],
  "%": [0, 100],
  rpm: [0, 900],
  "m/s": [0, 30],
  Hz: [0, 5],
  g: [-2, 2],
  "°/s": [-90, 90],
};

export const packetMaker =
  ({ FIELD_CATALOG, defaultPacket, createRandom: random }: PacketSchema) =>
  (seed = 1, time = 1_795_000_000): TelemetryPacket => {
    const next = random(seed);
    const packet = defaultPacket() as unknown as Record<string, Record<string, unknown>>;
    for (const info of FIELD_CATALOG) {
      const keys = info.path.split(".");
      let node: Record<string, unknown> = packet;
      for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
      const last = keys[keys.length - 1] as string;
      if (info.type === "boolean") node[last] = next() < 0.3;
      else if (info.type === "string") node[last] = last === "Title" ? "Helios" : "04A2B9C1";
      else {
        const [lo, hi] = RANGES[info.unit] ?? [0, 255];
        const v = lo + next() * (hi - lo);
        node[last] = info.unit === "" ? Math.round(v) : v;
      }
    }
    const p = packet as unknown as TelemetryPacket;
    p.TimeStamp = time;
    p.Telemetry.GpsLatitude = 38.9 + next() * 0.01;
    p.Telemetry.GpsLongitude = -77.03 - next() * 0.01;
    p.MotorDetails0.Odometer = 123_456.789;
    p.MotorDetails1.Odometer = 123_456.789;
    return p;
  };
