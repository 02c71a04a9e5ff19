// One clock on screen (issue 58 item 6): a team from Calgary racing in
// Kentucky read the status bar and the alerts on the computer's clock and the
// Strategy card on the track's. Every time now comes from one formatter, in
// the zone Settings → "Show times in" chooses: the race's (the Strategy
// settings' zone, by default) or this computer's. The machine here is put
// in a third zone (Kolkata), so that neither Chicago (the race) nor Edmonton
// (the computer) is ever its own clock by chance. The moments are in 2024:
// zone data from 2025 on keeps Alberta on UTC−6 all year from 2026 (Chromium
// 156's has it), older data does not, and both agree on 2024.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDateTimeNamed,
  formatTime,
  formatTimeNamed,
  instantOf,
  offsetSecondsAt,
  showTimesIn,
  shownTimeZone,
  wallClockAt,
} from "../../workers/shared/dateTime";
import { timeAxisPicture, type TimeAxisLook } from "../../workers/shared/plots/timeAxis";
import { formatPacketTime } from "../../src/ui/format/statusFormat";
import { formatRaceTime } from "../../src/ui/format/strategyFormat";
import { timeZoneText } from "../../src/ui/format/dateTime";
import { rangeOf, spanRange } from "../../src/actions/playbackActions";
import { defaultSettings, restoreSettings, savedTimesIn } from "../../src/state/settingsSchema";
import { planHorizon } from "../../workers/telemetry/strategy/horizon";
import { configureStrategy, forecastNow } from "../../workers/telemetry/strategy/strategyStage";
import { SETTINGS, createWorld, drive } from "./strategyKit";

const RACE = "America/Chicago";
const COMPUTER = "America/Edmonton";

const machineZone = process.env.TZ;
beforeAll(() => void (process.env.TZ = "Asia/Kolkata"));
afterAll(() => void (process.env.TZ = machineZone));
afterEach(() => showTimesIn(null));

/** 11/26/2024 20:00:09.250 UTC: 14:00:09 in Chicago (CST), 13:00:09 in Edmonton (MST). */
const T = Date.UTC(2024, 10, 26, 20, 0, 9, 250) / 1000;
/** 01:30:00 UTC on 11/27/2024: still 11/26 on both American clocks, 07:00 on the 27th in Kolkata. */
const LATE = Date.UTC(2024, 10, 27, 1, 30, 0) / 1000;

describe("the one formatter, in the zone chosen", () => {
  it("writes every time and date on the race's clock", () => {
    showTimesIn(RACE);
    expect(formatTime(T)).toBe("14:00:09");
    expect(formatTime(T, true)).toBe("14:00:09.250");
    expect(formatTimeNamed(T)).toBe("14:00:09 CST");
    expect(formatTimeNamed(T, false)).toBe("14:00 CST");
    expect(formatDate(LATE)).toBe("11/26/2024");
    expect(formatDateTime(LATE)).toBe("11/26/2024, 19:30:00");
    expect(formatDateTimeNamed(LATE)).toBe("11/26/2024, 19:30:00 CST");
    // The status bar's last packet and the Strategy card's time: one clock.
    expect(formatPacketTime(T)).toBe("14:00:09 CST");
    expect(formatRaceTime(T, undefined, true)).toBe("14:00:09 CST");
    expect(timeZoneText(T * 1000)).toBe("America/Chicago (UTC-06:00)");
  });

  it("writes every time and date on this computer's clock", () => {
    showTimesIn(COMPUTER);
    expect(formatTime(T)).toBe("13:00:09");
    expect(formatTimeNamed(T)).toBe("13:00:09 MST");
    expect(formatDateTime(LATE)).toBe("11/26/2024, 18:30:00");
    expect(formatPacketTime(T)).toBe("13:00:09 MST");
    expect(formatRaceTime(T, undefined, true)).toBe("13:00:09 MST");
    expect(timeZoneText(T * 1000)).toBe("America/Edmonton (UTC-07:00)");
  });

  it("without a zone, writes the thread's own clock (a worker, a test), named as it", () => {
    expect(shownTimeZone()).toBeNull();
    expect(formatTime(T)).toBe("01:30:09");
    expect(formatDate(LATE)).toBe("11/27/2024");
    expect(formatTimeNamed(T)).toBe("01:30:09 GMT+5:30");
  });

  it("takes no zone it does not know", () => {
    showTimesIn("Mars/Base");
    expect(shownTimeZone()).toBeNull();
    expect(formatTime(T, false, "Mars/Base")).toBe("01:30:09");
  });

  it("follows summer time on the day it changes, hour by hour", () => {
    // Chicago put its clocks forward at 02:00 CST on 03/08/2026 (08:00 UTC).
    const change = Date.UTC(2026, 2, 8, 8, 0, 0) / 1000;
    expect(formatTimeNamed(change - 1, true, RACE)).toBe("01:59:59 CST");
    expect(formatTimeNamed(change, true, RACE)).toBe("03:00:00 CDT");
    expect(offsetSecondsAt(change - 1, RACE)).toBe(-6 * 3600);
    expect(offsetSecondsAt(change + 1, RACE)).toBe(-5 * 3600);
    // Asked again (now remembered per quarter hour), the same.
    expect(formatTime(change - 1, false, RACE)).toBe("01:59:59");
    // A wall clock back to its instant, either side of the change.
    const wall = (hour: number) => ({ year: 2026, month: 3, day: 8, hour, minute: 0, second: 0 });
    expect(instantOf(wall(1), RACE)).toBe(change - 3600);
    expect(instantOf(wall(4), RACE)).toBe(change + 3600);
    expect(wallClockAt(change + 3600, RACE)).toMatchObject({ hour: 4, minute: 0 });
  });
});

describe("the plots' time axis (drawn by the render worker, told the zone with each plot)", () => {
  const look = (timeZone: string): TimeAxisLook => ({
    font: "11px sans-serif",
    text: "#000",
    grid: "#ccc",
    height: 24,
    tickLength: 4,
    timeZone,
  });
  const hours = { min: T - 3 * 3600, max: T + 3 * 3600 };

  it("labels the race's round hours, or this computer's", () => {
    for (const [zone, offset, label] of [
      [RACE, -6 * 3600, "14:00"],
      [COMPUTER, -7 * 3600, "12:00"],
    ] as const) {
      const axis = timeAxisPicture(look(zone), hours, 400, 1);
      expect(axis.increment).toBe(7200);
      expect(axis.labels).toContain(label);
      axis.ticks.forEach((t, i) => {
        expect((t + offset) % axis.increment).toBe(0);
        expect(axis.labels[i]).toBe(formatTime(t, false, zone).slice(0, 5));
      });
    }
  });

  it("puts hourly ticks on a half-hour zone's round hours", () => {
    const picture = timeAxisPicture(look("Asia/Kolkata"), hours, 400, 1);
    for (const t of picture.ticks) expect((t + 5.5 * 3600) % 3600).toBe(0);
  });
});

describe("the setting", () => {
  it("is the race's zone by default, and says a bad saved value in words", () => {
    expect(restoreSettings(null).value.timesIn).toBe("race");
    // Saved before the setting was there: its default, nothing to say.
    expect(restoreSettings(JSON.stringify({ appUnits: "metric" })).value.timesIn).toBe("race");
    expect(restoreSettings(JSON.stringify({ timesIn: "computer" })).value.timesIn).toBe("computer");
    const bad = restoreSettings(JSON.stringify({ ...defaultSettings(), timesIn: "Mars" }));
    expect(bad.value.timesIn).toBe("race");
    expect(bad.warning).toBe(
      "Some saved settings were invalid or outdated (Show times in); using defaults for them.",
    );
  });

  it("is read from another window's save as it is made", () => {
    expect(savedTimesIn(JSON.stringify({ appUnits: "metric", timesIn: "computer" }))).toBe(
      "computer",
    );
    expect(savedTimesIn(JSON.stringify({ timesIn: 3 }))).toBeNull();
    expect(savedTimesIn("not json")).toBeNull();
    expect(savedTimesIn(null)).toBeNull();
  });
});

describe("the replay range's inputs are read on the same clock", () => {
  const FIRST = Date.UTC(2024, 10, 26, 20, 0, 44) / 1000;

  it("fills and reads the inputs in the race's zone, or this computer's", () => {
    const race = spanRange(FIRST, FIRST + 607, RACE);
    expect(race).toEqual({ date: "2024-11-26", startTime: "14:00:44", endTime: "14:10:51" });
    expect(rangeOf(race, RACE)).toEqual({ from: FIRST, to: FIRST + 607 });
    const computer = spanRange(FIRST, FIRST + 607, COMPUTER);
    expect(computer.startTime).toBe("13:00:44");
    expect(rangeOf(computer, COMPUTER)).toEqual({ from: FIRST, to: FIRST + 607 });
    // The same inputs on the other clock are another hour.
    expect(rangeOf(race, COMPUTER)).toEqual({ from: FIRST + 3600, to: FIRST + 607 + 3600 });
  });

  it("refuses inputs that are not a date and times", () => {
    expect(rangeOf({ date: "2026-13-01", startTime: "10:00", endTime: "11:00" }, RACE)).toBeNull();
    expect(rangeOf({ date: "2026-11-26", startTime: "25:00", endTime: "11:00" }, RACE)).toBeNull();
  });
});

describe("the telemetry worker's texts, in the zone the window asks for", () => {
  it("names the end of the race day on the window's clock", () => {
    // 18:00 CST, after the day's 17:00 end.
    const evening = Date.UTC(2024, 10, 27, 0, 0, 0) / 1000;
    const settings = { ...SETTINGS, timeZone: RACE };
    const reason = (zone?: string) => {
      const plan = planHorizon(evening, settings, null, zone);
      return plan.ok ? "" : plan.reason;
    };
    expect(reason()).toContain("ended at 17:00 CST");
    expect(reason(COMPUTER)).toContain("ended at 16:00 MST");
  });

  it("writes the forecast's inputs on the window's clock; the race's when it names none", () => {
    const world = createWorld(90);
    configureStrategy(world.state, { settings: SETTINGS, raceInfo: null, emitRecords: false });
    drive(world, 55, 2 * 3600);
    const source = (zone?: string) => {
      const answer = forecastNow(world.state, null, zone);
      return answer.ok ? answer.forecast.inputs.find((i) => i.label === "State of charge")! : null;
    };
    const race = source()!.source;
    const computer = source(COMPUTER)!.source;
    expect(race).toMatch(/at \d\d:\d\d C[SD]T$/);
    expect(computer).toMatch(/at \d\d:\d\d M[SD]T$/);
    // One hour apart, the same moment.
    const hour = (text: string) => Number(/at (\d\d):/.exec(text)![1]);
    expect((hour(race) - hour(computer) + 24) % 24).toBe(1);
    expect(source("Mars/Base")!.source).toBe(race);
  });
});
