import { describe, expect, it } from "vitest";
import {
  configureStrategy,
  forecastNow,
  strategyStage,
} from "../../workers/telemetry/strategy/strategyStage";
import { F } from "../../workers/telemetry/strategy/strategyFields";
import type { StrategyRecord } from "../../workers/contract/strategy";
import { NINE_AM, SETTINGS, createWorld, drive } from "./strategyKit";

const configured = (world: ReturnType<typeof createWorld>, emitRecords = false) => {
  configureStrategy(world.state, { settings: SETTINGS, raceInfo: null, emitRecords });
  return world;
};

describe("strategy forecast from telemetry", () => {
  it("forecasts the end of the day's state of charge that the car then reaches", () => {
    const world = configured(createWorld(90));
    drive(world, 55, 2 * 3600);
    drive(world, 70, 2 * 3600); // the fit sees two speeds
    const answer = forecastNow(world.state, 50);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const f = answer.forecast;
    expect(f.current.speedKmh).toBeCloseTo(70, 0);
    drive(world, 70, 4 * 3600); // 13:00 → 17:00 as forecast
    expect(Math.abs(f.current.endSocPct - world.soc)).toBeLessThan(1);
    // Its band holds what happened, and is a band.
    const last = f.current.soc.values.length - 1;
    expect(f.current.socLow[last]!).toBeLessThan(world.soc);
    expect(f.current.socHigh[last]!).toBeGreaterThan(world.soc);
    expect(f.current.distanceKm).toBeCloseTo(70 * 4, -1);
    // Slower keeps more charge; the slider's scenario is there.
    expect(f.slider!.endSocPct).toBeGreaterThan(f.current.endSocPct);
    // The cross-check agrees with the measured state of charge.
    expect(Math.abs(f.socIntegratedPct! - f.socNowPct)).toBeLessThan(0.5);
    expect(f.inputs.map((i) => i.label)).toContain("End of the race day");
    // The pace is given as a number too, so the tab shows it in mph in imperial.
    expect(f.inputs.find((i) => i.label === "Current average speed")?.speedKmh).toBeCloseTo(70, 0);
    expect(f.inputs.find((i) => i.label === "End of the race day")!.source).toBe(
      "from the schedule in settings",
    );
    expect(f.power.points.speedKmh.length).toBeGreaterThan(200);
    expect(f.solar.expected.time.at(-1)!).toBeLessThanOrEqual(f.endAt);
    // Two speeds 15 km/h apart: all three terms fitted, with an R² that means something.
    expect(f.power.kind).toBe("fitted");
    expect(f.power.speedRangeKmh[0]).toBeCloseTo(55, 0);
    expect(f.power.speedRangeKmh[1]).toBeCloseTo(70, 0);
    expect(f.inputs.find((i) => i.label === "Power model")!.value).toMatch(/R² \d/);
    // People read labels and the race's clock, named: no wire names, no bare times.
    expect(f.timeZone).toBe("America/Chicago");
    expect(f.inputs.find((i) => i.label === "State of charge")!.source).toBe(
      "Pack State of Charge at 13:00 CDT",
    );
    expect(f.inputs.find((i) => i.label === "End of the race day")!.value).toMatch(/^17:00 CDT /);
    for (const input of f.inputs) expect(input.source).not.toMatch(/\b[A-Z]\w*\.[A-Z]\w+/);
  });

  it("at one steady speed keeps a typical car's shape and gives no R² for it", () => {
    const world = configured(createWorld(90));
    drive(world, 60, 3 * 3600);
    const answer = forecastNow(world.state, null);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const power = answer.forecast.power;
    expect(power.kind).toBe("scaled prior");
    expect(power.speedRangeKmh[1] - power.speedRangeKmh[0]).toBeLessThan(3);
    const model = answer.forecast.inputs.find((i) => i.label === "Power model")!;
    expect(model.value).not.toContain("R²");
    expect(model.source).toContain("varied too little");
  });

  it("lowers the expected sun by the user's weather factor", () => {
    const world = configured(createWorld(90));
    drive(world, 60, 3 * 3600);
    const sunny = forecastNow(world.state, null);
    configureStrategy(world.state, {
      settings: { ...SETTINGS, weatherFactor: 0.5 },
      raceInfo: null,
    });
    const cloudy = forecastNow(world.state, null);
    expect(sunny.ok && cloudy.ok).toBe(true);
    if (!sunny.ok || !cloudy.ok) return;
    expect(cloudy.forecast.current.endSocPct).toBeLessThan(sunny.forecast.current.endSocPct - 5);
    expect(cloudy.forecast.solar.weatherFactor).toBe(0.5);
  });

  it("ends the day at raceInfo's time left when the server sends one", () => {
    const world = configured(createWorld(90));
    drive(world, 60, 3600);
    configureStrategy(world.state, {
      settings: SETTINGS,
      raceInfo: { timeLeftMs: 2 * 3600_000, atPacketTime: world.time },
    });
    const answer = forecastNow(world.state, null);
    expect(answer.ok && answer.forecast.endAt).toBe(world.time + 7200);
    expect(
      answer.ok && answer.forecast.inputs.some((i) => i.source === "from the server's raceInfo"),
    ).toBe(true);
  });

  it("says why it cannot forecast instead of giving a number", () => {
    const noSettings = createWorld();
    drive(noSettings, 60, 600);
    expect(forecastNow(noSettings.state, null)).toMatchObject({
      ok: false,
      reason: "Cannot forecast: no strategy settings",
    });

    const noSoc = configured(createWorld());
    noSoc.missing.add(F.soc);
    drive(noSoc, 60, 600);
    const a = forecastNow(noSoc.state, null);
    expect(a.ok).toBe(false);
    expect(!a.ok && a.reason).toBe(
      "Cannot forecast: no state of charge (Pack State of Charge) in the telemetry",
    );

    const noGps = configured(createWorld());
    noGps.missing.add(F.lat).add(F.long);
    drive(noGps, 60, 600);
    const b = forecastNow(noGps.state, null);
    expect(!b.ok && b.reason).toBe(
      "Cannot forecast: no GPS position (GPS Latitude, GPS Longitude) for the sun",
    );

    // 03:00 at the track: nothing to fit the sky to, said at once (not
    // "not enough driving" for the first minutes, then night).
    const night = configured(createWorld(85, NINE_AM - 6 * 3600));
    drive(night, 60, 30);
    const early = forecastNow(night.state, null);
    expect(!early.ok && early.reason).toMatch(
      /^Cannot forecast: night, .*\(the sun is \d+° below the horizon\)$/,
    );
    drive(night, 60, 1200);
    const c = forecastNow(night.state, null);
    expect(!c.ok && c.reason).toMatch(/^Cannot forecast: night/);

    // Two minutes driven: too few to fit the car's power, said so.
    const started = configured(createWorld());
    drive(started, 0, 600);
    drive(started, 60, 120);
    const d = forecastNow(started.state, null);
    expect(!d.ok && d.reason).toMatch(/^Cannot forecast: not enough driving/);

    const after = configured(createWorld(85, NINE_AM + 8.5 * 3600));
    drive(after, 60, 600);
    const e = forecastNow(after.state, null);
    expect(!e.ok && e.reason).toBe(
      "Cannot forecast: the race day ended at 17:00 CDT (from the schedule in settings)",
    );
  });

  it("records the forecast in brief once per minute of packet time, live only", () => {
    const live = configured(createWorld(), true);
    drive(live, 60, 15 * 60);
    const records = live.events.filter((e) => e.kind === "strategy");
    // The first minutes have too little driving to fit; then one per minute.
    expect(records.length).toBeGreaterThanOrEqual(10);
    expect(records.length).toBeLessThanOrEqual(14);
    const minutes = records.map((e) => Math.floor(e.time / 60));
    expect(new Set(minutes).size).toBe(records.length);
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]! - minutes[i - 1]!).toBe(1);
    const last = records.at(-1)!.payload as StrategyRecord;
    expect(last.socNowPct).toBeCloseTo(live.soc, 0);
    expect(last.currentSpeedKmh).toBeCloseTo(60, 0);

    const replay = configured(createWorld(), false);
    drive(replay, 60, 15 * 60);
    expect(replay.events).toEqual([]);
  });

  it("keeps a bounded state: a reset empties it, the settings stay", () => {
    const world = configured(createWorld());
    drive(world, 60, 600);
    strategyStage.reset(world.state);
    expect(world.state.windows.count).toBe(0);
    expect(world.state.context).not.toBeNull();
    const before = world.state.windows.minute.length;
    drive(world, 60, 14 * 3600);
    expect(world.state.windows.minute.length).toBe(before);
    expect(world.state.windows.count).toBe(before);
  });
});

describe("the pack's capacity, checked against the pack current", () => {
  const withCapacity = (world: ReturnType<typeof createWorld>, ah: number) => {
    configureStrategy(world.state, {
      settings: { ...SETTINGS, capacity: { kind: "Ah", ah, nominalV: 125 } },
      raceInfo: null,
      emitRecords: false,
    });
    return world;
  };
  const forecastOf = (world: ReturnType<typeof createWorld>) => {
    const answer = forecastNow(world.state, null);
    if (!answer.ok) throw new Error(answer.reason);
    return answer.forecast;
  };

  it("says nothing when the setting is the pack's (40 Ah)", () => {
    const world = withCapacity(createWorld(90), 40);
    drive(world, 70, 3 * 3600);
    expect(90 - world.soc).toBeGreaterThan(5);
    expect(forecastOf(world).capacityWarning).toBeNull();
  });

  it("names the capacity the data implies when 8 Ah was typed for a 40 Ah pack", () => {
    const world = withCapacity(createWorld(90), 8);
    drive(world, 70, 3 * 3600);
    const f = forecastOf(world);
    const implied = Number(/about ([\d.]+) Ah/.exec(f.capacityWarning ?? "")?.[1]);
    expect(implied).toBeGreaterThan(36);
    expect(implied).toBeLessThan(44);
    expect(f.capacityWarning).toContain("settings say 8 Ah");
    // The cross-check, at the wrong capacity, is far from the pack's own figure.
    expect(Math.abs(f.socIntegratedPct! - f.socNowPct)).toBeGreaterThan(10);
  });

  it("checks a capacity given in Wh in Wh", () => {
    const world = createWorld(90);
    configureStrategy(world.state, {
      settings: { ...SETTINGS, capacity: { kind: "Wh", wh: 1000 } },
      raceInfo: null,
      emitRecords: false,
    });
    drive(world, 70, 3 * 3600);
    const implied = Number(/about (\d+) Wh/.exec(forecastOf(world).capacityWarning ?? "")?.[1]);
    expect(implied).toBeGreaterThan(4500); // 40 Ah × 125 V
    expect(implied).toBeLessThan(5500);
  });

  it("waits until enough charge has moved to tell", () => {
    const world = withCapacity(createWorld(90), 8);
    drive(world, 40, 10 * 60);
    expect(90 - world.soc).toBeLessThan(5);
    expect(forecastOf(world).capacityWarning).toBeNull();
  });
});
