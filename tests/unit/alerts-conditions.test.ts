// Issue 34: every rule condition, the minimum duration, the clear level and
// edges, checked by the alerts stage inside the real ingest pipeline, on the
// packets' own clock.
import { describe, expect, it } from "vitest";
import { alertHistory, rule } from "./alertsKit";

describe("alert conditions", () => {
  it("above and below start when the value crosses the limit and end when it is back", () => {
    const h = alertHistory([
      rule({
        id: "hot",
        subject: "Battery.HighTemperature",
        condition: { kind: "above", limit: 50 },
      }),
      rule({
        id: "flat",
        subject: "Battery.PackStateOfCharge",
        condition: { kind: "below", limit: 20 },
      }),
    ]);
    h.feed(0, (p) => {
      p.Battery.HighTemperature = 49;
      p.Battery.PackStateOfCharge = 30;
    });
    expect(h.starts()).toEqual([]);
    h.feed(1, (p) => {
      p.Battery.HighTemperature = 51;
      p.Battery.PackStateOfCharge = 19.5;
    });
    expect(h.starts().map((e) => e.ruleId)).toEqual(["hot", "flat"]);
    h.feed(2, (p) => {
      p.Battery.HighTemperature = 50; // at the limit is not above it
      p.Battery.PackStateOfCharge = 20;
    });
    expect(h.ends().map((e) => [e.ruleId, e.start, e.end])).toEqual([
      ["hot", h.starts()[0]!.start, h.starts()[0]!.start + 1],
      ["flat", h.starts()[1]!.start, h.starts()[1]!.start + 1],
    ]);
  });

  it("outside and inside a band", () => {
    const h = alertHistory([
      rule({
        id: "out",
        subject: "Battery.PackVoltage",
        condition: { kind: "outside", lo: 100, hi: 150 },
      }),
      rule({
        id: "in",
        subject: "Battery.PackVoltage",
        condition: { kind: "inside", lo: 100, hi: 150 },
      }),
    ]);
    const values = [90, 100, 150, 151, 120];
    values.forEach((v, i) => h.feed(i, (p) => void (p.Battery.PackVoltage = v)));
    // In packet order, each packet's rules in rule order: the band's edges are inside it.
    expect(h.events.map((e) => `${e.ruleId} ${e.phase} ${e.value}`)).toEqual([
      "out start 90",
      "out end 90",
      "in start 100",
      "out start 151",
      "in end 100",
      "out end 151",
      "in start 120",
    ]);
  });

  it("equals, for numbers and yes/no fields", () => {
    const h = alertHistory([
      rule({
        id: "id7",
        subject: "Battery.HighCellVoltageId",
        condition: { kind: "equals", value: 7 },
      }),
      rule({
        id: "brakeOff",
        subject: "B3.BrakeSwitchDigital",
        condition: { kind: "equals", value: false },
      }),
    ]);
    h.feed(0, (p) => {
      p.Battery.HighCellVoltageId = 7;
      p.B3.BrakeSwitchDigital = true;
    });
    h.feed(1, (p) => {
      p.Battery.HighCellVoltageId = 8;
      p.B3.BrakeSwitchDigital = false;
    });
    expect(h.events.map((e) => `${e.ruleId} ${e.phase}`)).toEqual([
      "id7 start",
      "id7 end",
      "brakeOff start",
    ]);
  });

  it("true holds while a flag is up, from the first packet", () => {
    const h = alertHistory([rule({ subject: "MBMS.EsdEnabledTrip", condition: { kind: "true" } })]);
    h.feed(0, (p) => void (p.MBMS.EsdEnabledTrip = true));
    h.feed(1, (p) => void (p.MBMS.EsdEnabledTrip = true));
    h.feed(2);
    expect(h.events.map((e) => e.phase)).toEqual(["start", "end"]);
  });

  it("rising fires on each rise, and on a flag already up at the history's first packet", () => {
    const h = alertHistory([
      rule({
        id: "isolation",
        subject: "BatteryFaults.Errors.HighVoltageIsolationFault",
        condition: { kind: "rising" },
      }),
    ]);
    const up = [true, true, false, true, true, false, false, true];
    up.forEach((on, i) =>
      h.feed(i, (p) => void (p.BatteryFaults.Errors.HighVoltageIsolationFault = on)),
    );
    // Up at the first packet (a fault already up when the dashboard connects),
    // down at 2; rises again at 3 and 7.
    expect(h.events.map((e) => `${e.phase}@${e.start - h.events[0]!.start}`)).toEqual([
      "start@0",
      "end@0",
      "start@3",
      "end@3",
      "start@7",
    ]);
    expect(h.ends().map((e) => e.end! - e.start)).toEqual([2, 2]); // up 0–1 and 3–4
  });

  it("changed holds for the packet whose value differs, so a one-packet change is caught", () => {
    const h = alertHistory([
      rule({ id: "limits", subject: "MotorDetails0.LimitFlags", condition: { kind: "changed" } }),
    ]);
    [0, 0, 2, 2, 2, 3].forEach((v, i) => h.feed(i, (p) => void (p.MotorDetails0.LimitFlags = v)));
    expect(h.starts().map((e) => [e.value, e.bits])).toEqual([
      [2, "motor current limit"],
      [3, "output voltage (PWM) limit, motor current limit"],
    ]);
    expect(h.ends()[0]!.end! - h.ends()[0]!.start).toBe(1);
  });

  it("anyBit fires on the masked bits and names only them", () => {
    const h = alertHistory([
      rule({
        id: "fault",
        subject: "MotorDetails1.ErrorFlags",
        condition: { kind: "anyBit", mask: 0b1_1110_1111 },
        message: "{label}: {bits}",
      }),
    ]);
    h.feed(0, (p) => void (p.MotorDetails1.ErrorFlags = 1 << 4)); // a past reset only: masked out
    expect(h.starts()).toEqual([]);
    h.feed(1, (p) => void (p.MotorDetails1.ErrorFlags = (1 << 4) | (1 << 2)));
    h.feed(2, (p) => void (p.MotorDetails1.ErrorFlags = (1 << 4) | (1 << 8)));
    h.feed(3, (p) => void (p.MotorDetails1.ErrorFlags = 1 << 4));
    expect(h.starts()[0]!.message).toBe("Motor 1 Error Flags: DC bus over voltage");
    // The end names every fault bit seen while it lasted.
    expect(h.ends()[0]!.bits).toBe("DC bus over voltage, motor over speed");
  });

  it("noNewValue: a value unchanged for N s of packet time", () => {
    const h = alertHistory([
      rule({
        id: "gps",
        subject: "Telemetry.GpsLatitude",
        condition: { kind: "noNewValue", seconds: 3 },
      }),
    ]);
    // Packets every second; the latitude freezes from packet 2 to packet 6.
    const lat = [1, 2, 3, 3, 3, 3, 3, 4];
    lat.forEach((v, i) => h.feed(i, (p) => void (p.Telemetry.GpsLatitude = v)));
    expect(h.starts().map((e) => e.start - h.starts()[0]!.start)).toEqual([0]);
    expect(h.starts()[0]!.start).toBe(h.ends()[0]!.end! - 2); // from 5 (3 s after 2) to 7
  });

  it("a limit can be another field's value, with a fallback while that field reports none", () => {
    const h = alertHistory([
      rule({
        id: "cell",
        subject: "Battery.HighCellVoltage",
        condition: { kind: "above", limit: { field: "Battery.MaximumCellVoltage", fallback: 4.2 } },
      }),
      rule({
        id: "pack",
        subject: "Battery.PackVoltage",
        condition: { kind: "above", limit: { field: "Battery.MaximumPackVoltage" } },
      }),
    ]);
    h.feed(0, (p) => {
      p.Battery.HighCellVoltage = 4.1; // over the pack's 4.05, under the fallback
      p.Battery.MaximumCellVoltage = 4.05;
      p.Battery.PackVoltage = 500; // no pack limit reported: no rule
    });
    h.feed(1, (p) => {
      p.Battery.HighCellVoltage = 4.1;
      p.Battery.MaximumCellVoltage = 0; // not reported: the fallback 4.2 applies
      p.Battery.PackVoltage = 500;
    });
    expect(h.events.map((e) => `${e.ruleId} ${e.phase} ${e.limit}`)).toEqual([
      "cell start 4.05",
      "cell end 4.05",
    ]);
  });
});

describe("duration, clear level and time", () => {
  it("fires only after the condition held forSeconds of packet time, however fast packets come", () => {
    const h = alertHistory([
      rule({
        subject: "Battery.HighTemperature",
        condition: { kind: "above", limit: 50 },
        forSeconds: 5,
      }),
    ]);
    // All fed at once (wall clock ~0 ms): only the packets' TimeStamps count.
    [0, 2, 4.9].forEach((t) => h.feed(t, (p) => void (p.Battery.HighTemperature = 60)));
    expect(h.starts()).toEqual([]);
    h.feed(5, (p) => void (p.Battery.HighTemperature = 60));
    expect(h.starts()).toHaveLength(1);
    expect(h.starts()[0]!.start - h.store.ring.time(0)).toBe(5);
  });

  it("a dip before the duration is up starts the count again", () => {
    const h = alertHistory([
      rule({
        subject: "Battery.HighTemperature",
        condition: { kind: "above", limit: 50 },
        forSeconds: 2,
      }),
    ]);
    [60, 60, 40, 60, 60].forEach((v, i) => h.feed(i, (p) => void (p.Battery.HighTemperature = v)));
    expect(h.starts()).toEqual([]);
    h.feed(5, (p) => void (p.Battery.HighTemperature = 60));
    expect(h.starts()).toHaveLength(1);
  });

  it("a clear level keeps a value hovering at the limit from flapping", () => {
    const hovering = [51, 49.5, 50.5, 49.8, 50.2, 46.9, 51];
    const flaps = alertHistory([
      rule({ subject: "Battery.HighTemperature", condition: { kind: "above", limit: 50 } }),
    ]);
    const steady = alertHistory([
      rule({
        subject: "Battery.HighTemperature",
        condition: { kind: "above", limit: 50 },
        clear: 47,
      }),
    ]);
    for (const h of [flaps, steady])
      hovering.forEach((v, i) => h.feed(i, (p) => void (p.Battery.HighTemperature = v)));
    expect(flaps.starts()).toHaveLength(4);
    expect(steady.starts()).toHaveLength(2); // one until 46.9, a new one at 51
    expect(steady.ends()[0]!.peak).toBe(51);
  });

  it("below's clear level works upwards, and the peak is the lowest value", () => {
    const h = alertHistory([
      rule({
        subject: "Battery.PackStateOfCharge",
        condition: { kind: "below", limit: 20 },
        clear: 22,
      }),
    ]);
    [19, 21, 15, 21.9, 22].forEach((v, i) =>
      h.feed(i, (p) => void (p.Battery.PackStateOfCharge = v)),
    );
    expect(h.starts()).toHaveLength(1);
    expect(h.ends()).toHaveLength(1);
    expect(h.ends()[0]!.peak).toBe(15);
    expect(h.ends()[0]!.end! - h.ends()[0]!.start).toBe(4);
  });

  it("an alert lasting one packet is caught, with its log entry", () => {
    const h = alertHistory([
      rule({
        subject: "Battery.HighTemperature",
        condition: { kind: "above", limit: 50 },
        severity: "critical",
      }),
    ]);
    [20, 20, 80, 20, 20].forEach((v, i) =>
      h.feed(i * 0.1, (p) => void (p.Battery.HighTemperature = v)),
    );
    const log = h.log.read(NaN).log;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      severity: "critical",
      value: 80,
      peak: 80,
      end: expect.any(Number),
    });
    expect(log[0]!.duration).toBeCloseTo(0.1, 5);
  });

  it("messages show the label and unit from the labels table, never the wire name", () => {
    const h = alertHistory([
      rule({
        subject: "MotorDetails0.HeatsinkTemperature",
        condition: { kind: "above", limit: 75 },
        message: "{label} {value} {unit}, above {limit} {unit}",
      }),
    ]);
    h.feed(0, (p) => void (p.MotorDetails0.HeatsinkTemperature = 80.25));
    const start = h.starts()[0]!;
    expect(start.message).toBe("Motor 0 Heatsink Temperature 80.25 °C, above 75 °C");
    expect(start.message).not.toContain("MotorDetails0");
  });

  it("a rule can watch a derived column", () => {
    const h = alertHistory([
      rule({ subject: "Derived.PackPower", condition: { kind: "above", limit: 5000 } }),
    ]);
    h.feed(0, (p) => {
      p.Battery.PackVoltage = 120;
      p.Battery.PackCurrent = 50; // 6 kW
    });
    expect(h.starts()[0]).toMatchObject({ label: "Pack Power", unit: "W", value: 6000 });
  });
});
