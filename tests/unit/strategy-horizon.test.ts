import { describe, expect, it } from "vitest";
import { planHorizon, activityAt } from "../../workers/telemetry/strategy/horizon";
import { formatLocalTime, localTimeOnDayOf } from "../../workers/shared/dateTime";
import { SETTINGS } from "./strategyKit";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("the race day's horizon", () => {
  it("turns the schedule's local times into epoch seconds in the settings' zone", () => {
    const noon = at("2026-06-16T17:00:00Z");
    expect(localTimeOnDayOf(noon, 9 * 60, "America/Chicago")).toBe(at("2026-06-16T14:00:00Z"));
    expect(localTimeOnDayOf(noon, 9 * 60, "Europe/Berlin")).toBe(at("2026-06-16T07:00:00Z"));
    // Winter: Chicago is UTC−6.
    expect(localTimeOnDayOf(at("2026-01-15T18:00:00Z"), 17 * 60, "America/Chicago")).toBe(
      at("2026-01-15T23:00:00Z"),
    );
    expect(formatLocalTime(at("2026-06-16T20:40:00Z"), "America/Chicago")).toBe("15:40");
  });

  it("takes planned stops out of the driving time, and the standing car charges in them", () => {
    const settings = {
      ...SETTINGS,
      schedule: {
        ...SETTINGS.schedule,
        stops: [{ at: "14:00", minutes: 30, label: "Control stop" }],
      },
    };
    const now = at("2026-06-16T18:00:00Z"); // 13:00 CDT
    const plan = planHorizon(now, settings, null);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.horizon.endAt).toBe(at("2026-06-16T22:00:00Z"));
    expect(plan.horizon.drivingLeftS).toBe(3.5 * 3600);
    expect(activityAt(plan.horizon, at("2026-06-16T19:15:00Z"))).toBe("stand");
    expect(activityAt(plan.horizon, at("2026-06-16T19:45:00Z"))).toBe("drive");
  });

  it("ends the day by the server's time left, but only on the day it was sent", () => {
    const sent = at("2026-06-16T18:00:00Z"); // 13:00 CDT, 3 h left
    const raceInfo = { timeLeftMs: 3 * 3600_000, atPacketTime: sent };
    const today = planHorizon(sent + 600, SETTINGS, raceInfo);
    expect(today.ok && today.horizon.endAt).toBe(at("2026-06-16T21:00:00Z"));
    expect(today.ok && today.horizon.endSource).toBe("from the server's raceInfo");
    // A replay of yesterday at 13:00, while today's raceInfo comes in live.
    const yesterday = planHorizon(sent - 86_400, SETTINGS, raceInfo);
    expect(yesterday.ok && yesterday.horizon.endAt).toBe(at("2026-06-15T22:00:00Z"));
    expect(yesterday.ok && yesterday.horizon.endSource).toBe(
      "from the schedule in settings (the server's raceInfo is for another day)",
    );
  });

  it("refuses a schedule it cannot read, saying which time", () => {
    const settings = { ...SETTINGS, schedule: { ...SETTINGS.schedule, end: "5 pm" } };
    expect(planHorizon(at("2026-06-16T18:00:00Z"), settings, null)).toEqual({
      ok: false,
      reason: 'Cannot forecast: the schedule\'s end "5 pm" is not a time of day (HH:MM)',
    });
    expect(
      planHorizon(at("2026-06-16T18:00:00Z"), { ...SETTINGS, timeZone: "Mars/Base" }, null),
    ).toEqual({
      ok: false,
      reason: 'Cannot forecast: unknown time zone "Mars/Base"',
    });
  });
});
