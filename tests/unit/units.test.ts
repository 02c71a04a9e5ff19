import { describe, expect, it } from "vitest";
import { convertColumnInPlace, displayUnit, toDisplay } from "../../workers/shared/units";

describe("metric → imperial display units", () => {
  it("converts speeds, distances and temperatures", () => {
    expect(toDisplay(100, "km/h", "imperial")).toBeCloseTo(62.1371, 3);
    expect(toDisplay(10, "m/s", "imperial")).toBeCloseTo(22.3694, 3);
    expect(toDisplay(1, "km", "imperial")).toBeCloseTo(0.621371, 5);
    expect(toDisplay(1, "m", "imperial")).toBeCloseTo(3.28084, 4);
    expect(toDisplay(0, "°C", "imperial")).toBe(32);
    expect(toDisplay(100, "°C", "imperial")).toBeCloseTo(212, 10);
    expect(toDisplay(-40, "°C", "imperial")).toBeCloseTo(-40, 10);
    expect(displayUnit("°C", "imperial")).toBe("°F");
    expect(displayUnit("m/s", "imperial")).toBe("mph");
  });

  it("leaves electrical units and metric mode unchanged", () => {
    expect(toDisplay(96.5, "V", "imperial")).toBe(96.5);
    expect(displayUnit("A", "imperial")).toBe("A");
    expect(toDisplay(25, "°C", "metric")).toBe(25);
    expect(displayUnit("°C", "metric")).toBe("°C");
  });

  it("converts a series column in place and keeps gap markers", () => {
    const column = new Float64Array([0, Number.NaN, 100]);
    convertColumnInPlace(column, "°C", "imperial");
    expect(column[0]).toBe(32);
    expect(column[1]).toBeNaN();
    expect(column[2]).toBeCloseTo(212, 10);
  });
});
