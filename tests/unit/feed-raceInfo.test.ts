// The feed server's raceInfo: the time left in the race day counts down on
// the packets' clock, so a day run at --speedup ends with the simulated day
// (the strategy's horizon comes from it), whatever the wall clock did.
import { describe, expect, it } from "vitest";
import { RaceInfoTracker } from "../../feed-server/generation";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";

const HOUR_MS = 3_600_000;

describe("raceInfo's time left", () => {
  it("is the whole 8 h day before any packet", () => {
    const race = new RaceInfoTracker(0, 1_000);
    expect(race.info(0, 0, 1_000).timeLeft).toBe(8 * HOUR_MS);
  });

  it("counts the packets' hours, not the wall's", () => {
    const wallStart = 1_000;
    const race = new RaceInfoTracker(0, wallStart);
    const car = new CarSimulator({ seed: 2 });
    race.add(car.next(0.5));
    // One simulated hour in 2 s packets, sent in a wall-clock minute (60× speedup).
    for (let i = 0; i < 1800; i++) race.add(car.next(2));
    const info = race.info(1, 0, wallStart + 60_000);
    expect(info.timeLeft).toBeCloseTo(7 * HOUR_MS, -3);
    expect(info.distance).toBeGreaterThan(0);
  });

  it("never goes below zero after the day", () => {
    const race = new RaceInfoTracker(0, 0);
    const car = new CarSimulator({ seed: 3 });
    race.add(car.next(0.5));
    for (let i = 0; i < 9 * 60; i++) race.add(car.next(60));
    expect(race.info(1, 0, 0).timeLeft).toBe(0);
  });
});
