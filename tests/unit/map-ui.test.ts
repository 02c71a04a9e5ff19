import { describe, expect, it } from "vitest";
import { RAMP, binOf, degreesPerPixel } from "../../src/panels/Map/colorScale";
import { DEFAULT_MAP_SETTINGS, isTileUrl, parseMapSettings } from "../../src/state/mapSettings";

describe("map settings", () => {
  it("has no tile server by default and follows the car, coloured by speed", () => {
    expect(parseMapSettings(null)).toEqual(DEFAULT_MAP_SETTINGS);
    expect(DEFAULT_MAP_SETTINGS.tileUrl).toBe("");
    expect(DEFAULT_MAP_SETTINGS.colorField).toBe("MotorDetails0.VehicleVelocity");
  });

  it("accepts only http(s) tile templates with {z}, {x} and {y}", () => {
    expect(isTileUrl("")).toBe(true);
    expect(isTileUrl("https://tile.example.org/{z}/{x}/{y}.png")).toBe(true);
    expect(isTileUrl("https://tile.example.org/{z}/{x}.png")).toBe(false);
    expect(isTileUrl("javascript:alert(1)//{z}{x}{y}")).toBe(false);
  });

  it("falls back field by field on bad stored data", () => {
    const stored = JSON.stringify({
      tileUrl: "ftp://x/{z}/{x}/{y}",
      follow: "yes",
      colorField: "Battery.PackVoltage",
    });
    expect(parseMapSettings(stored)).toEqual({
      ...DEFAULT_MAP_SETTINGS,
      colorField: "Battery.PackVoltage",
    });
    expect(parseMapSettings("{oops")).toEqual(DEFAULT_MAP_SETTINGS);
  });
});

describe("track colours", () => {
  it("bins low values blue and high values red, NaN in the middle", () => {
    expect(binOf(0, 0, 10)).toBe(0);
    expect(binOf(10, 0, 10)).toBe(RAMP.length - 1);
    expect(binOf(NaN, 0, 10)).toBe(Math.floor(RAMP.length / 2));
    expect(binOf(5, 5, 5)).toBe(Math.floor(RAMP.length / 2));
  });

  it("a pixel spans fewer degrees the closer the zoom", () => {
    expect(degreesPerPixel(16, 37)).toBeLessThan(degreesPerPixel(15, 37));
    expect(degreesPerPixel(15, 37) * 111_320).toBeCloseTo(3.82, 1); // metres per pixel
  });
});
