import { describe, expect, it } from "vitest";
import { ColumnRing } from "../../workers/telemetry/history/ColumnRing";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { LAYOUT } from "../../workers/telemetry/features";

// Two numeric fields (0: time as Float64, 1: a Float32 reading) and 40
// booleans, so the packed booleans span two words.
function smallRing(capacity: number): ColumnRing {
  return new ColumnRing(capacity, {
    numericFloat64: [true, false],
    booleanCount: 40,
    timeField: 0,
  });
}

function writePacket(ring: ColumnRing, i: number): void {
  const slot = ring.claimSlot();
  ring.setNumber(slot, 0, 1_795_000_000 + i);
  ring.setNumber(slot, 1, i * 1.5);
  // boolean 3 is true on even packets, boolean 35 (second word) on multiples of 3
  ring.setBoolWord(slot, 0, i % 2 === 0 ? 1 << 3 : 0);
  ring.setBoolWord(slot, 1, i % 3 === 0 ? 1 << 3 : 0);
}

describe("columnar ring history", () => {
  it("after capacity + k packets the oldest k are gone and the rest are in order", () => {
    const ring = smallRing(8);
    for (let i = 0; i < 8 + 3; i++) writePacket(ring, i);
    expect(ring.length).toBe(8);
    for (let logical = 0; logical < 8; logical++) {
      const i = logical + 3;
      expect(ring.time(logical)).toBe(1_795_000_000 + i);
      expect(ring.number(logical, 1)).toBe(i * 1.5);
      expect(ring.boolean(logical, 3)).toBe(i % 2 === 0);
      expect(ring.boolean(logical, 35)).toBe(i % 3 === 0);
      expect(ring.boolean(logical, 4)).toBe(false);
    }
  });

  it("reads a window that wraps around the end of the buffers in logical order", () => {
    const ring = smallRing(8);
    for (let i = 0; i < 13; i++) writePacket(ring, i);
    const scratch = new Float64Array(8);
    expect([...ring.timeWindow(0, 8, scratch)]).toEqual(
      Array.from({ length: 8 }, (_, k) => 1_795_000_005 + k),
    );
    expect([...ring.numericWindow(1, 2, 5, scratch)]).toEqual(
      [7, 8, 9, 10, 11].map((i) => i * 1.5),
    );
    expect([...ring.booleanWindow(35, 0, 8, scratch)]).toEqual(
      [5, 6, 7, 8, 9, 10, 11, 12].map((i) => (i % 3 === 0 ? 1 : 0)),
    );
  });

  it("keeps epoch-second timestamps exact while other readings use Float32", () => {
    const ring = smallRing(4);
    const slot = ring.claimSlot();
    ring.setNumber(slot, 0, 1_795_000_000.125);
    ring.setNumber(slot, 1, 96.123456789);
    expect(ring.time(0)).toBe(1_795_000_000.125);
    expect(ring.number(0, 1)).toBeCloseTo(96.123456789, 4);
  });

  it("stores a full packet in at most 1,300 bytes of history", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 1024 });
    expect(store.bytesPerPacket).toBeLessThanOrEqual(1300);
    expect(store.counters().historyBytes).toBe(store.bytesPerPacket * 1024);
  });

  it("round-trips odometer, GPS and 32-bit flags exactly through the store", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4 });
    const packet = defaultPacket();
    packet.TimeStamp = 1_795_000_000.5;
    packet.MotorDetails0.Odometer = 123_456_789.25;
    packet.MotorDetails0.ErrorFlags = 0xfedcba98;
    packet.Telemetry.GpsLatitude = 38.8976763;
    expect(store.ingest(packet, "DEMO")).toBe(true);
    const { data } = store.series({
      fields: ["MotorDetails0.Odometer", "MotorDetails0.ErrorFlags", "Telemetry.GpsLatitude"],
      from: null,
      to: null,
      points: 10,
      units: "metric",
    });
    expect(data.map((column) => column[0])).toEqual([
      1_795_000_000.5, 123_456_789.25, 0xfedcba98, 38.8976763,
    ]);
  });
});

describe("one row copied from ring to ring (the recorder's 1-second summary)", () => {
  it("lands as the same row a packed copy gives, from a wrapped source into a wrapped target", () => {
    const source = smallRing(8);
    for (let i = 0; i < 13; i++) writePacket(source, i); // wrapped: holds packets 5..12
    const direct = smallRing(3);
    const packed = smallRing(3);
    for (const logical of [0, 2, 3, 5, 7]) {
      direct.appendRowOf(source, logical);
      packed.appendRows(source.exportRows(logical, 1));
    }
    expect(direct.length).toBe(3);
    for (let i = 0; i < 3; i++) {
      expect(direct.time(i)).toBe(packed.time(i));
      expect(direct.number(i, 1)).toBe(packed.number(i, 1));
      expect(direct.boolean(i, 3)).toBe(packed.boolean(i, 3));
      expect(direct.boolean(i, 35)).toBe(packed.boolean(i, 35));
    }
    // The newest three kept: packets 8, 10 and 12.
    expect([0, 1, 2].map((i) => direct.time(i) - 1_795_000_000)).toEqual([8, 10, 12]);
    expect([0, 1, 2].map((i) => direct.boolean(i, 35))).toEqual([false, false, true]);
  });

  it("refuses a ring of another layout rather than mixing up columns", () => {
    const other = new ColumnRing(4, { numericFloat64: [true], booleanCount: 2, timeField: 0 });
    const source = smallRing(4);
    writePacket(source, 0);
    expect(() => other.appendRowOf(source, 0)).toThrow(/different column layouts/);
  });
});

describe("history capacity from configuration", () => {
  it("falls back to the default capacity instead of failing on a bad value", () => {
    expect(new TelemetryStore({ layout: LAYOUT, capacity: 0 }).counters().historyCapacity).toBe(
      65_536,
    );
    expect(
      new TelemetryStore({ layout: LAYOUT, capacity: Number.NaN }).counters().historyCapacity,
    ).toBe(65_536);
    expect(new TelemetryStore({ layout: LAYOUT, capacity: 10.7 }).counters().historyCapacity).toBe(
      10,
    );
    expect(new TelemetryStore({ layout: LAYOUT }).counters().historyCapacity).toBe(65_536);
  });
});
