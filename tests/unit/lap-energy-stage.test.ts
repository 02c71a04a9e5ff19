// The lap energy stage's running totals against figures worked out by hand,
// and the same totals whichever way a history was filled (live, restore,
// replay of recorded chunks, CSV import).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { CHANNELS } from "../../workers/telemetry/math/channelRegistry";
import {
  ARRAY_IN_TOTAL,
  PACK_OUT_TOTAL,
  TRACK_DISTANCE_TOTAL,
} from "../../workers/telemetry/laps/analysis/energyStage";
import { importCsv } from "../../workers/telemetry/csv/importCsv";
import { haversineKm } from "../../workers/telemetry/geo/geo";
import { exportText } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;

interface Sample {
  t: number;
  volts: number;
  amps: number;
  /** One MPPT channel: volts, amps. */
  array?: [number, number];
  lat?: number;
  long?: number;
}

function packetOf(s: Sample): TelemetryPacket {
  const p = defaultPacket();
  p.TimeStamp = T0 + s.t;
  p.Battery.PackVoltage = s.volts;
  p.Battery.PackCurrent = s.amps;
  if (s.array) {
    p.MPPT.Mppt1Ch0ArrayVoltage = s.array[0];
    p.MPPT.Mppt1Ch0ArrayCurrent = s.array[1];
  }
  p.Telemetry.GpsLatitude = s.lat ?? 0;
  p.Telemetry.GpsLongitude = s.long ?? 0;
  return p;
}

function storeOf(samples: readonly Sample[]): TelemetryStore {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 1024 });
  for (const s of samples) expect(store.ingest(packetOf(s), "DEMO")).toBe(true);
  return store;
}

function column(store: TelemetryStore, path: string): number[] {
  const field = LAYOUT.storedFieldSlot(path)!.index;
  return Array.from({ length: store.ring.length }, (_, i) =>
    store.ring.numberAtSlot(store.ring.physical(i), field),
  );
}

// Values a Float32 column holds exactly, so the hand figures need no rounding.
const HAND: Sample[] = [
  { t: 0, volts: 100, amps: 10, array: [50, 2], lat: 36.9, long: -86.4 },
  { t: 1, volts: 100, amps: 20, array: [50, 4], lat: 36.901, long: -86.4 },
  { t: 2, volts: 100, amps: 20, array: [50, 4], lat: 0, long: 0 }, // no fix
  // 20 s without data: a gap, not integrated (the car may have stood or driven).
  { t: 22, volts: 100, amps: -10, array: [50, 4], lat: 36.902, long: -86.4 },
  { t: 24, volts: 100, amps: -10, array: [50, 2], lat: 36.95, long: -86.4 }, // 5.4 km jump: a glitch
  { t: 25, volts: 100, amps: 0, lat: 36.951, long: -86.4 }, // the array reads 0 W
];

describe("lap energy stage: running totals", () => {
  it("integrates pack and array power by trapezoids, skipping a step over 10 s, discharge positive", () => {
    const store = storeOf(HAND);
    const pack = column(store, PACK_OUT_TOTAL);
    // 0→1: (1000 + 2000) / 2 W for 1 s; 1→2: 2000 W for 1 s; 2→22: a gap;
    // 22→24: −1000 W for 2 s (charging); 24→25: (−1000 + 0) / 2 W for 1 s.
    const packWh = [0, 1500 / 3600, 3500 / 3600, 3500 / 3600, 1500 / 3600, 1000 / 3600];
    pack.forEach((v, i) => expect(v).toBeCloseTo(packWh[i]!, 9));
    const array = column(store, ARRAY_IN_TOTAL);
    // 0→1: (100 + 200) / 2 W; 1→2: 200 W; gap; 22→24: (200 + 100) / 2 W for 2 s;
    // 24→25: (100 + 0) / 2 W for 1 s.
    const arrayWh = [0, 150 / 3600, 350 / 3600, 350 / 3600, 650 / 3600, 700 / 3600];
    array.forEach((v, i) => expect(v).toBeCloseTo(arrayWh[i]!, 9));
  });

  it("sums the GPS track like the map: no-fix rows ignored, a jump over 1 km not counted", () => {
    const store = storeOf(HAND);
    const distance = column(store, TRACK_DISTANCE_TOTAL);
    const step = haversineKm(36.9, -86.4, 36.901, -86.4) * 1000; // ≈ 111.2 m
    const expected = [0, step, step, 2 * step, 2 * step, 3 * step];
    distance.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 6));
  });

  it("names its columns for people, and a math channel cannot take their names or labels", () => {
    const info = LAYOUT.storeCatalog().find((f) => f.path === PACK_OUT_TOTAL);
    expect(info).toMatchObject({ label: "Pack Energy Out (Running Total)", unit: "Wh" });
    const before = CHANNELS.list();
    const byName = CHANNELS.set([
      ...before,
      { name: PACK_OUT_TOTAL, expression: "1", unit: "", description: "" },
    ]);
    expect(byName.ok).toBe(false);
    if (!byName.ok) expect(byName.message).toContain("lap energy total");
    const byLabel = CHANNELS.set([
      ...before,
      {
        name: "MyTotal",
        label: "GPS Track Distance (Running Total)",
        expression: "1",
        unit: "",
        description: "",
      },
    ]);
    expect(byLabel.ok).toBe(false);
    if (!byLabel.ok) expect(byLabel.message).toContain(TRACK_DISTANCE_TOTAL);
    expect(CHANNELS.list()).toEqual(before);
  });
});

/** A drive with fractions a Float32 column rounds, at 10 Hz. */
function drive(from: number, to: number): Sample[] {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    return {
      t: i * 0.1 + (i >= 150 ? 30 : 0), // a 30 s pause in the middle
      volts: 130.37 + (i % 7) * 0.113,
      amps: 10.11 + Math.sin(i / 9) * 7.3,
      array: [40.3 + (i % 5) * 0.07, 2.07 + (i % 3) * 0.31],
      lat: 36.9 + i * 1.3e-5,
      long: -86.4 + Math.sin(i / 40) * 1e-4,
    };
  });
}

const COLUMNS = [PACK_OUT_TOTAL, ARRAY_IN_TOTAL, TRACK_DISTANCE_TOTAL];
const totals = (store: TelemetryStore) => COLUMNS.map((path) => column(store, path));

describe("lap energy stage: a restore, replay or import computes the same totals", () => {
  it("a restore after a reload (recorded rows do not carry the totals)", () => {
    const whole = storeOf(drive(0, 300));
    const older = storeOf(drive(0, 200));
    const live = storeOf(drive(200, 300)); // arrived while the restore read
    live.restoreRows([older.newestRows(200)]);

    expect(totals(live)).toEqual(totals(whole));
    expect(totals(whole)[0]!.at(-1)).toBeGreaterThan(0.5);
  });

  it("a replay history filled from recorded chunks", () => {
    const recorded = storeOf(drive(0, 300));
    const replay = new TelemetryStore({ layout: LAYOUT, capacity: 1024 });
    expect(replay.appendRows(recorded.ring.exportRows(0, 120))).toBe(true);
    expect(replay.appendRows(recorded.ring.exportRows(120, 180))).toBe(true);
    expect(totals(replay)).toEqual(totals(recorded));
  });

  it("a CSV import, with the totals' columns or without them", async () => {
    const source = storeOf(drive(0, 300));
    const withTotals = new TelemetryStore({ layout: LAYOUT, capacity: 1024 });
    await importCsv(exportText(source, { values: "raw" }), withTotals);
    expect(totals(withTotals)).toEqual(totals(source));
    // An export made before this stage had no such columns: they are computed.
    const table = Papa.parse<string[]>(exportText(source, { values: "raw" })).data.filter(
      (line) => line.length > 1,
    );
    const drop = new Set(COLUMNS.map((path) => table[0]!.indexOf(path)));
    expect(drop.has(-1)).toBe(false);
    const older = Papa.unparse(table.map((line) => line.filter((_, k) => !drop.has(k))));
    const without = new TelemetryStore({ layout: LAYOUT, capacity: 1024 });
    expect((await importCsv(older, without)).rowsImported).toBe(300);
    const got = totals(without);
    totals(source).forEach((col, c) => col.forEach((v, i) => expect(got[c]![i]).toBeCloseTo(v, 6)));
  });
});
