// The statistics table as shown: figures in the unit setting (imperial too),
// a level typed in the shown unit read back to metric, and the TSV copied.
import { describe, expect, it } from "vitest";
import type { FieldRangeStats } from "../../workers/contract/stats";
import {
  integralUnit,
  levelToMetric,
  statsRow,
  statsTsv,
} from "../../src/shell/rangeStats/statsRows";

function stats(patch: Partial<FieldRangeStats>): FieldRangeStats {
  return {
    path: "MotorDetails0.MotorTemperature",
    label: "Motor 0 Temperature",
    unit: "°C",
    count: 3,
    min: 10,
    max: 30,
    mean: 20,
    std: 5,
    first: 10,
    last: 30,
    delta: 20,
    // 20 °C on average over two hours.
    integralH: 40,
    integralSeconds: 7200,
    secondsAbove: 90,
    ...patch,
  };
}

describe("statistics rows in the unit setting", () => {
  it("shows metric figures as they are", () => {
    const row = statsRow(stats({}), "metric");
    expect(row.unit).toBe("°C");
    expect(row.cells).toMatchObject({
      min: "10",
      mean: "20",
      std: "5",
      delta: "20",
      integral: "40 °C·h",
      above: "90 s",
    });
  });

  it("converts temperatures whole, spreads and differences by the scale only", () => {
    const row = statsRow(stats({}), "imperial");
    expect(row.unit).toBe("°F");
    // 10 °C = 50 °F, 30 °C = 86 °F, 20 °C = 68 °F; 5 K = 9 °F; Δ 20 K = 36 °F.
    expect(row.cells).toMatchObject({ min: "50", max: "86", mean: "68", std: "9", delta: "36" });
    // Two hours at 68 °F on average: 136 °F·h (not 40 × 9/5 = 72).
    expect(row.cells.integral).toBe("136 °F·h");
  });

  it("gives speeds' integrals as distances: km/h·h = km, mph·h = mi", () => {
    const speed = stats({ unit: "km/h", integralH: 16.09344, integralSeconds: 3600 });
    expect(statsRow(speed, "metric").cells.integral).toBe("16.09 km");
    expect(statsRow(speed, "imperial").cells.integral).toBe("10 mi");
    expect(integralUnit("W")).toBe("Wh");
    expect(integralUnit("A")).toBe("Ah");
    expect(integralUnit("")).toBe("h");
  });

  it("shows a missing figure as — and a long time above in minutes", () => {
    const row = statsRow(stats({ min: null, secondsAbove: null, integralH: null }), "metric");
    expect(row.cells.min).toBe("—");
    expect(row.cells.above).toBe("—");
    expect(row.cells.integral).toBe("—");
    expect(statsRow(stats({ secondsAbove: 600 }), "metric").cells.above).toBe("10 min");
  });
});

describe("levels typed in the shown unit", () => {
  it("reads a Fahrenheit or mph level back to metric for the worker", () => {
    expect(levelToMetric("212", "°C", "imperial")).toBeCloseTo(100, 12);
    expect(levelToMetric("10", "km/h", "imperial")).toBeCloseTo(16.09344, 12);
    expect(levelToMetric(" 45.5 ", "V", "imperial")).toBe(45.5);
    expect(levelToMetric("45.5", "°C", "metric")).toBe(45.5);
  });

  it("tells an empty level (none) from one that is not a number", () => {
    expect(levelToMetric("  ", "V", "metric")).toBeUndefined();
    expect(levelToMetric("12 volts", "V", "metric")).toBeNull();
  });
});

describe("Copy as TSV", () => {
  it("writes a header row and one line per series, figures without their units", () => {
    const rows = [
      statsRow(stats({}), "imperial"),
      statsRow(
        stats({
          path: "Battery.PackVoltage",
          label: "Pack\tVoltage",
          unit: "V",
          secondsAbove: null,
        }),
        "imperial",
      ),
    ];
    const text = statsTsv(rows, { "MotorDetails0.MotorTemperature": " 70 " });
    const lines = text.split("\n");
    expect(lines[0]).toBe(
      "Series\tUnit\tSamples\tMin\tMax\tMean\tStd dev\tFirst\tLast\tΔ\tIntegral\tIntegral unit\tLevel\tTime above (s)",
    );
    expect(lines[1]).toBe(
      "Motor 0 Temperature\t°F\t3\t50\t86\t68\t9\t50\t86\t36\t136\t°F·h\t70\t90",
    );
    // A tab in a label would shift the columns: it becomes a space. No level: empty cells.
    expect(lines[2]).toBe("Pack Voltage\tV\t3\t10\t30\t20\t5\t10\t30\t20\t40\tV·h\t\t");
    expect(text.endsWith("\n")).toBe(true);
  });
});
