// The demo's battery faults and warnings as a team would see them: each flag on
// about 1 % of the time (the spec's demo rate), but in episodes of seconds to
// minutes, and a caused warning only while its cause shows in the data.
import { describe, expect, it } from "vitest";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import * as car from "../../workers/telemetry/sources/demo/carModel";
import { CARS } from "../../workers/telemetry/sources/demo/cars";
import { FaultEpisodes } from "../../workers/telemetry/sources/demo/faults";
import { createRandom } from "../../workers/telemetry/sources/demo/random";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";

type Flags = Record<string, boolean>;
const flagsOf = (p: TelemetryPacket): Flags => ({
  ...p.BatteryFaults.Errors,
  ...p.BatteryFaults.Warnings,
});

interface Episode {
  flag: string;
  start: number;
  seconds: number;
}

/** The episodes of every flag in a run of packets (one ending with the run is cut short). */
function episodesOf(packets: TelemetryPacket[]): Episode[] {
  const open = new Map<string, number>();
  const episodes: Episode[] = [];
  packets.forEach((p, i) => {
    for (const [flag, on] of Object.entries(flagsOf(p))) {
      if (on && !open.has(flag)) open.set(flag, i);
      if (!on && open.has(flag)) {
        const start = open.get(flag)!;
        episodes.push({ flag, start, seconds: p.TimeStamp - packets[start]!.TimeStamp });
        open.delete(flag);
      }
    }
  });
  return episodes;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe("the demo's battery faults", () => {
  // Three hours of driving, a packet a second (the physics steps at 0.1 s whatever the rate).
  const sim = new CarSimulator({ seed: 4 });
  const run = Array.from({ length: 3 * 3600 }, () => sim.next(1));
  const episodes = episodesOf(run);

  it("are on about 1 % of the time, in episodes of seconds to minutes", () => {
    let on = 0;
    let flagPackets = 0;
    for (const p of run)
      for (const value of Object.values(flagsOf(p))) {
        flagPackets++;
        if (value) on++;
      }
    expect(on / flagPackets).toBeGreaterThan(0.006);
    expect(on / flagPackets).toBeLessThan(0.014);
    // Enough episodes to judge, none of them a flash of one packet.
    const lengths = episodes.map((e) => e.seconds);
    expect(lengths.length).toBeGreaterThan(60);
    expect(median(lengths)).toBeGreaterThanOrEqual(10);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...lengths)).toBeGreaterThan(60);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(300);
  });

  it("trim the charge limit for high cell voltage only during regen with the cells near full", () => {
    // The cause as a user reads it in the packets: current into the pack, highest cell ≥ 4.0 V.
    const cause = (p: TelemetryPacket) =>
      p.Battery.PackCurrent < 0 && p.Battery.HighCellVoltage >= 4.0;
    const caused = new Set([
      "CclReducedDueToHighCellVoltage",
      "CclReducedDueToHighPackVoltage",
      "CclReducedDueToHighSoc",
    ]);
    const starts = episodes.filter((e) => caused.has(e.flag));
    expect(starts.length).toBeGreaterThanOrEqual(4);
    for (const e of starts) expect(cause(run[e.start]!), e.flag).toBe(true);
    // No coincidence: the cause holds in a minority of the packets.
    expect(run.filter(cause).length / run.length).toBeLessThan(0.3);
  });

  it("turn the malfunction light on while an error is on, and off again", () => {
    for (const p of run) {
      const anyError = Object.values(p.BatteryFaults.Errors).some(Boolean);
      expect(p.Battery.MalfunctionIndicatorActive).toBe(anyError);
    }
    const lit = run.filter((p) => p.Battery.MalfunctionIndicatorActive).length;
    expect(lit).toBeGreaterThan(0);
    expect(lit).toBeLessThan(run.length / 2);
  });
});

describe("each fault flag in the long run", () => {
  it("is on 1 % of the time when its cause recurs (300 simulated hours, seeded)", () => {
    // The car's state scripted to pass through every cause: regen and heavy
    // discharge on every 150 s lap, the charge running down and back over 8 h,
    // the pack warming and cooling over 2 h.
    const s = new CarSimulator({ seed: 1 }).state;
    const faults = new FaultEpisodes(createRandom(21));
    const flags = [
      ...Object.keys(faults.errors).map((name) => ({ group: faults.errors as Flags, name })),
      ...Object.keys(faults.warnings).map((name) => ({ group: faults.warnings as Flags, name })),
    ];
    const names = flags.map((f) => f.name);
    const onSteps = flags.map(() => 0);
    const hours = 300;
    const dt = 2;
    const steps = (hours * 3600) / dt;
    for (let k = 0; k < steps; k++) {
      const t = k * dt;
      const lap = t % 150;
      s.packCurrent = lap < 15 ? -25 : lap < 45 ? 40 : 10;
      const charge = (t % (8 * 3600)) / (8 * 3600);
      s.soc = 0.95 - 0.9 * Math.abs(2 * charge - 1);
      s.packVoltage =
        car.CELLS_IN_SERIES * car.cellOpenCircuitVoltage(s.soc) -
        s.packCurrent * CARS.light.packResistanceOhm;
      s.packTemp = car.AMBIENT_C + 2 + 1.5 * Math.sin((2 * Math.PI * t) / 7200);
      faults.update(t, s);
      flags.forEach((f, i) => {
        if (f.group[f.name]) onSteps[i]!++;
      });
    }
    expect(names).toHaveLength(35);
    const pooled = onSteps.reduce((a, b) => a + b, 0) / (steps * names.length);
    expect(pooled).toBeGreaterThan(0.009);
    expect(pooled).toBeLessThan(0.011);
    for (const [i, name] of names.entries()) {
      const duty = onSteps[i]! / steps;
      expect(duty, name).toBeGreaterThan(0.007);
      expect(duty, name).toBeLessThan(0.013);
    }
  });
});
