import { initialConnection } from "../../workers/telemetry/service/config";
import { describe, expect, it } from "vitest";
import type { ConnectionState } from "../../workers/contract/connection";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { BOOLEAN_FIELDS, defaultPacket } from "../../workers/telemetry/schema/fields";
import { CHANNELS } from "../../workers/telemetry/math/channelRegistry";
import { ENERGY_COLUMNS } from "../../workers/telemetry/laps/analysis/energyStage";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { LAYOUT } from "../../workers/telemetry/features";

const CONNECTION: ConnectionState = initialConnection();

function packet(i: number, edit?: (p: TelemetryPacket) => void): TelemetryPacket {
  const p = defaultPacket();
  p.TimeStamp = 1_795_000_000 + i * 0.5;
  p.Battery.PackVoltage = 100 + i;
  p.MotorDetails0.MotorTemperature = 20 + i;
  p.B3.BrakeSwitchDigital = i % 2 === 1;
  p.Title = "Helios";
  edit?.(p);
  return p;
}

function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1_000_000;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe("TelemetryStore ingest", () => {
  it("rejects a malformed packet with its reason and stores the next good one", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    expect(store.ingest(packet(0), "NETWORK")).toBe(true);
    const bad = packet(1) as unknown as { Battery: Record<string, unknown> };
    bad.Battery.PackVoltage = "96.1";
    expect(store.ingest(bad, "NETWORK")).toBe(false);
    expect(store.ingest(JSON.stringify(packet(2)), "RADIO")).toBe(true);

    const counters = store.counters();
    expect(counters.accepted).toBe(2);
    expect(counters.rejected).toBe(1);
    expect(counters.historyLength).toBe(2);
    expect(counters.recentRejections).toEqual([
      expect.objectContaining({
        source: "NETWORK",
        reason: "Battery.PackVoltage: expected number, received string",
      }),
    ]);
    expect(store.snapshot(0, CONNECTION).changed["Battery.PackVoltage"]).toBe(102);
  });

  it("explains broken JSON, missing fields and non-objects without throwing", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    const missing = packet(0) as unknown as { Telemetry: Record<string, unknown> };
    delete missing.Telemetry.GpsLatitude;
    expect(store.ingest('{"TimeStamp": 1,', "RADIO")).toBe(false);
    expect(store.ingest(missing, "DEMO")).toBe(false);
    expect(store.ingest(null, "REPLAY")).toBe(false);
    expect(store.ingest(undefined, "REPLAY")).toBe(false);
    const reasons = store.counters().recentRejections.map((r) => r.reason);
    expect(reasons[0]).toMatch(/^invalid JSON: /);
    expect(reasons[1]).toBe("Telemetry.GpsLatitude: expected number, received undefined");
    expect(reasons[2]).toBe("packet: expected object, received null");
    expect(store.counters().historyLength).toBe(0);
  });

  it("keeps only the last 10 rejection reasons, newest last, but counts them all", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4 });
    for (let i = 0; i < 15; i++) store.ingest(`bad ${i}`, "RADIO");
    const { rejected, recentRejections } = store.counters();
    expect(rejected).toBe(15);
    expect(recentRejections).toHaveLength(10);
    expect(recentRejections[9]?.reason).toContain("invalid JSON");
  });
});

describe("TelemetryStore stores every accepted value as sent (issue 7, defect 2)", () => {
  const request = (fields: string[]) => ({
    fields,
    from: null,
    to: null,
    points: 100,
    units: "metric" as const,
  });

  it("rejects 1e39 km/h with a reason instead of storing Infinity, and keeps the plot drawable", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    store.ingest(packet(0), "NETWORK");
    const extreme = packet(1, (p) => (p.MotorDetails0.VehicleVelocity = 1e39));
    expect(store.ingest(extreme, "NETWORK")).toBe(false);
    expect(
      store.ingest(
        packet(2, (p) => (p.MotorDetails0.VehicleVelocity = -1e39)),
        "RADIO",
      ),
    ).toBe(false);
    store.ingest(
      packet(3, (p) => (p.MotorDetails0.VehicleVelocity = 3.4e38)),
      "NETWORK",
    );
    expect(store.counters().recentRejections[0]?.reason).toBe(
      "MotorDetails0.VehicleVelocity: 1e+39 is beyond ±3.4e38, the range of its 32-bit column",
    );
    const [, velocity] = store.series(request(["MotorDetails0.VehicleVelocity"])).data;
    expect([...velocity!].every(Number.isFinite)).toBe(true);
    // Stored as sent (m/s); the plot's metric series shows it in km/h (× 3.6).
    expect(Math.max(...velocity!)).toBeCloseTo(3.4e38 * 3.6, -36);
  });

  it("keeps huge values exactly in Float64 columns and derived power finite", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    const p = packet(0, (q) => {
      q.MotorDetails0.Odometer = 1e300;
      q.Battery.PackVoltage = 3e38;
      q.Battery.PackCurrent = 3e38;
    });
    expect(store.ingest(p, "NETWORK")).toBe(true);
    const [, odometer, packPower] = store.series(
      request(["MotorDetails0.Odometer", "Derived.PackPower"]),
    ).data;
    expect(odometer![0]).toBe(1e300);
    expect(packPower![0]! / 9e76).toBeCloseTo(1, 6); // volts and amps are Float32-rounded
  });
});

describe("TelemetryStore snapshots", () => {
  it("lists all 316 fields (and the 3 derived) for sinceSeq 0, then only the fields that changed", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    store.ingest(packet(0), "DEMO");
    const first = store.snapshot(0, CONNECTION);
    expect(Object.keys(first.changed)).toHaveLength(
      316 + CHANNELS.list().length + ENERGY_COLUMNS.length,
    );
    expect(first.changed.Title).toBe("Helios");

    store.ingest(
      packet(0, (p) => (p.TimeStamp += 0.5)),
      "DEMO",
    );
    store.ingest(
      packet(0, (p) => ((p.TimeStamp += 1), (p.Battery.PackCurrent = -3.5))),
      "DEMO",
    );
    const next = store.snapshot(first.seq, CONNECTION);
    expect(next.seq).toBe(first.seq + 2);
    // Pack power (a math channel: voltage × current) moves with the current,
    // and so do the starter channels built on it and on time.
    expect(next.changed).toMatchObject({
      TimeStamp: 1_795_000_001,
      "Battery.PackCurrent": -3.5,
      "Derived.PackPower": -3.5 * 100,
    });
    // The lap energy totals move with time too (energy and distance since the history began).
    const channels = new Set([
      ...CHANNELS.list().map((c) => c.name),
      ...ENERGY_COLUMNS.map((c) => c.path),
    ]);
    const wire = Object.keys(next.changed).filter((path) => !channels.has(path));
    expect(wire.sort()).toEqual(["Battery.PackCurrent", "TimeStamp"]);
    expect(store.snapshot(next.seq, CONNECTION).changed).toEqual({});
  });

  it("sends no values before the first packet, so nothing shows a made-up zero", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    expect(store.snapshot(0, CONNECTION).changed).toEqual({});
    store.ingest(packet(0), "NETWORK");
    expect(store.snapshot(0, CONNECTION).changed["Battery.PackVoltage"]).toBe(100);
  });

  it("reports a boolean that flips back and forth", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    store.ingest(packet(0), "DEMO");
    const seq = store.snapshot(0, CONNECTION).seq;
    store.ingest(packet(1), "DEMO");
    const changed = store.snapshot(seq, CONNECTION).changed;
    expect(changed["B3.BrakeSwitchDigital"]).toBe(true);
    expect(changed).not.toHaveProperty("B3.HornSwitchDigital");
  });

  it("resets shown values to the default packet on playback but keeps history", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    store.ingest(packet(3), "NETWORK");
    const seq = store.snapshot(0, CONNECTION).seq;
    store.resetLatest();
    const snap = store.snapshot(seq, { ...CONNECTION, playback: true });
    expect(Object.keys(snap.changed)).toHaveLength(
      316 + CHANNELS.list().length + ENERGY_COLUMNS.length,
    );
    expect(snap.changed["Battery.PackVoltage"]).toBe(0);
    expect(snap.changed["B3.BrakeSwitchDigital"]).toBe(false);
    expect(snap.changed.Title).toBe("");
    expect(snap.connection.playback).toBe(true);
    expect(snap.counters.historyLength).toBe(1);
  });

  it("measures the packet rate over the last 2 s of wall-clock time", () => {
    const { now, advance } = clock();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 64, now });
    for (let i = 0; i < 10; i++) {
      store.ingest(packet(i), "DEMO");
      advance(100);
    }
    expect(store.counters().packetRate).toBe(5); // 10 packets in the 2 s window
    advance(3000);
    expect(store.counters().packetRate).toBe(0);
  });

  it("tracks position, heading and distance from the packets' GPS", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    for (let i = 0; i < 5; i++) {
      store.ingest(
        packet(i, (p) => {
          p.Telemetry.GpsLatitude = 38.9;
          p.Telemetry.GpsLongitude = -77.03 + i * 0.001; // east, ~87 m steps
        }),
        "DEMO",
      );
    }
    const { geo, counters } = store.snapshot(0, CONNECTION);
    expect(geo.lat).toBe(38.9);
    expect(geo.long).toBeCloseTo(-77.026, 9);
    expect(geo.headingDeg).toBeCloseTo(90, 0);
    expect(geo.distanceKm).toBeCloseTo(0.3464, 3);
    expect(counters.lastPacketTime).toBe(1_795_000_002);
  });
});

describe("TelemetryStore series", () => {
  const request = { from: null, to: null, points: 1000, units: "metric" as const };

  it("drops the oldest packets beyond capacity, keeping the newest in order", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    for (let i = 0; i < 11; i++) store.ingest(packet(i), "DEMO");
    const { data, from, to } = store.series({ ...request, fields: ["Battery.PackVoltage"] });
    expect([...data[1]!]).toEqual([103, 104, 105, 106, 107, 108, 109, 110]);
    expect(from).toBe(1_795_000_001.5);
    expect(to).toBe(1_795_000_005);
  });

  it("selects the requested time window and returns booleans as 0/1", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 32 });
    for (let i = 0; i < 20; i++) store.ingest(packet(i), "DEMO");
    const result = store.series({
      ...request,
      fields: ["B3.BrakeSwitchDigital"],
      from: 1_795_000_002,
      to: 1_795_000_004,
    });
    expect([...result.data[0]!]).toEqual([0, 0.5, 1, 1.5, 2].map((s) => 1_795_000_002 + s));
    expect([...result.data[1]!]).toEqual([0, 1, 0, 1, 0]);
    expect(result.hasGaps).toEqual([false]);
  });

  it("lays a live window's buckets on a grid of absolute time, so a tail summarises as the whole", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 512 });
    for (let i = 0; i < 400; i++) store.ingest(packet(i), "DEMO"); // 200 s at 2 packets/s
    const live = {
      ...request,
      fields: ["Battery.PackVoltage"],
      points: 40,
      liveWindowSeconds: 100,
    };
    const whole = store.series({ ...live, from: 1_795_000_100 });
    expect(whole.bucketSeconds).toBe(10); // 100 s over 40 / 4 buckets
    // Every summarised bucket starts on a multiple of 10 s, wherever the window starts.
    const tail = store.series({ ...live, from: 1_795_000_170 });
    const xs = [...whole.data[0]!];
    const fromTail = xs.findIndex((x) => x >= 1_795_000_170);
    expect([...tail.data[0]!]).toEqual(xs.slice(fromTail));
    expect([...tail.data[1]!]).toEqual([...whole.data[1]!].slice(fromTail));
    // Without a live window, the span is split evenly (no grid to keep).
    expect(
      store.series({ ...request, fields: ["Battery.PackVoltage"], points: 40 }).bucketSeconds,
    ).not.toBe(10);
  });

  it("converts to imperial units and answers unknown fields with a NaN column", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 32 });
    store.ingest(
      packet(0, (p) => (p.MotorDetails0.VehicleVelocity = 10)),
      "DEMO",
    );
    const result = store.series({
      ...request,
      units: "imperial",
      fields: ["MotorDetails0.MotorTemperature", "MotorDetails0.VehicleVelocity", "No.Such"],
    });
    expect(result.data[1]![0]).toBeCloseTo(68, 3); // 20 °C
    expect(result.data[2]![0]).toBeCloseTo(22.369, 3); // 10 m/s
    expect(result.data[3]![0]).toBeNaN();
    expect(result.units).toEqual(["°F", "mph", ""]);
    expect(result.hasGaps).toEqual([false, false, true]);
    // each column owns its buffer so the service can transfer them
    expect(new Set(result.data.map((c) => c.buffer)).size).toBe(4);
  });

  it("returns empty columns for an empty history or window", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    const empty = store.series({ ...request, fields: ["Battery.PackVoltage"] });
    expect(empty.data.map((c) => c.length)).toEqual([0, 0]);
    expect(empty.from).toBeNull();
    store.ingest(packet(0), "DEMO");
    const outside = store.series({ ...request, fields: ["Battery.PackVoltage"], from: 0, to: 1 });
    expect(outside.data[0]!.length).toBe(0);
  });
});

describe("TelemetryStore after a worker restart", () => {
  it("sends every field to a page whose sequence number is ahead of the new worker's", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    store.ingest(packet(0), "DEMO");
    const snap = store.snapshot(5_000, initialConnection());
    expect(Object.keys(snap.changed)).toHaveLength(
      316 + CHANNELS.list().length + ENERGY_COLUMNS.length,
    );
    expect(snap.changed["Battery.PackVoltage"]).toBe(100);
    expect(snap.seq).toBe(1);
  });
});

describe("TelemetryStore's latest booleans", () => {
  // Ingest finds the flags that changed by 32-flag word (noteChangedBooleans):
  // a snapshot must still give every flag's latest value, and only the flags
  // that changed since the reader's seq.
  it("a snapshot names exactly the flags that changed, in every word, with their values", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    let x = 3;
    const next = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const paths = BOOLEAN_FIELDS.filter((path) => path !== "B3.BrakeSwitchDigital");
    const values = new Map(paths.map((path) => [path, false]));
    const set = (p: TelemetryPacket, path: string, v: boolean) => {
      const keys = path.split(".");
      const parent = keys.slice(0, -1).reduce((o, k) => (o as never)[k], p as unknown);
      (parent as Record<string, boolean>)[keys.at(-1)!] = v;
    };
    for (let i = 0; i < 20; i++) {
      const before = store.snapshot(0, CONNECTION).seq;
      const flipped = new Set(paths.filter(() => next() < (i % 2 === 0 ? 0.5 : 0.02)));
      flipped.forEach((path) => values.set(path, !values.get(path)));
      // BrakeSwitchDigital flips with every packet (packet()): keep it steady here.
      store.ingest(
        packet(i, (p) => values.forEach((v, path) => set(p, path, v))),
        "DEMO",
      );
      const changed = store.snapshot(before, CONNECTION).changed;
      const changedFlags = paths.filter((path) => path in changed);
      expect(new Set(changedFlags), `packet ${i}`).toEqual(i === 0 ? new Set(paths) : flipped);
      const all = store.snapshot(0, CONNECTION).changed;
      paths.forEach((path) => expect(all[path], `${path} at packet ${i}`).toBe(values.get(path)));
    }
  });
});
