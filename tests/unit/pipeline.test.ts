import { describe, expect, it } from "vitest";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import {
  BOOLEAN_FIELDS,
  NUMERIC_FIELDS,
  defaultPacket,
} from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { CHANNELS } from "../../workers/telemetry/math/channelRegistry";
import { mathStage } from "../../workers/telemetry/math/mathStage";
import { ENERGY_COLUMNS } from "../../workers/telemetry/laps/analysis/energyStage";
import type { Stage, StageEvent } from "../../workers/telemetry/pipeline/Stage";
import { importCsv } from "../../workers/telemetry/csv/importCsv";
import { exportText } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;
const slot = (path: string) => LAYOUT.storedFieldSlot(path)!.index;
const TIME = slot("TimeStamp");
const PACK_POWER = slot("Derived.PackPower");
const BRAKE = BOOLEAN_FIELDS.indexOf("B3.BrakeSwitchDigital");

function packet(i: number): TelemetryPacket {
  const p = defaultPacket();
  p.TimeStamp = T0 + i * 0.1;
  // Fractions a Float32 column rounds: the stages must see the packet's own values.
  p.Battery.PackVoltage = 130.37 + (i % 7) * 0.113;
  p.Battery.PackCurrent = 10.11 + i * 0.37;
  p.MPPT.Mppt2Ch1ArrayVoltage = 40.3;
  p.MPPT.Mppt2Ch1ArrayCurrent = 2.07 + (i % 3);
  p.B3.BrakeSwitchDigital = i % 4 === 1;
  return p;
}

interface EnergyState {
  lastTime: number;
  lastWatts: number;
  wattHours: number;
  marks: number;
  brakePresses: number;
  brakeWasOn: boolean;
}

/**
 * A stage shaped like the energy integrators and alert rules to come: it
 * integrates pack power over time, counts brake presses (a boolean input)
 * and emits an event each time another 0.01 Wh has gone through the pack.
 */
const energyStage: Stage<EnergyState> = {
  name: "test energy",
  columns: [],
  inputs: ["TimeStamp", "Derived.PackPower"],
  createState: () => ({
    lastTime: NaN,
    lastWatts: 0,
    wattHours: 0,
    marks: 0,
    brakePresses: 0,
    brakeWasOn: false,
  }),
  reset(s) {
    Object.assign(s, energyStage.createState(LAYOUT));
  },
  step(s, row, bits, _out, emit) {
    const time = row[TIME]!;
    const watts = row[PACK_POWER]!;
    if (s.lastTime === s.lastTime)
      s.wattHours += (((s.lastWatts + watts) / 2) * (time - s.lastTime)) / 3600;
    s.lastTime = time;
    s.lastWatts = watts;
    while (s.wattHours >= (s.marks + 1) * 0.01) {
      s.marks++;
      emit({ kind: "energy", time, payload: { wattHours: s.marks * 0.01 } });
    }
    const brake = ((bits[BRAKE >>> 5]! >>> (BRAKE & 31)) & 1) === 1;
    if (brake && !s.brakeWasOn) s.brakePresses++;
    s.brakeWasOn = brake;
  },
};

const STAGES_WITH_ENERGY = [...LAYOUT.stages, energyStage];

function energyStore(capacity = 256) {
  const events: StageEvent[] = [];
  const store = new TelemetryStore({
    layout: LAYOUT,
    capacity,
    stages: STAGES_WITH_ENERGY,
    onStageEvent: (event) => events.push(event),
  });
  const state = () => store.pipeline.state(energyStage)!;
  return { store, events, state };
}

function ingestAll(store: TelemetryStore, from: number, to: number): void {
  for (let i = from; i < to; i++) expect(store.ingest(packet(i), "DEMO")).toBe(true);
}

const columnOf = (store: TelemetryStore, path: string) =>
  Array.from({ length: store.ring.length }, (_, i) => store.ring.number(i, slot(path)));

/** Numbers, booleans and array lengths in a value: what a state holds. */
function sizeOf(value: unknown): number {
  if (value === null || typeof value !== "object") return 1;
  if (ArrayBuffer.isView(value)) return (value as Uint8Array).length;
  return Object.values(value).reduce<number>((sum, v) => sum + sizeOf(v), 1);
}

describe("ingest pipeline: registration", () => {
  it("runs the math channels first, in slots after the packet's columns, the starter set in them", () => {
    expect(LAYOUT.stages[0]).toBe(mathStage);
    const stageColumns = LAYOUT.stages.flatMap((stage) => stage.columns.map((c) => c.path));
    expect(LAYOUT.storedNumericFields.slice(NUMERIC_FIELDS.length)).toEqual(stageColumns);
    const channels = CHANNELS.list().map((c) => c.name);
    // The channels, then the lap energy totals (named stage columns).
    expect(
      LAYOUT.storeCatalog()
        .slice(-channels.length - ENERGY_COLUMNS.length, -ENERGY_COLUMNS.length)
        .map((f) => f.path),
    ).toEqual(channels);
    expect(channels.slice(0, 3)).toEqual([
      "Derived.MpptArrayPower",
      "Derived.PackPower",
      "Derived.MotorBusPower",
    ]);
    expect(slot("Derived.MpptArrayPower")).toBe(NUMERIC_FIELDS.length);
  });

  it("refuses a stage whose columns are not in the history, or that reads what is not stored", () => {
    const unknown: Stage = {
      ...energyStage,
      name: "unknown",
      columns: [{ path: "Math.Nothing", type: "number", group: "Math", label: "x", unit: "" }],
    };
    expect(() => new TelemetryStore({ layout: LAYOUT, stages: [unknown] })).toThrow(/Math.Nothing/);
    const reader: Stage = { ...energyStage, name: "reader", inputs: ["Title"] };
    expect(() => new TelemetryStore({ layout: LAYOUT, stages: [reader] })).toThrow(/Title/);
  });
});

describe("ingest pipeline: derived power", () => {
  it("computes power from the values as stored (Float32 keeps ~7 digits), as a replay will", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    ingestAll(store, 0, 5);
    for (let i = 0; i < 5; i++) {
      const p = packet(i);
      const f = Math.fround;
      expect(store.ring.number(i, PACK_POWER)).toBe(
        f(p.Battery.PackVoltage) * f(p.Battery.PackCurrent),
      );
      expect(store.ring.number(i, slot("Derived.MpptArrayPower"))).toBe(
        f(p.MPPT.Mppt2Ch1ArrayVoltage) * f(p.MPPT.Mppt2Ch1ArrayCurrent),
      );
    }
  });

  it("computes the channels even where a source offers values for them (imports recompute)", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    expect(store.ingest(packet(0), "REPLAY")).toBe(true);
    const p = packet(0);
    expect(columnOf(store, "Derived.PackPower")).toEqual([
      Math.fround(p.Battery.PackVoltage) * Math.fround(p.Battery.PackCurrent),
    ]);
  });
});

describe("ingest pipeline: one state per history", () => {
  it("two histories keep their own stage states and their own events", () => {
    const a = energyStore();
    const b = energyStore();
    ingestAll(a.store, 0, 100);
    expect(a.state().wattHours).toBeGreaterThan(0.03);
    expect(a.state().brakePresses).toBe(25);
    expect(a.events.length).toBeGreaterThan(2);
    expect(b.state()).toEqual(energyStage.createState(LAYOUT));
    expect(b.events).toEqual([]);
    ingestAll(b.store, 0, 10);
    expect(b.state().brakePresses).toBe(3);
    expect(a.state().brakePresses).toBe(25);
  });

  it("a stage's state does not grow with the history", () => {
    for (const stage of STAGES_WITH_ENERGY) {
      const short = new TelemetryStore({
        layout: LAYOUT,
        capacity: 64,
        stages: STAGES_WITH_ENERGY,
      });
      const long = new TelemetryStore({ layout: LAYOUT, capacity: 64, stages: STAGES_WITH_ENERGY });
      // Both past the longest time window of the starter set (60 s at 10 rows/s):
      // a window's buffer holds the window, never the history.
      ingestAll(short, 0, 1000);
      ingestAll(long, 0, 4000);
      expect(sizeOf(long.pipeline.state(stage)), stage.name).toBe(
        sizeOf(short.pipeline.state(stage)),
      );
    }
  });
});

describe("ingest pipeline: replay over a whole history", () => {
  it("gives the same columns, state and events as the packets did one by one", async () => {
    const live = energyStore();
    ingestAll(live.store, 0, 120);
    const stateLive = { ...live.state() };
    const eventsLive = [...live.events];
    const powerLive = columnOf(live.store, "Derived.PackPower");
    const progress: number[] = [];
    const done = await live.store.pipeline.replay({
      sliceRows: 50,
      onProgress: (rows, total) => progress.push(rows, total),
    });
    expect(done).toBe(true);
    expect(progress).toEqual([50, 120, 100, 120, 120, 120]);
    expect(live.state()).toEqual(stateLive);
    expect(live.events).toEqual([...eventsLive, ...eventsLive]);
    // Stored values count as given: the replay keeps the powers computed from
    // the packets' values (their Float32 columns hold them rounded).
    expect(columnOf(live.store, "Derived.PackPower")).toEqual(powerLive);
  });

  it("recomputes every column when asked, from the stored values", async () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 32 });
    for (let i = 0; i < 20; i++) {
      const p = packet(i);
      p.Battery.PackVoltage = 130 + i; // exact in Float32: stored = sent
      p.Battery.PackCurrent = 10.5;
      store.ingest(p, "DEMO");
    }
    const before = columnOf(store, "Derived.PackPower");
    for (let i = 0; i < 20; i++) store.ring.setNumber(store.ring.physical(i), PACK_POWER, 0);
    expect(await store.pipeline.replay({ recompute: true })).toBe(true);
    expect(columnOf(store, "Derived.PackPower")).toEqual(before);
  });

  it("stops when cancelled", async () => {
    const { store } = energyStore();
    ingestAll(store, 0, 40);
    const abort = new AbortController();
    const done = await store.pipeline.replay({
      sliceRows: 10,
      signal: abort.signal,
      onProgress: () => abort.abort(),
    });
    expect(done).toBe(false);
  });

  it("a restore puts older rows first and rebuilds the state as if they had come first", () => {
    const older = energyStore();
    ingestAll(older.store, 0, 60);
    const whole = energyStore();
    ingestAll(whole.store, 0, 90);
    const live = energyStore();
    ingestAll(live.store, 60, 90); // packets that arrived while the restore read
    const liveEvents = [...live.events];
    live.store.restoreRows([older.store.newestRows(60)]);
    expect(live.state()).toEqual(whole.state());
    expect(columnOf(live.store, "Derived.PackPower")).toEqual(
      columnOf(whole.store, "Derived.PackPower"),
    );
    // The restored rows' events were emitted when they were live.
    expect(live.events).toEqual(liveEvents);
  });

  it("a replay history filled from recorded chunks runs the stages over them", () => {
    const recorded = energyStore();
    ingestAll(recorded.store, 0, 80);
    const replay = energyStore();
    expect(replay.store.appendRows(recorded.store.ring.exportRows(0, 30))).toBe(true);
    expect(replay.store.appendRows(recorded.store.ring.exportRows(30, 50))).toBe(true);
    expect(replay.state()).toEqual(recorded.state());
    expect(replay.events).toEqual(recorded.events);
  });

  it("an imported CSV runs the stages over its rows as the packets did", async () => {
    const source = energyStore();
    ingestAll(source.store, 0, 100);
    const imported = energyStore();
    const report = await importCsv(exportText(source.store, { values: "raw" }), imported.store, {
      chunkBytes: 4096,
    });
    expect(report.rowsImported).toBe(100);
    expect(imported.state()).toEqual(source.state());
    expect(imported.events).toEqual(source.events);
  });
});
