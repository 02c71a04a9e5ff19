// The demo's two cars (issue 56): the light three-wheeler whose power rises
// mostly with the air's cube, and a heavier car whose power rises nearly
// linearly with speed, as a real car's did, each with its own pack and array.
import { describe, expect, it } from "vitest";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { CARS, steadyPowerW, type CarKind } from "../../workers/telemetry/sources/demo/cars";

const at = (iso: string) => Date.parse(iso) / 1000;

/** Mean speed (km/h) and power drawn (pack + array, W) over 20 min on the track at `kmh`. */
function driveAt(car: CarKind, kmh: number): { kmh: number; watts: number } {
  const sim = new CarSimulator({
    seed: 2,
    car,
    commandedKmh: kmh,
    startTime: at("2026-07-15T14:00:00Z"),
  });
  for (let i = 0; i < 300; i++) sim.next(1); // up to speed
  const [odometer, time, packWh] = [sim.state.odometer, sim.state.time, sim.state.packEnergyOutWh];
  let solarWh = 0;
  for (let i = 0; i < 1200; i++) {
    sim.next(1);
    solarWh += sim.state.solarPower / 3600;
  }
  const hours = (sim.state.time - time) / 3600;
  return {
    kmh: (sim.state.odometer - odometer) / 1000 / hours,
    // The array's power reaches the pack at 98 % (the MPPTs' efficiency).
    watts: (sim.state.packEnergyOutWh - packWh + 0.98 * solarWh) / hours,
  };
}

/** How far P(44 km/h) lies below the straight line from P(20) to P(60), as a share of it. */
function belowChord(car: CarKind): number {
  const p = (kmh: number) => steadyPowerW(CARS[car], kmh / 3.6);
  const chord = p(20) + ((p(60) - p(20)) * (44 - 20)) / (60 - 20);
  return (chord - p(44)) / chord;
}

describe("the linear car", () => {
  it("draws what a real car of its kind drew on the track: ~0.9 kW at 20 km/h, ~1.75 at 44, ~2.25 at 60", () => {
    for (const [kmh, real] of [
      [20, 900],
      [44, 1750],
      [60, 2250],
    ] as const) {
      const driven = driveAt("linear", kmh);
      expect(driven.kmh).toBeGreaterThan(kmh * 0.95);
      expect(driven.watts).toBeGreaterThan(real * 0.9);
      expect(driven.watts).toBeLessThan(real * 1.1);
    }
  });

  it("has a power curve nearly a straight line, where the light car's bends up with the air's cube", () => {
    // P(44) against the chord from P(20) to P(60): a straight line is 0.
    expect(belowChord("linear")).toBeLessThan(0.05);
    expect(belowChord("light")).toBeGreaterThan(0.12);
    // The air's share of the power at 60 km/h: small for the linear car.
    const airShare = (car: CarKind) => {
      const c = CARS[car];
      const v = 60 / 3.6;
      return (0.6 * c.cdaM2 * v ** 3) / c.driveEfficiency / steadyPowerW(c, v);
    };
    expect(airShare("linear")).toBeLessThan(0.15);
    expect(airShare("light")).toBeGreaterThan(0.4);
  });

  it("stands at about 260 W, with a pack and an array of its own", () => {
    expect(steadyPowerW(CARS.linear, 0)).toBeCloseTo(260, -1);
    expect(steadyPowerW(CARS.light, 0)).toBeLessThan(100);
    // Standing at a clear summer noon: the array gives about its rating.
    const noon = at("2026-07-15T17:47:00Z");
    const sims = (["light", "linear"] as const).map(
      (car) =>
        new CarSimulator({ seed: 4, car, commandedKmh: 0, startTime: noon, weather: "clear" }),
    );
    for (const sim of sims) sim.next(1);
    const [light, linear] = sims.map((sim) => sim.state);
    expect(linear!.solarPower / light!.solarPower).toBeCloseTo(1050 / 920, 1);
    expect(linear!.solarPower).toBeGreaterThan(900);
    // The same share of charge is more charge in the bigger pack.
    expect(linear!.remainingAh / linear!.soc).toBeCloseTo(80.4, 5);
    expect(light!.remainingAh / light!.soc).toBeCloseTo(40, 5);
  });

  it("refuses an unknown car with the list of known ones", () => {
    expect(() => new CarSimulator({ car: "truck" as never })).toThrow(
      /Unknown car "truck": expected light, linear/,
    );
  });
});
