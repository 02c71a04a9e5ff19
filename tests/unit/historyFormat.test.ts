import { describe, expect, it } from "vitest";
import type { HistoryReach } from "../../workers/contract/connection";
import { formatSpan, historyTexts } from "../../src/ui/format/historyFormat";
import { demoDayText } from "../../src/ui/format/statusFormat";

// 08:00 local on some day, as packet time (epoch seconds).
const eight = new Date(2026, 6, 15, 8, 0, 0).getTime() / 1000;

const day: HistoryReach = {
  length: 115_200,
  capacity: 345_600,
  bytes: 345_600 * 724,
  from: eight,
  to: eight + 3 * 3600 + 12 * 60,
  packetRate: 10,
};

describe("Settings → History in words", () => {
  it("states the day it holds at the car's rate, its memory and what it holds now", () => {
    const texts = historyTexts(day, true);
    expect(texts.holds).toBe("Holds 9.6 h at 10 packets/s (345,600 packets), 250 MB in memory.");
    // The end stands alone in the sentence: its zone is named.
    expect(texts.now).toMatch(/^Now: 3 h 12 min, from 08:00 to 11:12 \S+ \(115,200 packets\)\.$/);
    expect(texts.rateWarning).toBeNull();
  });

  it("says how little time it keeps when packets come far faster than the car's", () => {
    const texts = historyTexts({ ...day, packetRate: 2000 }, true);
    expect(texts.rateWarning).toBe(
      "At 2,000 packets/s it holds 2.9 min: older packets are dropped from the live view " +
        "(the recording keeps them).",
    );
    expect(historyTexts({ ...day, packetRate: 2000 }, false).rateWarning).toContain(
      "recording is off",
    );
    // 12 packets/s still keeps 8 h: short of a 9 h day, so it says so.
    expect(historyTexts({ ...day, packetRate: 12 }, true).rateWarning).toContain("8 h");
  });

  it("reads an empty history and short spans plainly", () => {
    expect(historyTexts({ ...day, length: 0, from: null, to: null }, true).now).toBe(
      "Now: no packets yet.",
    );
    expect(formatSpan(45)).toBe("45 s");
    expect(formatSpan(172.8)).toBe("2.9 min");
    expect(formatSpan(34_560)).toBe("9.6 h");
  });
});

describe("the demo day's progress in the status bar", () => {
  it("says how far the day is built, in whole percent", () => {
    expect(demoDayText({ hours: 9, fraction: 0.456 })).toBe("Building a demo day (9 h): 45 %");
    expect(demoDayText({ hours: 3, fraction: 1 })).toBe("Building a demo day (3 h): 100 %");
  });
});
