// The demo car's driver and battery (issue 35): it holds a commanded speed,
// stops at the pack's minimum rather than driving on empty, and keeps its own
// books of the energy taken from the pack.
import { describe, expect, it } from "vitest";
import {
  CarSimulator,
  DEFAULT_PACE_KMH,
  PROTECT_SOC,
  RESUME_SOC,
} from "../../workers/telemetry/sources/demo/CarSimulator";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";

const at = (iso: string) => Date.parse(iso) / 1000;
const kmh = (p: TelemetryPacket) => p.MotorDetails0.VehicleVelocity * 3.6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Mean speed (km/h) over one whole lap, from the odometer, after a lap to settle. */
function lapMeanKmh(sim: CarSimulator): { mean: number; speeds: number[] } {
  const speeds: number[] = [];
  for (let i = 0; i < 600 && !sim.state.lapCompleted; i++) sim.next(0.5);
  const [odo, time] = [sim.state.odometer, sim.state.time];
  do speeds.push(kmh(sim.next(0.5)));
  while (!sim.state.lapCompleted);
  return { mean: ((sim.state.odometer - odo) / (sim.state.time - time)) * 3.6, speeds };
}

describe("the demo car's driver", () => {
  it("holds the commanded speed on the straights, slower only where corners need it", () => {
    for (const commanded of [45, 60, 75]) {
      const sim = new CarSimulator({
        seed: 2,
        startTime: at("2026-07-15T17:00:00Z"),
        commandedKmh: commanded,
      });
      const { mean, speeds } = lapMeanKmh(sim);
      // Most of the lap is driven at the commanded speed, never much over it.
      expect(Math.abs(median(speeds) - commanded)).toBeLessThan(commanded * 0.03);
      expect(Math.max(...speeds)).toBeLessThan(commanded * 1.04);
      expect(mean).toBeLessThanOrEqual(commanded * 1.02);
      expect(mean).toBeGreaterThan(commanded * 0.88);
    }
  });

  it("changes pace when told, goes back to the default pace on null, and stops on 0", () => {
    const sim = new CarSimulator({
      seed: 3,
      startTime: at("2026-07-15T17:00:00Z"),
      weather: "clear",
    });
    expect(median(lapMeanKmh(sim).speeds)).toBeCloseTo(DEFAULT_PACE_KMH, -0.5);
    sim.setCommandedSpeed(50);
    lapMeanKmh(sim);
    expect(median(lapMeanKmh(sim).speeds)).toBeCloseTo(50, -0.5);
    sim.setCommandedSpeed(null);
    lapMeanKmh(sim);
    expect(median(lapMeanKmh(sim).speeds)).toBeCloseTo(DEFAULT_PACE_KMH, -0.5);

    // Stop and stand at noon: the car stays put and the sun charges the pack.
    sim.setCommandedSpeed(0);
    for (let i = 0; i < 60; i++) sim.next(0.5);
    const standing = sim.next(0.5);
    expect(kmh(standing)).toBe(0);
    const odometer = sim.state.odometer;
    const soc = sim.state.soc;
    let last = standing;
    for (let i = 0; i < 600; i++) last = sim.next(1);
    expect(sim.state.odometer).toBe(odometer);
    expect(kmh(last)).toBe(0);
    expect(sim.state.soc).toBeGreaterThan(soc);
    expect(() => sim.setCommandedSpeed(-5)).toThrow(/km\/h ≥ 0 or null, got -5/);
  });
});

describe("the demo car's battery protection", () => {
  it("stops at the pack's minimum, stands through the night, and drives on once the sun recharged it", () => {
    // Driven flat out from 22:00 CDT: the pack runs down in the dark.
    const sim = new CarSimulator({
      seed: 5,
      startTime: at("2026-07-16T03:00:00Z"),
      weather: "clear",
      commandedKmh: 85,
    });
    let stoppedAt: number | null = null;
    let movedAgainAt: number | null = null;
    let lowest = 1;
    let socAtRestart = 0;
    let odometerAtRestart = Infinity;
    // Until 11:00 CDT the next morning, one packet a second.
    for (let i = 0; i < 11 * 3600; i++) {
      const p = sim.next(1);
      lowest = Math.min(lowest, sim.state.soc);
      expect(p.Battery.PackStateOfCharge).toBeGreaterThanOrEqual(PROTECT_SOC * 100);
      if (stoppedAt === null && sim.state.protectionStop) stoppedAt = p.TimeStamp;
      if (stoppedAt !== null && movedAgainAt === null && !sim.state.protectionStop) {
        movedAgainAt = p.TimeStamp;
        socAtRestart = sim.state.soc;
        odometerAtRestart = sim.state.odometer;
      }
      if (stoppedAt !== null && movedAgainAt === null && p.TimeStamp > stoppedAt + 60) {
        expect(kmh(p)).toBe(0);
      }
    }
    expect(stoppedAt).not.toBeNull();
    expect(lowest).toBeGreaterThanOrEqual(PROTECT_SOC - 1e-9);
    expect(lowest).toBeLessThan(PROTECT_SOC + 0.001);
    // It waits for the sun (rise ~05:40 CDT) and the recovery margin.
    expect(movedAgainAt).not.toBeNull();
    expect(movedAgainAt!).toBeGreaterThan(at("2026-07-16T11:00:00Z"));
    expect(socAtRestart).toBeGreaterThanOrEqual(RESUME_SOC);
    expect(socAtRestart).toBeLessThan(RESUME_SOC + 0.01);
    // It drove on from there (and, at this pace, may run down and stand again).
    expect(sim.state.odometer - odometerAtRestart).toBeGreaterThan(1000);
  });
});

describe("the demo car's energy books", () => {
  it("counts packEnergyOutWh as ∫ pack voltage × current dt, discharge positive", () => {
    const sim = new CarSimulator({ seed: 6, startTime: at("2026-07-15T21:00:00Z") });
    let integral = 0;
    const first = sim.state.packEnergyOutWh;
    expect(first).toBe(0);
    for (let i = 0; i < 20 * 60 * 10; i++) {
      const p = sim.next(0.1);
      integral += (p.Battery.PackVoltage * p.Battery.PackCurrent * 0.1) / 3600;
    }
    // 20 minutes of driving: hundreds of Wh out, equal to the packets' own integral.
    expect(sim.state.packEnergyOutWh).toBeGreaterThan(50);
    expect(Math.abs(sim.state.packEnergyOutWh - integral)).toBeLessThan(
      0.01 * sim.state.packEnergyOutWh,
    );
  });

  it("counts charging as negative when the car stands in the sun", () => {
    const sim = new CarSimulator({
      seed: 6,
      startTime: at("2026-07-15T17:00:00Z"),
      weather: "clear",
      commandedKmh: 0,
    });
    for (let i = 0; i < 600; i++) sim.next(1);
    expect(sim.state.packEnergyOutWh).toBeLessThan(-50);
  });
});
