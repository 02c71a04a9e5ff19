// One style for every date and time people read (issue 32 item 13): MM/DD/YYYY
// and 24-hour times in the browser's time zone, wherever they are shown; the
// race strategy's times in the race day's zone, named.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clockTickLabels,
  formatDate,
  formatDateTime,
  formatTime,
  formatZonedTime,
  timeZoneText,
  utcOffsetText,
} from "../../src/ui/format/dateTime";
import { formatLapDate } from "../../src/ui/format/lapFormat";
import { formatPacketDate } from "../../src/ui/format/sessionFormat";
import { formatPacketTime } from "../../src/ui/format/statusFormat";
import { timeLabel } from "../../workers/shared/plots/timeAxis";

// An afternoon time in a zone west of UTC: a 12-hour clock would write "PM",
// and a UTC formatter would give another hour and day.
const zone = process.env.TZ;
beforeAll(() => void (process.env.TZ = "America/Los_Angeles"));
afterAll(() => void (process.env.TZ = zone));
/** 11/26/2026 15:08:09.250 in Los Angeles (UTC−8 in November) = 11/26 23:08:09 UTC. */
const T = Date.UTC(2026, 10, 26, 23, 8, 9, 250) / 1000;

describe("the app's one date-time style", () => {
  it("writes 24-hour local times and en-US dates", () => {
    expect(formatTime(T)).toBe("15:08:09");
    expect(formatTime(T, true)).toBe("15:08:09.250");
    expect(formatDate(T)).toBe("11/26/2026");
    expect(formatDateTime(T)).toBe("11/26/2026, 15:08:09");
  });

  it("pads early hours and small days and months", () => {
    const early = Date.UTC(2026, 0, 5, 15, 4, 2) / 1000; // 07:04:02 in Los Angeles
    expect(formatDateTime(early)).toBe("01/05/2026, 07:04:02");
  });

  it("shows a dash for a missing or bad time", () => {
    for (const bad of [null, undefined, NaN, Infinity, 1e20]) expect(formatDateTime(bad)).toBe("—");
    expect(formatTime(null)).toBe("—");
  });

  it("is the style of the laps, sessions, status bar and plot axis", () => {
    expect(formatLapDate(T * 1000)).toBe("11/26/2026, 15:08:09");
    expect(formatPacketDate(T)).toBe("11/26/2026, 15:08:09");
    expect(formatPacketTime(T)).toBe("15:08:09 PST"); // it stands alone: named
    expect(timeLabel(T, 1)).toBe("15:08:09");
    expect(timeLabel(T, 60)).toBe("15:08");
    expect(timeLabel(T, 86400)).toBe("11/26 15:08");
  });

  it("names the time zone and its offset for Settings", () => {
    expect(utcOffsetText(T * 1000)).toBe("-08:00");
    expect(utcOffsetText(Date.UTC(2026, 6, 1))).toBe("-07:00"); // summer time
    expect(timeZoneText(T * 1000)).toBe("America/Los_Angeles (UTC-08:00)");
  });
});

describe("a race-day time (the Strategy tab, its Overview card)", () => {
  it("is written in the race's zone with the zone's name, not the browser's clock", () => {
    // The browser is in Los Angeles (15:08); the track in US Central.
    expect(formatZonedTime(T, "America/Chicago")).toBe("17:08 CST");
    expect(formatZonedTime(T, "America/Chicago", true)).toBe("17:08:09 CST");
    const july = Date.UTC(2026, 6, 1, 20, 40) / 1000;
    expect(formatZonedTime(july, "America/Chicago")).toBe("15:40 CDT");
    expect(formatZonedTime(july, "UTC")).toBe("20:40 UTC");
    expect(formatZonedTime(NaN, "America/Chicago")).toBe("—");
  });
});

describe("a strategy chart's time axis over the race's days", () => {
  // 12/07/2026 00:00 and 12:00, 12/08/2026 00:00 in Chicago (UTC−6 in December).
  const ticks = [0, 12, 24].map((h) => Date.UTC(2026, 11, 7, 6 + h) / 1000);

  it("names each day at its midnight, and gives other ticks the clock", () => {
    expect(clockTickLabels(ticks, "America/Chicago", true)).toEqual(["12/07", "12:00", "12/08"]);
  });

  it("within a day, gives every tick the clock, midnight too", () => {
    expect(clockTickLabels(ticks, "America/Chicago", false)).toEqual(["00:00", "12:00", "00:00"]);
  });

  it("reads midnight in the zone shown, not in UTC", () => {
    expect(clockTickLabels(ticks, "UTC", true)).toEqual(["06:00", "18:00", "06:00"]);
  });
});

describe("no other date-time formatter", () => {
  // A locale formatter called anywhere else brings back the mix the user saw
  // (7:15:02 AM on the map, 26/11/2026 in Sessions): every date and time is
  // written by workers/shared/dateTime.ts.
  const root = join(__dirname, "../..");
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(dir, file));
  const LOCALE_DATE =
    /toLocale(Date|Time)String|Intl\.DateTimeFormat\(\s*["']|hour12|new Date\([^)]*\)\.toLocaleString/;

  it("is called in the UI or the workers", () => {
    // dateTime.ts itself reads clocks in a named zone (the race-day schedule) with Intl.
    const offenders = [...sources("src"), ...sources("workers")].filter(
      (file) =>
        file !== join("workers", "shared", "dateTime.ts") &&
        LOCALE_DATE.test(readFileSync(join(root, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
