import { describe, expect, it } from "vitest";
import {
  convertColumnInPlace,
  displayConversion,
  displayUnit,
  fromShownUnit,
  toDisplay,
} from "../../workers/shared/units";
import { displayValue } from "../../src/ui/format/formatValue";

describe("speeds, as people read them", () => {
  // The motor's velocity comes in m/s; nobody on a race team reads a car's speed in m/s.
  it("shows a wire speed in m/s as km/h on a metric dashboard and mph on an imperial one", () => {
    expect(displayUnit("m/s", "metric")).toBe("km/h");
    expect(toDisplay(18, "m/s", "metric")).toBeCloseTo(64.8, 10);
    expect(displayUnit("m/s", "imperial")).toBe("mph");
    expect(toDisplay(18, "m/s", "imperial")).toBeCloseTo(40.2649, 3);
    // A speed already in km/h stays so in metric.
    expect(displayUnit("km/h", "metric")).toBe("km/h");
    expect(toDisplay(50, "km/h", "metric")).toBe(50);
  });

  it("gives the Overview's tile for the motor's velocity in km/h, not m/s", () => {
    expect(displayValue(18, { unit: "m/s" }, "metric", 1)).toEqual({ text: "64.8", unit: "km/h" });
    expect(displayValue(18, { unit: "m/s" }, "imperial", 1)).toEqual({ text: "40.3", unit: "mph" });
  });

  it("converts a plot's column and a statistics level the same way", () => {
    const column = Float64Array.of(10, Number.NaN, 0);
    convertColumnInPlace(column, "m/s", "metric");
    expect(column[0]).toBeCloseTo(36, 10);
    expect(column[1]).toBeNaN(); // a gap stays a gap
    expect(column[2]).toBe(0);
    expect(displayConversion("m/s", "metric")).toEqual({ unit: "km/h", scale: 3.6, offset: 0 });
    expect(displayConversion("V", "metric")).toBeNull();
  });

  it("reads a speed written in km/h or mph back to m/s, and refuses a unit of another kind", () => {
    expect(fromShownUnit("m/s", "km/h")).toEqual({ scale: 3.6, offset: 0 });
    expect(fromShownUnit("m/s", "m/s")).toEqual({ scale: 1, offset: 0 });
    expect(fromShownUnit("m/s", "mph")?.scale).toBeCloseTo(2.236936, 6);
    expect(fromShownUnit("m/s", "°F")).toBeNull();
    expect(fromShownUnit("km/h", "km/h")).toEqual({ scale: 1, offset: 0 });
  });
});

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
