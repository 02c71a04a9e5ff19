// Coordinates read to 6 decimals wherever a field value is shown (issue 32
// item 13): the GPS & IMU table, a favourite tile and a plot legend agreed on
// 2 decimals (about 1 km) while the Map showed 6.
import { describe, expect, it } from "vitest";
import { formatValue } from "../../src/ui/format/fieldLabel";
import { displayValue } from "../../src/ui/format/formatValue";

const LATITUDE = 37.00148216;

describe("coordinates", () => {
  it("show 6 decimals in the field tables", () => {
    expect(displayValue(LATITUDE, { unit: "°" }, "metric").text).toBe("37.001482");
    expect(displayValue(-122.4194162, { unit: "°" }, "imperial")).toEqual({
      text: "-122.419416",
      unit: "°",
    });
  });

  it("show 6 decimals on a favourite tile, whose default is 2", () => {
    expect(displayValue(LATITUDE, { unit: "°" }, "metric", 2).text).toBe("37.001482");
  });

  it("show 6 decimals in a plot legend", () => {
    expect(formatValue(LATITUDE, "°", false)).toBe("37.001482 °");
  });

  it("leave other values to the shared rule", () => {
    expect(displayValue(37.00148, { unit: "V" }, "metric").text).toBe("37.00");
    expect(displayValue(37.00148, { unit: "V" }, "metric", 1).text).toBe("37.0");
  });
});
