// Issue 35: the strategy settings are checked whole in the worker; what the
// shapes cannot say (a real time zone, a day ending after it starts, stops
// inside the day, charging outside it) is refused with words a user can act on.
import { describe, expect, it } from "vitest";
import type { StrategySettings } from "../../workers/contract/strategy";
import {
  checkStrategySettings,
  DEFAULT_STRATEGY_SETTINGS,
} from "../../workers/telemetry/strategy/strategySettings";

const withSchedule = (patch: Partial<StrategySettings["schedule"]>): StrategySettings => ({
  ...DEFAULT_STRATEGY_SETTINGS,
  schedule: { ...DEFAULT_STRATEGY_SETTINGS.schedule, ...patch },
});

const refusal = (value: unknown): string => {
  const checked = checkStrategySettings(value);
  if (checked.ok) throw new Error("taken, but should be refused");
  return checked.message;
};

describe("strategy settings", () => {
  it("the defaults are the demo pack and track's race day, and are taken", () => {
    const checked = checkStrategySettings(DEFAULT_STRATEGY_SETTINGS);
    expect(checked.ok).toBe(true);
    expect(DEFAULT_STRATEGY_SETTINGS.capacity).toEqual({ kind: "Ah", ah: 40, nominalV: 115.2 });
    expect(DEFAULT_STRATEGY_SETTINGS.schedule.start).toBe("09:00");
  });

  it("a Wh capacity, a planned stop and no charging windows are taken", () => {
    const settings = {
      ...withSchedule({
        stops: [{ at: "12:30", minutes: 30, label: "Control stop" }],
        morningCharge: null,
        eveningCharge: null,
      }),
      capacity: { kind: "Wh" as const, wh: 5000 },
    };
    expect(checkStrategySettings(settings)).toEqual({ ok: true, settings });
  });

  it("refuses what a user could type wrong, naming each", () => {
    expect(refusal({ ...DEFAULT_STRATEGY_SETTINGS, timeZone: "Mars/Olympus" })).toContain(
      '"Mars/Olympus" is not a time zone',
    );
    expect(refusal(withSchedule({ start: "17:00", end: "09:00" }))).toContain(
      "the day must end after it starts",
    );
    expect(refusal(withSchedule({ stops: [{ at: "16:50", minutes: 30, label: "" }] }))).toContain(
      "the stop at 16:50 must lie within the day",
    );
    expect(refusal(withSchedule({ morningCharge: { from: "08:00", to: "10:00" } }))).toContain(
      "must end by the start of the day (09:00)",
    );
    expect(refusal(withSchedule({ start: "9:00" }))).toContain(
      "Race day starts: must be a time of day as HH:MM",
    );
    expect(
      refusal({ ...DEFAULT_STRATEGY_SETTINGS, capacity: { kind: "Ah", ah: 0, nominalV: 115 } }),
    ).toContain("Capacity (Ah): must be more than 0 Ah");
    expect(refusal({ ...DEFAULT_STRATEGY_SETTINGS, weatherFactor: Number.NaN })).toContain(
      "Weather factor: must be",
    );
    // Each reason names the field as the form labels it, never its path.
    expect(refusal(withSchedule({ stops: [{ at: "12:00", minutes: -5, label: "" }] }))).toContain(
      "Planned stop 1, minutes: must be more than 0 minutes",
    );
    expect(refusal(withSchedule({ eveningCharge: { from: "17:00", to: "7pm" } }))).toContain(
      "Evening charging, to: must be a time of day as HH:MM",
    );
    expect(refusal(withSchedule({ start: "17:00", end: "09:00" }))).toMatch(
      /^Strategy settings not saved: Race day: the day must end after it starts/,
    );
    expect(refusal(null)).toContain("Strategy settings not saved");
  });
});

describe("the array's rating (issue 56)", () => {
  const taken = (value: unknown) => {
    const checked = checkStrategySettings(value);
    if (!checked.ok) throw new Error(checked.message);
    return checked.settings;
  };

  it("is not set by default, and a data sheet's rating or none is taken", () => {
    expect(DEFAULT_STRATEGY_SETTINGS.arrayRatingW).toBeNull();
    expect(taken({ ...DEFAULT_STRATEGY_SETTINGS, arrayRatingW: 920 }).arrayRatingW).toBe(920);
    expect(taken({ ...DEFAULT_STRATEGY_SETTINGS, arrayRatingW: null }).arrayRatingW).toBeNull();
  });

  it("settings saved before it was kept read as not set, as JSON text too", () => {
    const { arrayRatingW: _, ...older } = DEFAULT_STRATEGY_SETTINGS;
    expect(taken(older)).toEqual(DEFAULT_STRATEGY_SETTINGS);
    expect(taken(JSON.stringify(older)).arrayRatingW).toBeNull();
  });

  it("refuses a rating no array has, naming the field as the form does", () => {
    const rating = (arrayRatingW: number) =>
      refusal({ ...DEFAULT_STRATEGY_SETTINGS, arrayRatingW });
    expect(rating(0)).toContain("Array rating: must be more than 0 W");
    expect(rating(-900)).toContain("Array rating: must be more than 0 W");
    expect(rating(Number.NaN)).toContain("Array rating: must be a number");
    expect(rating(Number.POSITIVE_INFINITY)).toContain("Array rating: must be");
    expect(rating(50_000)).toContain("Array rating: must be at most 20000 W");
    expect(taken({ ...DEFAULT_STRATEGY_SETTINGS, arrayRatingW: 20_000 }).arrayRatingW).toBe(20_000);
  });
});
