// Range statistics benchmark (issue 37's budget: statistics over 36,000 rows ×
// 4 series take ≤ 20 ms): one hour at 10 Hz of real-shaped packets ingested
// through TelemetryStore, then the worker's own rangeStats over the whole
// hour, with a level per series, timed many times; the median is the figure.
// bench:math imports measureRangeStats(); alone: npx tsx bench/rangeStats.ts
import { fileURLToPath } from "node:url";
import type { RangeStatsRequest } from "../workers/contract/stats";
import { rangeStats } from "../workers/telemetry/stats/rangeStats";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { realisticPacket } from "./realisticPacket";
import { LAYOUT } from "../workers/telemetry/features";

const ROWS = 36_000;
const T0 = 1_795_000_000;
const RUNS = 41;
/** Float32 and Float64 columns and a boolean, as a plot of four series could hold. */
const FIELDS = [
  "Battery.PackVoltage",
  "Battery.PackCurrent",
  "MotorDetails0.Odometer",
  "Battery.ChargeRelayEnabled",
];

function hourStore(): TelemetryStore {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: ROWS });
  const variants = Array.from({ length: 64 }, (_, i) => realisticPacket(i + 1));
  for (let i = 0; i < ROWS; i++) {
    const p = variants[i % variants.length]!;
    p.TimeStamp = T0 + i * 0.1;
    if (!store.ingest(p, "DEMO")) throw new Error(`bench packet ${i} rejected`);
  }
  return store;
}

/** Median milliseconds of rangeStats over 36,000 rows × 4 series (levels included). */
export function measureRangeStats(): number {
  const store = hourStore();
  const request: RangeStatsRequest = {
    fields: FIELDS,
    from: T0,
    to: T0 + ROWS * 0.1,
    levels: Object.fromEntries(FIELDS.map((path) => [path, 0.5])),
  };
  const first = rangeStats(store.ring, request);
  if (!first.ok || first.rows !== ROWS) throw new Error("bench: the hour was not summarised");
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    rangeStats(store.ring, request);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = measureRangeStats();
  console.log(`RESULT stats_36k_ms=${ms.toFixed(2)} (budget ≤ 20 ms)`);
}
