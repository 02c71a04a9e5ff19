// The feed server's injected values (--inject / `inject`): what a test author
// writes is read exactly, a mistake is refused with its reason, and the
// packets carry the value only while the injection lasts.
import { describe, expect, it } from "vitest";
import { applyInjections, checkInjection } from "../../feed-server/injection";
import { parseCli } from "../../feed-server/options";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";

const injectOption = (...texts: string[]) => {
  const cli = parseCli(texts.map((text) => `--inject=${text}`));
  if (cli.help) throw new Error("help");
  return cli.options.inject;
};

describe("--inject", () => {
  it("reads start, duration, field and a value of the field's type", () => {
    expect(
      injectOption(
        "10+8:MotorDetails0.HeatsinkTemperature=90, 20.5:BatteryFaults.Errors.WeakCellFault=true",
        "3:Pi.Rfid=CARD 7",
      ),
    ).toEqual([
      { atSeconds: 10, forSeconds: 8, field: "MotorDetails0.HeatsinkTemperature", value: 90 },
      { atSeconds: 20.5, field: "BatteryFaults.Errors.WeakCellFault", value: true },
      { atSeconds: 3, field: "Pi.Rfid", value: "CARD 7" },
    ]);
  });

  it.each([
    [
      "MotorDetails0.HeatsinkTemperature=90",
      /is not <seconds>\[\+<duration>\]:<FieldPath>=<value>/,
    ],
    ["5:MotorDetails0.HeatSinkTemp=90", /"MotorDetails0.HeatSinkTemp": not a packet field/],
    ["5:MotorDetails0=90", /not a packet field/],
    ["5:TimeStamp=1", /not a packet field/],
    ["5:MotorDetails0.HeatsinkTemperature=hot", /is a number, the value "hot" is not/],
    ["5:BatteryFaults.Errors.WeakCellFault=1", /is a boolean, the value "1" is not/],
    ["-1:Battery.HighTemperature=70", /start must be a number of seconds ≥ 0/],
    ["1+0:Battery.HighTemperature=70", /duration must be a number of seconds > 0/],
    [",", /--inject: needs/],
  ])("refuses %j with its reason", (text, reason) => {
    expect(() => injectOption(text)).toThrow(reason);
  });

  it("refuses a bad injection given in code, as the command line does", () => {
    expect(() => checkInjection({ atSeconds: 1, field: "Battery.Nope", value: 1 })).toThrow(
      /not a packet field/,
    );
  });
});

describe("applyInjections", () => {
  it("sets the nested field from its start for its duration, then the car's own value is back", () => {
    const car = new CarSimulator({ seed: 3, startTime: 1_000 });
    const inject = [
      { atSeconds: 1, forSeconds: 0.5, field: "MotorDetails1.HeatsinkTemperature", value: 120 },
      { atSeconds: 1.2, field: "BatteryFaults.Errors.CurrentSensorFault", value: true },
    ];
    const seen: Array<[number, boolean]> = [];
    for (let i = 0; i < 20; i++) {
      const packet = car.next(0.1);
      const elapsed = i / 10;
      applyInjections(packet, inject, elapsed);
      seen.push([
        packet.MotorDetails1.HeatsinkTemperature,
        packet.BatteryFaults.Errors.CurrentSensorFault,
      ]);
    }
    const hot = seen.map(([t]) => t === 120);
    expect(hot.indexOf(true)).toBe(10);
    expect(hot.lastIndexOf(true)).toBe(14);
    expect(seen[15]![0]).toBeLessThan(75); // the simulator's own temperature again
    expect(seen.map(([, fault]) => fault).indexOf(true)).toBe(12);
    expect(seen.at(-1)![1]).toBe(true);
  });
});
