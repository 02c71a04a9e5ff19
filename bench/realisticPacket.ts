// A real-shaped telemetry packet for benchmarks: every field of the schema,
// plausible values per unit, full-precision floats as the car sends them
// (made by bench/packetMaker.ts from this checkout's schema).
import { FIELD_CATALOG, defaultPacket } from "../workers/telemetry/schema/fields";
import { createRandom } from "../workers/telemetry/sources/demo/random";
import { packetMaker } from "./packetMaker";

export const realisticPacket = packetMaker({ FIELD_CATALOG, defaultPacket, createRandom });
