import { describe, expect, it } from "vitest";
import { DEFAULT_LAP_COORDS, DEFAULT_MAP_CENTER } from "../../workers/shared/trackCoords";
import { CarSimulator, DEFAULT_PACE_KMH } from "../../workers/telemetry/sources/demo/CarSimulator";
import { CAR_KINDS, type CarKind } from "../../workers/telemetry/sources/demo/cars";
import {
  telemetryPacketSchema,
  type TelemetryPacket,
} from "../../workers/telemetry/schema/packetSchema";
import { haversineKm } from "../../workers/telemetry/geo/geo";
import { nestedLapSchema as lapRecordSchema } from "../../workers/telemetry/laps/lapRecord";

const TSV_URL = new URL("../fixtures/telemetry-fields.tsv", import.meta.url);

function drive(seconds: number, dt: number, seed = 3, car?: CarKind): TelemetryPacket[] {
  const sim = new CarSimulator({ seed, car });
  return Array.from({ length: Math.round(seconds / dt) }, () => sim.next(dt));
}

function valueAt(packet: TelemetryPacket, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], packet);
}

describe("CarSimulator", () => {
  it("drives near Bowling Green, Kentucky, with the finish line on the track", () => {
    expect(DEFAULT_MAP_CENTER.lat).toBeCloseTo(36.99, 1);
    expect(DEFAULT_MAP_CENTER.long).toBeCloseTo(-86.37, 1);
    const first = new CarSimulator().next(0.01);
    const offTrack = haversineKm(
      first.Telemetry.GpsLatitude,
      first.Telemetry.GpsLongitude,
      DEFAULT_LAP_COORDS.lat,
      DEFAULT_LAP_COORDS.long,
    );
    expect(offTrack).toBeLessThan(0.01);
  });

  it("is reproducible: the same seed gives the same packets", () => {
    const a = drive(20, 0.5, 9);
    const b = drive(20, 0.5, 9);
    expect(a).toEqual(b);
    expect(drive(20, 0.5, 10)).not.toEqual(a);
  });

  it("moves the GPS position continuously at the car's speed", () => {
    const dt = 0.5;
    const packets = drive(900, dt);
    for (let i = 1; i < packets.length; i++) {
      const [a, b] = [packets[i - 1]!, packets[i]!];
      const stepM =
        1000 *
        haversineKm(
          a.Telemetry.GpsLatitude,
          a.Telemetry.GpsLongitude,
          b.Telemetry.GpsLatitude,
          b.Telemetry.GpsLongitude,
        );
      const fastest = Math.max(a.MotorDetails0.VehicleVelocity, b.MotorDetails0.VehicleVelocity);
      expect(stepM).toBeLessThanOrEqual(fastest * dt + 0.5);
      expect(b.TimeStamp - a.TimeStamp).toBeCloseTo(dt, 3);
    }
    const speeds = packets.map((p) => p.MotorDetails0.VehicleVelocity * 3.6);
    // Corners slow the car down, straights let it run at the demo's race pace.
    expect(Math.min(...speeds)).toBeLessThan(50);
    expect(Math.max(...speeds)).toBeGreaterThan(DEFAULT_PACE_KMH * 0.97);
  });

  it("completes laps whose distance is the track length and reports them", () => {
    const laps: unknown[] = [];
    const sim = new CarSimulator({ seed: 5, onLap: (lap) => laps.push(lap) });
    let lapFlags = 0;
    for (let i = 0; i < 2 * 60 * 20; i++) if (sim.next(0.5).B3.LapDigital) lapFlags++;
    expect(laps.length).toBeGreaterThanOrEqual(4);
    expect(lapFlags).toBe(laps.length);
    for (const raw of laps) {
      const lap = lapRecordSchema.parse(raw);
      expect(lap.data.distance).toBeCloseTo(sim.trackLength / 1000, 1);
      expect(lap.data.lapTime).toBeGreaterThan(120);
      expect(lap.data.lapTime).toBeLessThan(400);
      expect(lap.data.totalPowerOut).toBeGreaterThan(lap.data.totalPowerIn);
    }
    expect(sim.takeCompletedLap()).not.toBeNull();
  });

  it("writes lap records by the server's definitions, read off its own packets", () => {
    // PROTOCOL.md "Lap record figures": joules, the amp-hour level, the rpm mean.
    const laps: { record: unknown; packets: TelemetryPacket[] }[] = [];
    let packets: TelemetryPacket[] = [];
    const sim = new CarSimulator({
      seed: 5,
      onLap: (record) => laps.push({ record, packets }),
    });
    for (let i = 0; i < 2 * 60 * 16; i++) {
      const packet = sim.next(0.5);
      packets.push(packet);
      if (laps.at(-1)?.packets === packets) packets = [];
    }
    expect(laps.length).toBeGreaterThanOrEqual(3);
    for (const { record, packets: lapPackets } of laps.slice(1)) {
      const { data } = lapRecordSchema.parse(record);
      const last = lapPackets.at(-1)!;
      // The pack's reading at the lap's end, not the lap's use.
      expect(data.ampHours).toBeCloseTo(last.Battery.PackAmphours, 1);
      expect(data.ampHours).toBeGreaterThan(10);
      const rpm =
        lapPackets.reduce(
          (sum, p) => sum + (p.MotorDetails0.MotorVelocity + p.MotorDetails1.MotorVelocity) / 2,
          0,
        ) / lapPackets.length;
      expect(Math.abs(data.averageSpeed - rpm) / rpm).toBeLessThan(0.01);
      // Not km/h: the rpm mean is several times the lap's distance ÷ time.
      expect(data.averageSpeed).toBeGreaterThan(3 * (data.distance / data.lapTime) * 3600);
      expect(data.netPowerOut).toBeCloseTo(data.totalPowerIn - data.totalPowerOut, 6);
      expect(data.netPowerOut).toBeLessThan(0);
      expect(data.energyConsumed).toBeCloseTo(data.lapTime * data.netPowerOut, 3);
      expect(Math.abs(data.energyConsumed)).toBeGreaterThan(10_000); // joules, not kWh
    }
  });

  it("sends packets that pass the schema and stay within the spec's demo ranges, from either car", async () => {
    const { readFile } = await import("node:fs/promises");
    const ranges = (await readFile(TSV_URL, "utf8"))
      .split("\n")
      .map((line) => line.split("\t"))
      .filter((cols) => /^-?\d+\.\.-?\d+$/.test(cols[2] ?? ""))
      .map(([path, , range]) => ({ path: path!, bounds: range!.split("..").map(Number) }));
    expect(ranges.length).toBeGreaterThan(10);
    for (const packet of CAR_KINDS.flatMap((car) => drive(1200, 0.5, 11, car))) {
      const parsed = telemetryPacketSchema.safeParse(packet);
      expect(parsed.success).toBe(true);
      for (const { path, bounds } of ranges) {
        const v = valueAt(packet, path) as number;
        expect(v, path).toBeGreaterThanOrEqual(bounds[0]!);
        expect(v, path).toBeLessThanOrEqual(bounds[1]!);
      }
    }
  });

  it("keeps the battery, motor and solar values coherent", () => {
    const packets = drive(1800, 0.5, 2);
    const first = packets[0]!;
    const last = packets[packets.length - 1]!;
    for (const p of packets) {
      const cellsTimesAverage = p.Battery.AverageCellVoltage * p.Battery.PopulatedCells;
      expect(cellsTimesAverage).toBeCloseTo(p.Battery.PackVoltage, 0);
      expect(p.Battery.LowCellVoltage).toBeLessThanOrEqual(p.Battery.HighCellVoltage);
      const rpm = (p.MotorDetails0.VehicleVelocity / 0.28) * (60 / (2 * Math.PI));
      expect(p.MotorDetails0.MotorVelocity).toBeCloseTo(rpm, 0);
      if (p.B3.Acceleration > 0) expect(p.B3.RegenBraking).toBe(0);
    }
    // Driving for half an hour uses more than the sun gives back.
    expect(last.Battery.PackStateOfCharge).toBeLessThan(first.Battery.PackStateOfCharge);
    expect(last.MotorDetails0.Odometer - first.MotorDetails0.Odometer).toBeGreaterThan(30_000);
    expect(last.MotorDetails0.MotorTemperature).toBeGreaterThan(
      first.MotorDetails0.MotorTemperature,
    );
    expect(first.MPPT.Mppt2Ch1ArrayCurrent * first.MPPT.Mppt2Ch1ArrayVoltage).toBeGreaterThan(50);
  });
  // The fault and warning flags: tests/unit/demo-faults.test.ts.
});
