// The power model's quality as the Strategy tab's plot title words it.
import { describe, expect, it } from "vitest";
import type { PowerModel } from "../../workers/contract/strategy";
import {
  fitQuality,
  inputValueText,
  noRecommendationText,
  runDownBandText,
} from "../../src/ui/format/strategyFormat";

const model = (over: Partial<PowerModel>): PowerModel => ({
  kind: "fitted",
  form: "linear and cubic",
  formWhy: "held-out error 45 W",
  speedRangeKmh: [40, 80],
  a: 50,
  b: 20,
  c: 0.08,
  r2: 0.93,
  rmsW: 45.2,
  windows: 240,
  auxW: 50,
  points: { speedKmh: [], powerW: [] },
  curve: { speedKmh: [], powerW: [] },
  ...over,
});

describe("fitQuality", () => {
  it("gives a full fit's R² and RMS", () => {
    expect(fitQuality(model({}), "metric")).toBe(
      "linear and cubic (the form with the least error held out), R² 0.93, RMS 45 W over 240 windows",
    );
  });

  it("never shows an R² for speeds too alike to fit a curve, and says which speeds", () => {
    const text = fitQuality(
      model({ kind: "scaled prior", r2: -0.64, speedRangeKmh: [58.2, 62.6] }),
      "metric",
    );
    expect(text).not.toContain("R²");
    expect(text).toContain("speeds 58–63 km/h, too alike to fit the curve");
    expect(text).toContain("RMS 45 W over 240 windows");
  });

  it("speaks the app's units", () => {
    const text = fitQuality(model({ kind: "scaled prior", speedRangeKmh: [80, 96] }), "imperial");
    expect(text).toContain("50–60 mph");
  });
});

describe("the Inputs table's values", () => {
  const speed = {
    label: "Current average speed",
    value: "64 km/h",
    source: "distance over time moving, last 2 h",
    speedKmh: 64.4,
  };
  it("shows a speed in the user's unit, as the big numbers do", () => {
    expect(inputValueText(speed, "metric")).toBe("64 km/h");
    expect(inputValueText(speed, "imperial")).toBe("40 mph");
  });
  it("shows any other input as the worker wrote it", () => {
    const soc = { label: "State of charge", value: "68.2 %", source: "Pack State of Charge" };
    expect(inputValueText(soc, "imperial")).toBe("68.2 %");
  });
});

describe("why no speed reaches the target", () => {
  it("says the day ends below the target even at the slowest speed", () => {
    const rec = { ok: false, why: "below", speedKmh: 20, endSocPct: 6.4, emptyAt: null } as const;
    expect(noRecommendationText(rec, 10, "metric", "America/Chicago")).toBe(
      "Even at 20 km/h the day ends at 6 %, below the 10 % target",
    );
    expect(noRecommendationText(rec, 10, "imperial", "America/Chicago")).toBe(
      "Even at 12 mph the day ends at 6 %, below the 10 % target",
    );
  });
});

describe("when the pack runs down, with its band", () => {
  // 2026-06-16 15:00 CDT and the day's end at 17:00 CDT.
  const t = Date.UTC(2026, 5, 16, 20) / 1000;
  const end = t + 2 * 3600;
  const zone = "America/Chicago";
  it("gives the band's two edges", () => {
    const s = { emptyAt: t + 1800, emptyEarliest: t + 600, emptyLatest: t + 3000 };
    expect(runDownBandText(s, end, zone)).toBe("between 15:10 CDT and 15:50 CDT (95 % band)");
  });
  it("says when the high edge lasts the day, or the forecast does but the low edge does not", () => {
    expect(runDownBandText({ emptyAt: t, emptyEarliest: t, emptyLatest: null }, end, zone)).toBe(
      "from 15:00 CDT, or it may last the day (95 % band)",
    );
    expect(runDownBandText({ emptyAt: null, emptyEarliest: t, emptyLatest: null }, end, zone)).toBe(
      "lasts the day as forecast, but may run down from 15:00 CDT (95 % band)",
    );
    expect(
      runDownBandText({ emptyAt: null, emptyEarliest: null, emptyLatest: null }, end, zone),
    ).toBe("lasts to 17:00 CDT, even at the band's low edge");
  });
  it("recommends no speed for a car that has not driven", () => {
    const rec = {
      ok: false,
      why: "not driven",
      speedKmh: 0,
      endSocPct: 70,
      emptyAt: null,
    } as const;
    expect(noRecommendationText(rec, 10, "metric", zone)).toMatch(
      /^None yet: the car has not driven today/,
    );
  });
});
