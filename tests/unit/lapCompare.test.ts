// Comparing laps by distance: the delta-time trace against hand-computed
// laps (lap B is lap A slowed by 10 % in the middle third), fields in display
// units, laps of another recorded session (read once, then cached), the CSV,
// and the errors a user can run into.
import { describe, expect, it } from "vitest";
import type {
  LapCompareRequest,
  LapCompareResult,
  LapKey,
} from "../../workers/contract/lapAnalysis";
import type { SessionInfo } from "../../workers/contract/sessions";
import { compareCsvText } from "../../workers/telemetry/laps/analysis/compareCsv";
import { LapSources, type SessionReader } from "../../workers/telemetry/laps/analysis/lapSources";
import { rowsBetween } from "../../workers/telemetry/laps/analysis/lapRows";
import { runCompare } from "../../workers/telemetry/laps/analysis/runCompare";
import { driveCircuit, type Circuit } from "./lapCircuit";

const LENGTH = 4400;
const SLOW = 1.1;
/** Lap 0 at 20 m/s; lap 1 the same but 10 % slower (time × 1.1) from 1/3 to 2/3 of the lap. */
const speed = (lap: number, f: number) => (lap === 1 && f >= 1 / 3 && f < 2 / 3 ? 20 / SLOW : 20);
/** By hand: the middle third (1466.7 m) at 20 m/s takes 73.33 s; 10 % more is 7.333 s. */
const EXTRA_S = ((LENGTH / 3) * (SLOW - 1)) / 20;

const shownKey = (start: number): LapKey => ({ origin: { kind: "shown" }, start });
const request = (laps: LapKey[], patch: Partial<LapCompareRequest> = {}): LapCompareRequest => ({
  laps,
  reference: null,
  fields: ["MotorDetails0.VehicleVelocity"],
  units: "metric",
  ...patch,
});

function shownSources(circuit: Circuit, sessions: SessionReader | null = null) {
  return new LapSources({
    shown: () => ({ ring: circuit.store.ring, laps: circuit.events, simulated: false }),
    sessions: () => sessions,
    drivers: () => ({ "0xA1": "Alice" }),
    finishLine: () => circuit.line,
  });
}

function ok(result: LapCompareResult) {
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** A recorded session backed by a circuit's store, counting the reads of rows. */
function recordedSession(circuit: Circuit, info: Partial<SessionInfo> = {}) {
  const reads: [number, number][] = [];
  const reader: SessionReader = {
    session: async (id) =>
      id === "s1" ? ({ id, name: "Morning run", source: "DEMO", ...info } as SessionInfo) : null,
    sessionLaps: async () => circuit.events,
    sessionRows: async (_id, from, to) => {
      reads.push([from, to]);
      const rows = rowsBetween(circuit.store.ring, from, to);
      return [circuit.store.ring.exportRows(rows.lo, rows.n)];
    },
  };
  return { reader, reads };
}

describe("comparing laps by distance", () => {
  const circuit = driveCircuit({ lengthM: LENGTH, laps: 3, speed });
  const [a, b] = circuit.starts;
  const lapA = circuit.ends[0]! - a!;
  const lapB = circuit.ends[1]! - b!;

  it("grows the delta only in the slowed sector and ends it at the lap-time difference", async () => {
    expect(lapB - lapA).toBeCloseTo(EXTRA_S, 1); // the fixture is what it says
    const result = ok(
      await runCompare(shownSources(circuit), request([shownKey(b!), shownKey(a!)])),
    );
    // The reference is the faster lap, wherever it is in the list.
    expect(result.referenceIndex).toBe(1);
    const delta = result.laps[0]!.deltaS;
    const n = delta.length;
    const at = (m: number) => delta[Math.round(m / 5)]!;
    for (let m = 0; m < LENGTH / 3 - 10; m += 5) expect(Math.abs(at(m))).toBeLessThan(0.1);
    // Inside the sector it grows as 0.1 × distance / 20 m/s.
    for (const m of [1700, 2200, 2700]) expect(at(m)).toBeCloseTo(((m - LENGTH / 3) * 0.1) / 20, 1);
    for (let m = (2 * LENGTH) / 3 + 10; m < LENGTH - 10; m += 5)
      expect(Math.abs(at(m) - EXTRA_S)).toBeLessThan(0.1);
    expect(Math.abs(delta[n - 1]! - (lapB - lapA))).toBeLessThan(0.1);
    expect(result.laps[1]!.deltaS.every((d) => d === 0)).toBe(true);
    expect(result.laps[0]!.label).toMatch(/^Lap 2 · 3:47\.3 · Alice$/);
    expect(result.distance[1]).toBe(5);
    expect(result.distanceUnit).toBe("m");
    // Each lap's energy figures come along (the lap table's, from the running totals).
    expect(result.laps[0]!.energy?.distanceKm).toBeCloseTo(LENGTH / 1000, 1);
    expect(result.laps[0]!.energy?.averageSpeedKmh).toBeCloseTo((LENGTH / lapB) * 3.6, 0);
  });

  it("measures against the lap the user picks, and gives fields in display units", async () => {
    const result = ok(
      await runCompare(
        shownSources(circuit),
        request([shownKey(a!), shownKey(b!)], { reference: shownKey(b!), units: "imperial" }),
      ),
    );
    expect(result.referenceIndex).toBe(1);
    expect(result.laps[0]!.deltaS.at(-1)).toBeCloseTo(-(lapB - lapA), 1); // A is faster: negative
    expect(result.distanceUnit).toBe("ft");
    expect(result.distance[1]).toBeCloseTo(16.404, 2);
    expect(result.fields[0]!.unit).toBe("mph");
    const mph = 3600 / 1609.344;
    expect(result.laps[1]!.values[0]![Math.round(2200 / 5)]).toBeCloseTo((20 / SLOW) * mph, 1);
    expect(result.laps[0]!.values[0]![Math.round(2200 / 5)]).toBeCloseTo(20 * mph, 1);
  });

  it("compares a lap of another recorded session, reading its rows once", async () => {
    const morning = driveCircuit({ lengthM: LENGTH, laps: 2, speed: () => 22 });
    const { reader, reads } = recordedSession(morning);
    const sources = shownSources(circuit, reader);
    const sessionKey: LapKey = {
      origin: { kind: "session", sessionId: "s1" },
      start: morning.starts[1]!,
    };
    const first = ok(await runCompare(sources, request([shownKey(a!), sessionKey])));
    expect(reads).toHaveLength(1);
    // The session lap is the faster (22 m/s): the reference, named with its session.
    expect(first.referenceIndex).toBe(1);
    expect(first.laps[1]!.label).toMatch(/^Lap 2 · .* · Morning run$/);
    expect(first.laps[1]!.energy?.distanceKm).toBeCloseTo(LENGTH / 1000, 1);
    const morningLap = morning.ends[1]! - morning.starts[1]!;
    expect(first.laps[0]!.deltaS.at(-1)).toBeCloseTo(lapA - morningLap, 1);
    // Another field: the lap is not read again.
    await runCompare(
      sources,
      request([shownKey(a!), sessionKey], { fields: ["Battery.PackVoltage"] }),
    );
    expect(reads).toHaveLength(1);
  });

  it("says what is wrong: too few or too many laps, a lap not found, a session that cannot be read", async () => {
    const sources = shownSources(circuit);
    const message = async (r: LapCompareRequest, s = sources) => {
      const result = await runCompare(s, r);
      return result.ok ? "ok" : result.message;
    };
    expect(await message(request([shownKey(a!)]))).toMatch(/at least 2 laps/);
    const seven = Array.from({ length: 7 }, (_, i) => shownKey(a! + i));
    expect(await message(request(seven))).toMatch(/At most 6 laps/);
    expect(await message(request([shownKey(a!), shownKey(a! + 12)]))).toMatch(
      /not in the shown history/,
    );
    expect(await message(request([shownKey(a!), shownKey(a!)]))).toMatch(/twice/);
    expect(
      await message(request([shownKey(a!), shownKey(b!)], { fields: ["Nope.Field"] })),
    ).toMatch(/Unknown field: Nope.Field/);
    const gone: LapKey = { origin: { kind: "session", sessionId: "gone" }, start: a! };
    const { reader } = recordedSession(circuit);
    expect(await message(request([shownKey(a!), gone]), shownSources(circuit, reader))).toMatch(
      /no longer recorded/,
    );
    const broken: SessionReader = {
      ...reader,
      sessionRows: async () => {
        throw new Error("The stored chunk is damaged");
      },
    };
    const s1: LapKey = { origin: { kind: "session", sessionId: "s1" }, start: b! };
    expect(await message(request([shownKey(a!), s1]), shownSources(circuit, broken))).toBe(
      'The session "Morning run" could not be read: The stored chunk is damaged',
    );
    expect(await message(request([shownKey(a!), s1]), shownSources(circuit, null))).toMatch(
      /storage is not available/,
    );
  });

  it("exports the comparison as a distance-based CSV with readable headers", async () => {
    const result = ok(
      await runCompare(shownSources(circuit), request([shownKey(a!), shownKey(b!)])),
    );
    const lines = compareCsvText(result).trimEnd().split("\r\n");
    expect(lines).toHaveLength(result.distance.length + 1);
    const header = lines[0]!.split(",");
    expect(header[0]).toBe("Distance (m)");
    expect(header).toContain(`${result.laps[1]!.label}: Delta to ${result.laps[0]!.label} (s)`);
    expect(header.some((h) => h.startsWith(result.laps[1]!.label) && h.endsWith("(km/h)"))).toBe(
      true,
    );
    const last = lines.at(-1)!.split(",");
    const deltaColumn = header.indexOf(
      `${result.laps[1]!.label}: Delta to ${result.laps[0]!.label} (s)`,
    );
    expect(Number(last[deltaColumn])).toBeCloseTo(lapB - lapA, 1);
  });
});
