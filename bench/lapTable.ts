// Lap table benchmark (issue 36's budget: sector and energy columns for 100
// laps ≤ 100 ms): 100 laps of a 4.4 km circuit at 10 Hz (220,000 rows) with
// pack and array power, stored through TelemetryStore (so the energy stage
// fills its running totals), lap events as a backend sends them, and 8 sector
// lines; the worker's buildLapTable over the whole history, timed several
// times; the median is the figure. bench:laps (bench/laps.ts) reports it;
// alone: npx tsx bench/lapTable.ts
import { fileURLToPath } from "node:url";
import type { Lap } from "../workers/contract/laps";
import type { SectorLine } from "../workers/contract/lapAnalysis";
import { EARTH_RADIUS_M as EARTH_M } from "../workers/shared/earth";
import { buildLapTable } from "../workers/telemetry/laps/analysis/lapTable";
import { defaultPacket } from "../workers/telemetry/schema/fields";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../workers/telemetry/features";

const LAPS = 100;
const LAP_M = 4400;
const SPEED_MPS = 20;
const RATE_HZ = 10;
const T0 = 1_795_000_000;
const RUNS = 11;
const RAD = Math.PI / 180;
const CENTRE = { lat: 36.9, long: -86.4 };

/** Position at `fraction` of the way round a circle of LAP_M. */
function circlePoint(fraction: number): { lat: number; long: number } {
  const r = LAP_M / (2 * Math.PI);
  const a = 2 * Math.PI * fraction - Math.PI / 2;
  return {
    lat: CENTRE.lat + (r * Math.sin(a)) / (EARTH_M * RAD),
    long: CENTRE.long + (r * Math.cos(a)) / (EARTH_M * RAD * Math.cos(CENTRE.lat * RAD)),
  };
}

interface LapTableHistory {
  store: TelemetryStore;
  laps: Lap[];
  lines: SectorLine[];
}

function lapTableHistory(lapCount = LAPS): LapTableHistory {
  const lapS = LAP_M / SPEED_MPS;
  const rows = Math.ceil(lapCount * lapS * RATE_HZ) + 20;
  const store = new TelemetryStore({ layout: LAYOUT, capacity: rows });
  const p = defaultPacket();
  for (let i = 0; i < rows; i++) {
    const t = i / RATE_HZ;
    const pos = circlePoint(((t * SPEED_MPS) / LAP_M) % 1);
    p.TimeStamp = T0 + t;
    p.Telemetry.GpsLatitude = pos.lat;
    p.Telemetry.GpsLongitude = pos.long;
    p.MotorDetails0.VehicleVelocity = SPEED_MPS;
    p.Battery.PackVoltage = 130 + (i % 7) * 0.1;
    p.Battery.PackCurrent = 8 + (i % 13) * 0.5;
    p.MPPT.Mppt0Ch0ArrayVoltage = 40;
    p.MPPT.Mppt0Ch0ArrayCurrent = 3 + (i % 5) * 0.1;
    if (!store.ingest(p, "DEMO")) throw new Error(`bench packet ${i} rejected`);
  }
  const laps: Lap[] = Array.from({ length: lapCount }, (_, k) => ({
    rfid: "0xA1",
    endMs: (T0 + (k + 1) * lapS) * 1000,
    lapTime: lapS,
    distance: LAP_M / 1000,
    averageSpeed: 0,
    ampHours: 30 - k * 0.1,
    averagePackCurrent: 11,
    energyConsumed: -1400 * lapS,
    totalPowerIn: 120,
    totalPowerOut: 1520,
    netPowerOut: -1400,
    batterySecondsRemaining: -1,
    averageMotorWattage: null,
    simulated: false,
  }));
  const lines = Array.from({ length: 8 }, (_, k) => ({
    name: `S${k + 1}`,
    ...circlePoint((k + 1) / 9),
  }));
  return { store, laps, lines };
}

/** Median milliseconds of the lap table (sector and energy columns) of 100 laps. */
export function measureLapTable(history = lapTableHistory()): number {
  const build = () =>
    buildLapTable({
      ring: history.store.ring,
      laps: history.laps,
      drivers: {},
      finishLine: null,
      origin: { kind: "shown" },
      simulated: false,
      sectorLines: history.lines,
    });
  const first = build();
  if (
    first.rows.length !== history.laps.length ||
    first.sectors.length !== 8 ||
    first.theoreticalBestS === null
  )
    throw new Error(`bench: the lap table is not ${history.laps.length} laps of 9 sectors`);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    build();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = measureLapTable();
  console.log(`RESULT lap_table_100_ms=${ms.toFixed(2)} (budget ≤ 100 ms)`);
}
