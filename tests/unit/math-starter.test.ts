// The starter channels on the real packet schema: every name they read is a
// packet field, the Derived.* ones keep the names, labels and units the app
// has always shown, and on a small drive worked out by hand they give the
// power, energy, distance, Wh/km (a gap before 100 m) and average speed.
import { describe, expect, it } from "vitest";
import { compileChannels } from "../../workers/telemetry/math/compileChannels";
import { STARTER_CHANNELS } from "../../workers/telemetry/math/starter";
import { BOOLEAN_FIELDS, NUMERIC_FIELDS } from "../../workers/telemetry/schema/fields";
import { schemaScope } from "./mathKit";

const names = STARTER_CHANNELS.map((c) => c.name);
const out = names.map((_, k) => NUMERIC_FIELDS.length + k);

function compileStarter(trace = false) {
  const result = compileChannels(STARTER_CHANNELS, out, schemaScope(names), { trace });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.program;
}

/** One row per second: every packet field 0 except those given per row. */
function drive(rows: Record<string, number>[], trace = false) {
  const program = compileStarter(trace);
  const state = program.createState();
  const row = new Float64Array(NUMERIC_FIELDS.length + names.length);
  const bits = new Uint32Array(Math.ceil(BOOLEAN_FIELDS.length / 32));
  const results = rows.map((values) => {
    row.fill(0);
    for (const [path, v] of Object.entries(values)) row[NUMERIC_FIELDS.indexOf(path)] = v;
    program.step(state, row, bits);
    return Object.fromEntries(names.map((name, k) => [name, row[out[k]!]!]));
  });
  return { results, gaps: program.gapReasons(state) };
}

describe("starter channels", () => {
  it("compile against the real schema, reading only packet fields and each other", () => {
    const program = compileStarter();
    const known = new Set([...NUMERIC_FIELDS, ...names]);
    for (const reads of program.reads) for (const name of reads) expect(known).toContain(name);
    expect(program.reads[0]).toHaveLength(16);
    expect(names).toEqual([
      "Derived.MpptArrayPower",
      "Derived.PackPower",
      "Derived.MotorBusPower",
      "NetPower",
      "PackEnergyOut",
      "Distance",
      "WhPerKm",
      "AvgSpeed1min",
    ]);
  });

  it("keep the labels and units the Derived.* fields have always had", () => {
    expect(STARTER_CHANNELS.slice(0, 3).map((c) => [c.label, c.unit])).toEqual([
      ["MPPT Array Power (All Channels)", "W"],
      ["Pack Power", "W"],
      ["Motor Bus Power (Both Motors)", "W"],
    ]);
  });

  it("give power, energy, distance, Wh/km and average speed on a hand-worked drive", () => {
    const speeds = [0, 10, 20, 30, 30, 30]; // m/s, one row a second
    const { results, gaps } = drive(
      speeds.map((v, t) => ({
        TimeStamp: 1_700_000_000 + t,
        "Battery.PackVoltage": 100,
        "Battery.PackCurrent": 10, // positive: the pack discharges
        "MPPT.Mppt0Ch0ArrayVoltage": 50,
        "MPPT.Mppt0Ch0ArrayCurrent": 2,
        "MPPT.Mppt3Ch1ArrayVoltage": 40,
        "MPPT.Mppt3Ch1ArrayCurrent": 1,
        "MotorDetails0.BusVoltage": 100,
        "MotorDetails0.BusCurrent": 4,
        "MotorDetails1.BusVoltage": 100,
        "MotorDetails1.BusCurrent": 5,
        "MotorDetails0.VehicleVelocity": v,
      })),
      true,
    );
    const last = results[5]!;
    expect(last["Derived.MpptArrayPower"]).toBe(140);
    expect(last["Derived.PackPower"]).toBe(1000);
    expect(last["Derived.MotorBusPower"]).toBe(900);
    expect(last.NetPower).toBe(-860);
    // 1000 W for 5 s = 5000 J = 1.3889 Wh; distance 0+5+15+25+30+30 = 105 m.
    expect(results.map((r) => r.PackEnergyOut)).toEqual(
      [0, 1, 2, 3, 4, 5].map((s) => expect.closeTo((1000 * s) / 3600, 9)),
    );
    expect(results.map((r) => r.Distance)).toEqual(
      [0, 5, 20, 45, 75, 105].map((m) => expect.closeTo(m / 1000, 12)),
    );
    expect(results.slice(0, 5).map((r) => r.WhPerKm)).toEqual([NaN, NaN, NaN, NaN, NaN]);
    expect(last.WhPerKm).toBeCloseTo(5000 / 3600 / 0.105, 9);
    // Mean of 0, 10, 20, 30, 30, 30 m/s = 20 m/s = 72 km/h.
    expect(last.AvgSpeed1min).toBeCloseTo(72, 9);
    expect(gaps[6]).toEqual(new Map([["the expression gives no value here", 5]]));
  });

  it("count pack energy as negative while the pack charges", () => {
    const { results } = drive(
      [0, 1, 2].map((t) => ({
        TimeStamp: 1000 + t,
        "Battery.PackVoltage": 100,
        "Battery.PackCurrent": -36,
      })),
    );
    expect(results.map((r) => r.PackEnergyOut)).toEqual(
      [0, -1, -2].map((wh) => expect.closeTo(wh, 9)),
    );
  });
});
