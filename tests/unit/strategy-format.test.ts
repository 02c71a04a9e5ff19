// The power model's quality as the Strategy tab's plot title words it.
import { describe, expect, it } from "vitest";
import type { PowerModel } from "../../workers/contract/strategy";
import {
  fitQuality,
  inputValueText,
  noRecommendationText,
} from "../../src/ui/format/strategyFormat";

const model = (over: Partial<PowerModel>): PowerModel => ({
  kind: "fitted",
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
    expect(fitQuality(model({}), "metric")).toBe("R² 0.93, RMS 45 W over 240 windows");
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
