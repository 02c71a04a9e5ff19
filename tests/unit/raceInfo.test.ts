import { describe, expect, it } from "vitest";
import { parseRaceInfo } from "../../workers/telemetry/race/raceInfo";
import { raceDayText } from "../../src/ui/format/raceFormat";
import { BackendInfo } from "../../workers/telemetry/service/backendInfo";

export const RACE_INFO = {
  distance: 123.4,
  lapNumber: 17,
  prevTime: 240,
  raceDates: ["2026-07-01", "2026-07-02", "2026-07-03"],
  raceDay: 0,
  timeLeft: 3_600_000,
  totalDistance: 456.7,
};

describe("raceInfo", () => {
  it("keeps lap number, race day, distances and time left of a valid payload", () => {
    expect(parseRaceInfo(RACE_INFO, 1000)).toEqual({
      lapNumber: 17,
      raceDay: 1, // the wire's 0 is the first of raceDates: day 1 as people count
      raceDays: 3,
      raceDates: ["2026-07-01", "2026-07-02", "2026-07-03"],
      distanceToday: 123.4,
      totalDistance: 456.7,
      timeLeftMs: 3_600_000,
      receivedAt: 1000,
    });
  });

  it("keeps the date part of raceDates, with or without a time, and drops what is not a date", () => {
    const info = parseRaceInfo(
      { ...RACE_INFO, raceDates: ["2026-07-01T00:00:00.000Z", "2026-07-02", "next Tuesday"] },
      0,
    )!;
    expect(info.raceDates).toEqual(["2026-07-01", "2026-07-02"]);
  });

  it("shows the wire's first race day as \"Day 1 of 3\", and a day past the last as the race's end", () => {
    const day = (raceDay: number) => {
      const info = parseRaceInfo({ ...RACE_INFO, raceDay }, 0)!;
      return raceDayText(info.raceDay, info.raceDays);
    };
    expect(day(0)).toBe("Day 1 of 3");
    expect(day(2)).toBe("Day 3 of 3");
    expect(day(3)).toBe("Race over (3 days)");
    expect(raceDayText(1, 0)).toBe("Day 1");
  });

  it.each([
    ["a missing field", { ...RACE_INFO, raceDay: undefined }],
    ["a string number", { ...RACE_INFO, lapNumber: "17" }],
    ["race dates that are not strings", { ...RACE_INFO, raceDates: [1] }],
    ["null", null],
    ["text", "raceInfo"],
  ])("refuses %s", (_, raw) => {
    expect(parseRaceInfo(raw, 0)).toBeNull();
  });
});

describe("backend generation", () => {
  it("is unknown until a sign arrives, then follows the latest sign and lists the evidence", () => {
    const info = new BackendInfo();
    expect(info.snapshot().generation).toBeNull();
    info.noteGeneration("2026-01", "packet", "B3.HeadightsSwitchInput");
    info.noteGeneration("2026-01", "GET /laps", "nested lap records");
    expect(info.snapshot()).toMatchObject({
      generation: "2026-01",
      generationEvidence:
        "packet: B3.HeadightsSwitchInput (2026-01); GET /laps: nested lap records (2026-01)",
    });
    info.noteGeneration("2026-06", "packet", "B3.HeadlightsSwitchInput");
    expect(info.snapshot().generation).toBe("2026-06");
    info.reset();
    expect(info.snapshot()).toEqual({ generation: null, generationEvidence: "", raceInfo: null });
  });
});
