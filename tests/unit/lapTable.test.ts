// The lap table's sector and energy columns on the synthetic circuit, where
// every figure is known by hand: sector times from the lines' crossings,
// energy from the running totals at the laps' edges, best and theoretical
// best among the laps that count.
import { describe, expect, it } from "vitest";
import type { Lap } from "../../workers/contract/laps";
import type { SectorLine } from "../../workers/contract/lapAnalysis";
import { buildLapTable } from "../../workers/telemetry/laps/analysis/lapTable";
import { checkSectorLines } from "../../workers/telemetry/laps/analysis/sectors";
import { energyBetween } from "../../workers/telemetry/laps/analysis/lapEnergy";
import { CENTRE, circlePoint, driveCircuit, T0, type Circuit } from "./lapCircuit";

const shown = { kind: "shown" } as const;
const LENGTH = 1000;

function table(c: Circuit, lines: SectorLine[], events: Lap[] = c.events) {
  return buildLapTable({
    ring: c.store.ring,
    laps: events,
    drivers: { "0xA1": "Alice" },
    finishLine: null,
    origin: shown,
    simulated: false,
    sectorLines: lines,
  });
}

const line = (name: string, fraction: number): SectorLine => ({
  name,
  ...circlePoint(LENGTH, fraction),
});

/** 2 kW out of the pack and 200 W from one MPPT channel, all the time. */
const powered = (p: Parameters<NonNullable<Parameters<typeof driveCircuit>[0]["decorate"]>>[0]) => {
  p.Battery.PackVoltage = 100;
  p.Battery.PackCurrent = 20;
  p.MPPT.Mppt0Ch0ArrayVoltage = 50;
  p.MPPT.Mppt0Ch0ArrayCurrent = 4;
};

describe("sector times", () => {
  // Laps 1 and 2 at 20 m/s; lap 3 is lap 2 slowed by 10 % between the lines at
  // 25 % and 60 % of the lap (18 m/s there).
  const c = driveCircuit({
    lengthM: LENGTH,
    laps: 3,
    speed: (lap, f) => (lap === 2 && f >= 0.25 && f < 0.6 ? 18 : 20),
    decorate: powered,
  });
  // Given out of track order: the table puts them in the order the car meets them.
  const t = table(c, [line("Back straight", 0.6), line("Hairpin", 0.25)]);

  it("puts the lines in track order from the finish line", () => {
    expect(t.sectors.map((s) => s.name)).toEqual(["Hairpin", "Back straight"]);
    expect(t.sectorProblems).toEqual([]);
    // The map colours each sector's stretch of the track: three stretches of one lap.
    expect(t.sectorTrack).toHaveLength(3);
    for (const stretch of t.sectorTrack) expect(stretch.lat.length).toBeGreaterThan(10);
  });

  it("gives each sector its time, known by hand, and only the slowed sector grows", () => {
    const [a, b] = [t.rows[1]!, t.rows[2]!];
    expect(a.sectorS.map((s) => s!)).toEqual([
      expect.closeTo(250 / 20, 1),
      expect.closeTo(350 / 20, 1),
      expect.closeTo(400 / 20, 1),
    ]);
    expect(b.sectorS[0]!).toBeCloseTo(a.sectorS[0]!, 1);
    expect(b.sectorS[1]! - a.sectorS[1]!).toBeCloseTo(350 / 18 - 350 / 20, 1);
    expect(b.sectorS[2]!).toBeCloseTo(a.sectorS[2]!, 1);
  });

  it("adds the sector times up to the lap time within 0.1 s", () => {
    for (const row of t.rows) {
      const sum = row.sectorS.reduce<number>((s, v) => s + v!, 0);
      expect(Math.abs(sum - row.span.lapTimeS)).toBeLessThanOrEqual(0.1);
    }
  });

  it("marks the best lap, the best of each sector and the theoretical best", () => {
    expect(t.bestLap).not.toBe(2);
    expect(t.rows[t.bestLap!]!.span.lapTimeS).toBeCloseTo(LENGTH / 20, 1);
    expect(t.bestSector[1]).not.toBe(2);
    const bestSum = t.bestSector.reduce<number>((s, b, k) => s + t.rows[b!]!.sectorS[k]!, 0);
    expect(t.theoreticalBestS).toBeCloseTo(bestSum, 9);
    expect(t.theoreticalBestS!).toBeCloseTo(LENGTH / 20, 1);
  });

  it("gives each sector its energy, adding up to the lap's", () => {
    const row = t.rows[1]!;
    const sum = row.sectorEnergy.reduce<number>((s, e) => s + e!.packOutWh, 0);
    expect(sum).toBeCloseTo(row.energy!.packOutWh, 6);
    // 2 kW for 12.5 s.
    expect(row.sectorEnergy[0]!.packOutWh).toBeCloseTo((2000 * 12.5) / 3600, 2);
  });
});

describe("energy per lap", () => {
  it("is the pack's and the array's energy over the lap, known by hand, with distance and speed", () => {
    const c = driveCircuit({ lengthM: LENGTH, laps: 2, decorate: powered });
    const row = table(c, []).rows[1]!;
    const lapS = c.ends[1]! - c.starts[1]!;
    expect(row.energy!.packOutWh).toBeCloseTo((2000 * lapS) / 3600, 3);
    expect(row.energy!.arrayInWh).toBeCloseTo((200 * lapS) / 3600, 3);
    expect(row.energy!.netWh).toBeCloseTo((2200 * lapS) / 3600, 3);
    expect(row.energy!.distanceKm).toBeCloseTo(1, 3);
    expect(row.energy!.whPerKm!).toBeCloseTo(row.energy!.netWh / row.energy!.distanceKm, 9);
    expect(row.energy!.averageSpeedKmh).toBeCloseTo(72, 1);
  });

  it("adds nothing over a gap in the data longer than 10 s", () => {
    // Rows at T0 + 70.0 s and T0 + 85.1 s with none between: 15.1 s not integrated.
    const c = driveCircuit({
      lengthM: LENGTH,
      laps: 3,
      decorate: powered,
      dropRow: (at) => at > T0 + 70.05 && at < T0 + 85.05,
    });
    const row = table(c, []).rows[1]!;
    const lapS = c.ends[1]! - c.starts[1]!;
    expect(row.energy!.packOutWh).toBeCloseTo((2000 * (lapS - 15.1)) / 3600, 3);
    expect(row.span.flags).toEqual(["partial"]);
  });

  it("shows the backend's own figures beside ours where its lap record has them", () => {
    const c = driveCircuit({ lengthM: LENGTH, laps: 2, decorate: powered });
    const events = c.events.map((e) => ({
      ...e,
      ampHours: 12.5,
      averagePackCurrent: 20,
      energyConsumed: -2000 * e.lapTime,
    }));
    const rows = table(c, [], events).rows;
    expect(rows[1]!.backend).toEqual({
      ampHours: 12.5,
      averagePackCurrent: 20,
      energyWh: expect.closeTo((-2000 * rows[1]!.span.lapTimeS) / 3600, 6),
      distanceKm: 1,
    });
    // The circuit's own events carry no charge, current or energy: a source that only times laps.
    expect(table(c, []).rows[1]!.backend).toBeNull();
  });

  it("reads only the rows at the edges (an empty range has none)", () => {
    const c = driveCircuit({ lengthM: LENGTH, laps: 1, decorate: powered });
    expect(energyBetween(c.store.ring, T0 + 10, T0 + 10)).toBeNull();
  });
});

describe("laps that do not count", () => {
  it("leaves a lap with a GPS gap, a stop on track or a missing lap event out of best", () => {
    // Lap 2 (0-based 1) is the fastest but loses its GPS for 20 s; lap 3 stops
    // 90 s before it starts; lap 5's event is missing.
    const c = driveCircuit({
      lengthM: LENGTH,
      laps: 6,
      speed: (lap) => (lap === 1 ? 25 : 20),
      standBefore: (lap) => (lap === 2 ? 90 : 0),
      dropFix: (at) => at > T0 + 60 && at < T0 + 80,
    });
    // Lap 3's event times it from lap 2's end: the stop is part of it. Lap 5's
    // event never came, so lap 6's runs from lap 4's end over two laps.
    const events = c.events
      .map((e, i) => (i === 2 ? { ...e, lapTime: c.ends[2]! - c.ends[1]! } : e))
      .map((e, i) => (i === 5 ? { ...e, lapTime: c.ends[5]! - c.ends[3]! } : e))
      .filter((_, i) => i !== 4);
    const t = table(c, [line("Hairpin", 0.5)], events);
    const reasons = t.rows.map((r) => r.span.flagReason);
    expect(reasons[1]).toContain("GPS gap");
    expect(t.rows[2]!.span.flags).toContain("out-lap");
    expect(reasons[4]).toContain("lap event may be missing");
    expect(t.rows.map((r) => r.span.flags.length > 0)).toEqual([false, true, true, false, true]);
    expect([0, 3]).toContain(t.bestLap);
    for (const b of t.bestSector) expect([0, 3]).toContain(b);
  });
});

describe("sector lines", () => {
  it("leaves out a line far from the track and says how far", () => {
    const c = driveCircuit({ lengthM: LENGTH, laps: 2 });
    const far = { name: "Car park", lat: CENTRE.lat + 500 / 111_195, long: CENTRE.long };
    const t = table(c, [line("Hairpin", 0.5), far]);
    expect(t.sectors.map((s) => s.name)).toEqual(["Hairpin"]);
    // The circle's radius is 159 m: the line is 341 m from the nearest fix.
    expect(t.sectorProblems).toEqual([
      expect.stringMatching(/^Sector line "Car park" is 34\d m from the track/),
    ]);
    expect(t.rows[1]!.sectorS).toHaveLength(2);
  });

  it("refuses more than 8 lines, a line without a name, two of one name, a bad position", () => {
    const nine = Array.from({ length: 9 }, (_, k) => ({ name: `S${k}`, lat: 1, long: 1 }));
    expect(checkSectorLines(nine)).toMatchObject({
      ok: false,
      message: expect.stringContaining("at most 8"),
    });
    expect(checkSectorLines([{ name: " ", lat: 1, long: 1 }])).toMatchObject({ ok: false });
    expect(
      checkSectorLines([
        { name: "A", lat: 1, long: 1 },
        { name: "A", lat: 2, long: 2 },
      ]),
    ).toMatchObject({ ok: false, message: 'Two sector lines are named "A".' });
    expect(checkSectorLines([{ name: "A", lat: 91, long: 1 }])).toMatchObject({ ok: false });
    expect(checkSectorLines([{ name: " A ", lat: 1, long: 2 }])).toEqual({
      ok: true,
      lines: [{ name: "A", lat: 1, long: 2 }],
    });
  });
});
