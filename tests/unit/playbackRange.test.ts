// The backend's span fills the range inputs to the second (issue 32 item 7):
// rounded to whole minutes, a replay began up to 59 s before the first packet
// and played nothing for that long.
import { describe, expect, it } from "vitest";
import { clockTimeOf, endsNextDay, rangeOf, spanRange } from "../../src/actions/playbackActions";
import { defaultSettings, restoreSettings } from "../../src/state/settingsSchema";

// 2026-11-26, 44 s and 51 s past a minute (the gaps the real server showed).
const FIRST = Date.UTC(2026, 10, 26, 15, 20, 44) / 1000;
const LAST = FIRST + 600 + 7;

describe("the backend's span as a playback range", () => {
  it("starts and ends at the span's own seconds", () => {
    const range = spanRange(FIRST, LAST);
    expect(range.startTime).toMatch(/^\d\d:\d\d:44$/);
    expect(range.endTime).toMatch(/^\d\d:\d\d:51$/);
    expect(rangeOf(range)).toEqual({ from: FIRST, to: LAST });
  });

  it("an end part-way through a second still covers that second's packets", () => {
    expect(rangeOf(spanRange(FIRST + 0.25, LAST + 0.4))).toEqual({ from: FIRST, to: LAST + 1 });
  });

  it("a span over local midnight ends on the next day; equal times are no range", () => {
    // The span starts 10 min before local midnight, whatever this machine's zone.
    const midnight = new Date(2026, 10, 27, 0, 0, 0).getTime() / 1000;
    const range = spanRange(midnight - 600, midnight + 300);
    expect(range.endTime).toBe("00:05:00");
    expect(endsNextDay(range)).toBe(true);
    expect(rangeOf(range)).toEqual({ from: midnight - 600, to: midnight + 300 });
    expect(rangeOf({ ...range, endTime: range.startTime })).toBeNull();
    expect(endsNextDay({ ...range, startTime: "07:20", endTime: "07:20:00" })).toBe(false);
  });

  it("a saved range with seconds comes back after a reload; one in minutes still does", () => {
    const today = new Date("2026-11-26T12:00:00Z");
    for (const startTime of ["07:20:44", "07:20"]) {
      const saved = {
        ...defaultSettings(today),
        playbackDateTime: { date: "2026-11-26", startTime, endTime: "07:30:51" },
      };
      expect(restoreSettings(JSON.stringify(saved), today)).toEqual({
        value: saved,
        warning: null,
      });
    }
  });
});

describe("a range time as typed (24-hour, as the app writes times)", () => {
  it("reads H:MM, HH:MM and HH:MM:SS, and writes HH:MM:SS", () => {
    expect(clockTimeOf("7:05")).toBe("07:05:00");
    expect(clockTimeOf("23:59")).toBe("23:59:00");
    expect(clockTimeOf(" 14:05:30 ")).toBe("14:05:30");
    expect(clockTimeOf("00:00:00")).toBe("00:00:00");
  });

  it("refuses a 12-hour time, an hour past 23, a part typed half-way and nothing", () => {
    for (const text of ["11:59 PM", "24:00", "12:60", "12:00:61", "12:3", "1205", ""])
      expect(clockTimeOf(text), text).toBeNull();
  });
});
