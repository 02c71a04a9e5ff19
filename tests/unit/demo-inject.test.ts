// DEMO's injected values (?demoInject=, WorkerConfig.demoInjections): the
// feed server's --inject items, read from the page's address, checked by the
// worker, and set on the demo's packets (a built day's and the live ones) at
// packet seconds counted from its first packet.
import { describe, expect, it } from "vitest";
import {
  catalogFieldType,
  configFromUrl,
  demoInjectFromUrl,
} from "../../src/worker-client/createTelemetry";
import type { Injection } from "../../workers/contract/config";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { FIELD_CATALOG } from "../../workers/telemetry/schema/fields";
import { resolveConfig } from "../../workers/telemetry/service/config";
import { DemoSource } from "../../workers/telemetry/sources/DemoSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { manualTimers } from "./manualTimers";

const START_MS = 1_780_000_000_000;
const FAULT = "BatteryFaults.Errors.WeakCellFault";

describe("?demoInject on its way to the worker", () => {
  it("reads the --inject items, a + as itself, values as text for the worker to type", () => {
    const expected = [
      { atSeconds: 1800, forSeconds: 0.1, field: FAULT, value: "true" },
      { atSeconds: 20, field: "MotorDetails0.HeatsinkTemperature", value: "90" },
      { atSeconds: 3, field: "Pi.Rfid", value: "CARD 7" },
    ];
    const search = `?demoDay=9&demoInject=1800+0.1:${FAULT}=true,20:MotorDetails0.HeatsinkTemperature=90,3:Pi.Rfid=CARD%207`;
    expect(demoInjectFromUrl(search)).toEqual({ injections: expected, problem: null });
    // Written by URLSearchParams ("+" as %2B) it reads the same.
    const encoded = `?${new URLSearchParams({ demoInject: `1800+0.1:${FAULT}=true` })}`;
    expect(demoInjectFromUrl(encoded).injections).toEqual([expected[0]]);
    expect(configFromUrl(search)).toMatchObject({ demoDayHours: 9, demoInjections: expected });
    expect(demoInjectFromUrl("?demoDay=9")).toEqual({ injections: [], problem: null });
    expect(configFromUrl("?demoDay=9").demoInjections).toBeUndefined();
  });

  it.each([
    [`1800:${FAULT}`, /"1800:BatteryFaults.Errors.WeakCellFault" is not <seconds>/],
    [`-5:${FAULT}=true`, /start must be a number of seconds ≥ 0/],
    [`5+0:${FAULT}=true`, /duration must be a number of seconds > 0/],
    [`5:TimeStamp=1`, /not a packet field/],
    [",", /needs <seconds>/],
  ])("ignores %j with a notice that says why, and nothing else is lost", (items, reason) => {
    const search = `?demoDay=9&demoInject=${items}&demoCar=linear`;
    const { injections, problem } = demoInjectFromUrl(search);
    expect(injections).toEqual([]);
    expect(problem).toMatch(/^The demo injects nothing: \?demoInject: /);
    expect(problem).toMatch(reason);
    const config = configFromUrl(search);
    expect(config.demoInjections).toBeUndefined();
    expect(config).toMatchObject({ demoDayHours: 9, demoCar: "linear" });
  });

  it("checks fields and values too once the worker's catalog is known", () => {
    const fieldType = catalogFieldType(FIELD_CATALOG);
    expect(demoInjectFromUrl(`?demoInject=1800+0.1:${FAULT}=true`, fieldType)).toEqual({
      injections: [{ atSeconds: 1800, forSeconds: 0.1, field: FAULT, value: true }],
      problem: null,
    });
    expect(
      demoInjectFromUrl("?demoInject=5:MotorDetails0.HeatSinkTemp=90", fieldType).problem,
    ).toMatch(/\?demoInject: "MotorDetails0.HeatSinkTemp": not a packet field/);
    expect(demoInjectFromUrl(`?demoInject=5:${FAULT}=1`, fieldType).problem).toMatch(
      /is a boolean, the value "1" is not/,
    );
  });
});

describe("demoInjections in the worker config", () => {
  it("defaults to none and reads text values as their fields' types", () => {
    expect(resolveConfig({}).demoInjections).toEqual([]);
    expect(
      resolveConfig({
        demoInjections: [
          { atSeconds: 1800, forSeconds: 0.1, field: FAULT, value: "true" },
          { atSeconds: 20, field: "MotorDetails0.HeatsinkTemperature", value: "90" },
          { atSeconds: 30, field: "Battery.HighTemperature", value: 65 },
          { atSeconds: 3, field: "Pi.Rfid", value: "123" },
        ],
      }).demoInjections,
    ).toEqual([
      { atSeconds: 1800, forSeconds: 0.1, field: FAULT, value: true },
      { atSeconds: 20, field: "MotorDetails0.HeatsinkTemperature", value: 90 },
      { atSeconds: 30, field: "Battery.HighTemperature", value: 65 },
      { atSeconds: 3, field: "Pi.Rfid", value: "123" },
    ]);
  });

  it.each([
    ["not a list", "1800:x=1"],
    ["not an object", [1]],
    ["no such field", [{ atSeconds: 1, field: "Battery.Nope", value: 1 }]],
    ["the timestamp", [{ atSeconds: 1, field: "TimeStamp", value: 1 }]],
    ["a value not of its type", [{ atSeconds: 1, field: FAULT, value: "yes" }]],
    ["a value of no type", [{ atSeconds: 1, field: FAULT, value: null }]],
    ["a negative start", [{ atSeconds: -1, field: FAULT, value: true }]],
    ["a zero duration", [{ atSeconds: 1, forSeconds: 0, field: FAULT, value: true }]],
    ["a text duration", [{ atSeconds: 1, forSeconds: "2", field: FAULT, value: true }]],
    [
      "one bad among good ones",
      [
        { atSeconds: 1, field: FAULT, value: true },
        { atSeconds: 2, field: "Battery.Nope", value: 1 },
      ],
    ],
  ])("drops them all for %s", (_what, demoInjections) => {
    expect(resolveConfig({ demoInjections }).demoInjections).toEqual([]);
  });
});

function demo(options: { dayHours?: number; injections?: Injection[] }) {
  const { timers, tick } = manualTimers(START_MS);
  const packets: Array<{ time: number; fault: boolean; heatsink: number }> = [];
  const sink = {
    packet: (raw: unknown) => {
      const p = raw as TelemetryPacket;
      packets.push({
        time: p.TimeStamp,
        fault: p.BatteryFaults.Errors.WeakCellFault,
        heatsink: p.MotorDetails0.HeatsinkTemperature,
      });
    },
    lapData: () => undefined,
    notify: () => undefined,
  } as unknown as SourceSink;
  const source = new DemoSource(sink, { timers, rate: 10, seed: 5, ...options });
  return { source, packets, tick };
}

/** Drives the demo day to its end (one batch per ms), then `liveMs` of live demo. */
function run(options: { dayHours?: number; injections?: Injection[] }, liveMs = 0) {
  const d = demo(options);
  d.source.start();
  for (let i = 0; i < 1000 && d.source.dayProgress !== null; i++) d.tick(1);
  expect(d.source.dayProgress).toBeNull();
  d.tick(liveMs);
  d.source.stop();
  return d.packets;
}

describe("DEMO with injections", () => {
  it("a one-packet fault 1800 s into a built day is on exactly one packet, 1800 s after the first", () => {
    const injections = resolveConfig({
      demoInjections: configFromUrl(`?demoInject=1800+0.1:${FAULT}=true`).demoInjections,
    }).demoInjections;
    expect(injections).toHaveLength(1);
    const plain = run({ dayHours: 0.6 });
    const injected = run({ dayHours: 0.6, injections });
    expect(injected).toHaveLength(plain.length);
    expect(injected.length).toBeGreaterThan(0.6 * 36_000 - 10);
    // The same car, but for one packet: the first at 1800 s of packet time.
    const changed = injected.flatMap((p, i) =>
      p.fault !== plain[i]!.fault || p.time !== plain[i]!.time ? [i] : [],
    );
    expect(changed).toEqual([18_000]);
    const hit = injected[18_000]!;
    expect(hit.fault).toBe(true);
    expect(hit.time - injected[0]!.time).toBeCloseTo(1800, 3);
    expect(injected[18_000 - 1]!.fault).toBe(plain[18_000 - 1]!.fault);
    expect(injected[18_000 + 1]!.fault).toBe(plain[18_000 + 1]!.fault);
  });

  it("applies in the live phase too, still counted from the built day's first packet", () => {
    const injections = [
      { atSeconds: 1810, forSeconds: 0.5, field: "MotorDetails0.HeatsinkTemperature", value: 99 },
    ];
    const packets = run({ dayHours: 0.5, injections }, 20_000);
    const first = packets[0]!.time;
    const live = packets.filter((p) => p.time - first > 1800);
    expect(live.length).toBeGreaterThanOrEqual(195);
    const hot = packets.filter((p) => p.heatsink === 99);
    expect(hot).toHaveLength(5);
    for (const p of hot) {
      expect(p.time - first).toBeGreaterThanOrEqual(1810 - 1e-6);
      expect(p.time - first).toBeLessThan(1810.5);
    }
  });

  it("counts from the first live packet without a demo day", () => {
    const injections = [{ atSeconds: 2, forSeconds: 1, field: FAULT, value: true }];
    const d = demo({ injections });
    d.source.start();
    d.tick(5_000);
    d.source.stop();
    const first = d.packets[0]!.time;
    const on = d.packets.filter((p) => p.fault).map((p) => Math.round((p.time - first) * 10));
    expect(on).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
  });
});
