// The export benchmarks' history: `rows` stored real-shaped packets (256
// variants in turn, 10 Hz), the same for the CSV and Parquet benches.
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { realisticPacket } from "./realisticPacket";
import { LAYOUT } from "../workers/telemetry/features";

export const FIXTURE_T0 = 1_795_000_000;

export function filledStore(rows: number): TelemetryStore {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: rows });
  const VARIANTS = 256;
  const packets = Array.from({ length: VARIANTS }, (_, i) => realisticPacket(i + 1));
  for (let i = 0; i < rows; i++) {
    const p = packets[i % VARIANTS]!;
    p.TimeStamp = FIXTURE_T0 + i * 0.1;
    store.ingest(p, "DEMO");
  }
  return store;
}
