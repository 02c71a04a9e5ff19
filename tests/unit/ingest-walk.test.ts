// The store checks packets in one walk (no zod on the hot path); zod is asked
// only to word the reason of a rejection. These tests hold the walk to the
// schema: whatever zod rejects is rejected, with zod's reason, and nothing of
// a rejected packet is stored or shown.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initialConnection } from "../../workers/telemetry/service/config";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import {
  FIELD_CONTAINERS,
  BOOLEAN_FIELDS,
  NUMERIC_FIELDS,
  STRING_FIELDS,
  defaultPacket,
} from "../../workers/telemetry/schema/fields";
import { needsFloat64 } from "../../workers/telemetry/history/precision";
import { buildPacketWalk } from "../../workers/telemetry/store/packetWalk";
import { telemetryPacketSchema } from "../../workers/telemetry/schema/packetSchema";
import { LAYOUT } from "../../workers/telemetry/features";

type Obj = Record<string, unknown>;
const FIELDS = [...NUMERIC_FIELDS, ...BOOLEAN_FIELDS, ...STRING_FIELDS];

function setPath(packet: Obj, path: string, value: unknown): void {
  const keys = path.split(".");
  let obj = packet;
  for (const key of keys.slice(0, -1)) obj = obj[key] as Obj;
  obj[keys.at(-1)!] = value;
}

function goodPacket(i: number): Obj {
  const p = defaultPacket() as unknown as Obj;
  p.TimeStamp = 1_795_000_000 + i;
  (p.Battery as Obj).PackVoltage = 100 + i;
  return p;
}

const badValue = fc.oneof(
  fc.constant(NaN),
  fc.constant(Infinity),
  fc.constant(-Infinity),
  fc.constant(1e39),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant([]),
  fc.constant({}),
  fc.string(),
  fc.boolean(),
  fc.double(),
);

describe("ingest's one-walk check", () => {
  it("accepts and rejects exactly what the schema (and the Float32 range) does, with zod's reason", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), badValue, (path, value) => {
        const store = new TelemetryStore({ layout: LAYOUT, capacity: 4 });
        store.ingest(goodPacket(0), "NETWORK");
        const packet = goodPacket(1);
        setPath(packet, path, value);
        const zodOk = telemetryPacketSchema.safeParse(packet).success;
        const float32Field = NUMERIC_FIELDS.includes(path) && !needsFloat64(path);
        const inRange = !(
          float32Field &&
          typeof value === "number" &&
          Math.abs(value) > 3.4028234663852886e38
        );
        const accepted = store.ingest(packet, "NETWORK");
        expect(accepted).toBe(zodOk && inRange);
        const counters = store.counters();
        if (accepted) return;
        // Nothing of the rejected packet reached history or the shown values.
        expect(counters.historyLength).toBe(1);
        expect(store.snapshot(1, initialConnection()).changed).toEqual({});
        const reason = counters.recentRejections.at(-1)!.reason;
        expect(reason.startsWith(`${path}: `)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("rejects a container that is an array, null or missing, as zod does", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4 });
    for (const value of [[], null, undefined, "x"]) {
      const packet = goodPacket(0);
      packet.Battery = value;
      expect(store.ingest(packet, "RADIO")).toBe(false);
    }
    expect(store.counters().recentRejections.map((r) => r.reason)[0]).toBe(
      "Battery: expected object, received array",
    );
    expect(store.counters().historyLength).toBe(0);
  });

  it("ignores unknown keys as zod's object mode does", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4 });
    const packet = goodPacket(0);
    (packet.Battery as Obj).NotAField = "surprise";
    packet.Extra = { a: 1 };
    expect(store.ingest(packet, "NETWORK")).toBe(true);
    expect(store.snapshot(0, initialConnection()).changed["Battery.PackVoltage"]).toBe(100);
  });
});

describe("series batch", () => {
  it("answers every plot of a frame from one plan, sharing the columns of the same field", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    for (let i = 0; i < 40; i++) store.ingest(goodPacket(i), "DEMO");
    const base = { from: null, to: null, points: 8, units: "metric" as const };
    const a = { ...base, fields: ["Battery.PackVoltage", "B3.BrakeSwitchDigital"] };
    const b = { ...base, fields: ["Battery.PackVoltage"] };
    const c = { ...base, fields: ["Battery.PackVoltage"], units: "imperial" as const };
    const [ra, rb, rc] = store.seriesBatch([a, b, c]);
    // Same as asked one by one …
    for (const [batched, single] of [
      [ra!, store.series(a)],
      [rb!, store.series(b)],
      [rc!, store.series(c)],
    ] as const) {
      expect(batched.data.map((col) => [...col])).toEqual(single.data.map((col) => [...col]));
      expect(batched.units).toEqual(single.units);
      expect([batched.from, batched.to]).toEqual([single.from, single.to]);
    }
    // … with the x column and a shared field's column computed once.
    expect(rb!.data[0]).toBe(ra!.data[0]);
    expect(rb!.data[1]).toBe(ra!.data[1]);
    expect(rc!.data[1]).not.toBe(ra!.data[1]); // other units, other column
  });
});

describe("generated packet walk", () => {
  it("agrees with the plain loop on good and broken packets", () => {
    const float32 = Uint8Array.from(NUMERIC_FIELDS, (path) => (needsFloat64(path) ? 0 : 1));
    const generated = buildPacketWalk(FIELD_CONTAINERS, float32);
    const loop = buildPacketWalk(FIELD_CONTAINERS, float32, false);
    const row = () => ({
      nums: new Float64Array(NUMERIC_FIELDS.length),
      strs: STRING_FIELDS.map(() => ""),
      bits: new Uint32Array(Math.ceil(BOOLEAN_FIELDS.length / 32)),
    });
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), badValue, fc.boolean(), (path, value, edit) => {
        const packet = goodPacket(3);
        if (edit) setPath(packet, path, value);
        const [a, b] = [row(), row()];
        const ok = generated(packet, a);
        expect(loop(packet, b)).toBe(ok);
        if (ok)
          expect([[...a.nums], a.strs, [...a.bits]]).toEqual([[...b.nums], b.strs, [...b.bits]]);
      }),
      { numRuns: 300 },
    );
  });
});
