// A real-shaped telemetry packet for benchmarks: every field of the schema,
// plausible values per unit, full-precision floats as the car sends them
// (made by bench/packetMaker.ts). The schema is the build's under test: this
// checkout's, or an older build's where bench/compareBuilds.ts runs these
// scripts in its tree (7f06a95: workers/telemetry/fields.ts), so both builds
// are fed the same packets.
import { loadFirst } from "./loadModule";
import { packetMaker, type PacketSchema } from "./packetMaker";

const [fields, fieldsAt] = await loadFirst(
  "../workers/telemetry/schema/fields",
  "../workers/telemetry/fields",
);
const [random] = await loadFirst(
  "../workers/telemetry/sources/demo/random",
  "../workers/sources/demo/random",
);

/** The schema module the packets were made from; `isToday`: this checkout's path. */
export const packetSchema = { fields, isToday: fieldsAt === 0 };

export const realisticPacket = packetMaker({ ...fields, ...random } as unknown as PacketSchema);
