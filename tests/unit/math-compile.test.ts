// Compiling a set of channels: what each reads, channels reading channels in
// any saved order, cycles named channel by channel, unknown names answered
// with the nearest real one, and the problems filed under each channel.
import { describe, expect, it } from "vitest";
import { compile, compileOk, defsOf, FIRST_CHANNEL, messagesOf, runRows } from "./mathKit";

describe("compiling channel sets", () => {
  it("runs channels after the channels they read, whatever the saved order", () => {
    const defs = defsOf({ C: "B * 2", B: "A + 1", A: "X * 10" });
    expect(runRows(defs, [{ TimeStamp: 1, X: 3 }]).values).toEqual([[62], [31], [30]]);
  });

  it("lists what each channel reads and the packet columns the program needs", () => {
    const defs = defsOf({
      A: "Battery.PackVoltage * Battery.PackCurrent + Battery.PackVoltage",
      B: "A > 0 && B3.ForwardDigital ? deriv(A) : PI",
    });
    const program = compileOk(defs);
    expect(program.reads).toEqual([
      ["Battery.PackVoltage", "Battery.PackCurrent"],
      ["A", "B3.ForwardDigital"],
    ]);
    expect([...program.inputs].sort()).toEqual([0, 1, 2]);
    expect(program.inputs).not.toContain(FIRST_CHANNEL);
  });

  it.each([
    [{ A: "A + 1" }, { A: ["Cycle: A → A."] }],
    [
      { A: "B", B: "A" },
      { A: ["Cycle: A → B → A."], B: ["Cycle: B → A → B."] },
    ],
    [
      { A: "B + 1", B: "C * 2", C: "A - X", D: "C + 1", F: "X" },
      {
        A: ["Cycle: A → B → C → A."],
        B: ["Cycle: B → C → A → B."],
        C: ["Cycle: C → A → B → C."],
        D: ["Reads C, which cannot be computed: it is in a cycle."],
      },
    ],
  ])("names the cycle in %j", (expressions, problems) => {
    const result = compile(defsOf(expressions));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(
        Object.fromEntries(
          Object.entries(result.problems).map(([k, v]) => [k, v.map((p) => p.message)]),
        ),
      ).toEqual(problems);
  });

  it("suggests the nearest field with its label for a misspelt name, and points at it", () => {
    const result = compile(defsOf({ Power: "Battery.PackVoltage * Battery.PackCurent" }));
    expect(result).toEqual({
      ok: false,
      problems: {
        Power: [
          {
            message:
              "Unknown field Battery.PackCurent: did you mean Battery.PackCurrent (Pack Current)?",
            at: 22,
          },
        ],
      },
    });
  });

  it.each([
    [
      "battery.packcurrent",
      "Unknown field battery.packcurrent: did you mean Battery.PackCurrent (Pack Current)?",
    ],
    ["PackVoltage", "Unknown field PackVoltage: did you mean Battery.PackVoltage (Pack Voltage)?"],
    [
      "B3.BrakeSwitch",
      "Unknown field B3.BrakeSwitch: did you mean B3.BrakeSwitchDigital (Brake Pedal Pressed)?",
    ],
    ["Tmestamp", "Unknown field Tmestamp: did you mean TimeStamp (Packet Time)?"],
    ["Zebra.Crossing", "Unknown field Zebra.Crossing: no field or channel has a similar name."],
  ])("suggests for %s", (expression, message) => {
    expect(messagesOf(expression)).toEqual([message]);
  });

  it("suggests channels too, with their labels", () => {
    const defs = [
      { name: "NetPower", label: "Net Power", expression: "X", unit: "W", description: "" },
      { name: "B", expression: "NetPowr * 2", unit: "", description: "" },
    ];
    const result = compile(defs);
    expect(!result.ok && result.problems.B).toEqual([
      { message: "Unknown field NetPowr: did you mean NetPower (Net Power)?", at: 0 },
    ]);
  });

  it("reports every problem of every channel at once, and a gap reason names a channel by its label", () => {
    const result = compile(defsOf({ A: "foo(1)", B: "min(1)", C: "1 +" }));
    expect(!result.ok && Object.keys(result.problems)).toEqual(["A", "B", "C"]);
    expect(!result.ok && result.problems.B).toEqual([
      { message: "min takes 2 or more arguments, not 1 argument: min(a, b, …).", at: 0 },
    ]);
    const defs = [
      { name: "Ratio", label: "Power Ratio", expression: "X / Y", unit: "", description: "" },
      { name: "Twice", expression: "Ratio * 2", unit: "", description: "" },
    ];
    const { gaps } = runRows(defs, [{ TimeStamp: 1, X: 1, Y: 0 }], true);
    expect(gaps).toEqual([
      new Map([["division by zero", 1]]),
      new Map([["Power Ratio has no value", 1]]),
    ]);
  });

  it("counts gap reasons since the last reset, only when tracing", () => {
    const traced = compileOk(defsOf({ C: "1 / X" }), true);
    const plain = compileOk(defsOf({ C: "1 / X" }));
    const row = new Float64Array(32).fill(NaN);
    const bits = new Uint32Array(2);
    row[0] = 1;
    row[4] = 0;
    const traceState = traced.createState();
    const plainState = plain.createState();
    for (let i = 0; i < 3; i++) {
      traced.step(traceState, row, bits);
      plain.step(plainState, row, bits);
    }
    expect(traced.gapReasons(traceState)).toEqual([new Map([["division by zero", 3]])]);
    expect(plain.gapReasons(plainState)).toEqual([new Map()]);
    traced.reset(traceState);
    expect(traced.gapReasons(traceState)).toEqual([new Map()]);
  });
});
