import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatNumber,
  formatSigned,
  NO_VALUE,
} from "../../src/ui/format/formatNumber";
import { displayValue } from "../../src/ui/format/formatValue";
import { formatValue } from "../../src/ui/format/fieldLabel";
import { formatLatency } from "../../src/ui/format/statusFormat";

describe("formatNumber: one rule for every number shown", () => {
  it("keeps about four significant digits, fewer decimals as numbers grow", () => {
    expect(formatNumber(0.12345)).toBe("0.123");
    expect(formatNumber(4.1168)).toBe("4.117");
    expect(formatNumber(96.456)).toBe("96.46");
    expect(formatNumber(131.46)).toBe("131.5");
    expect(formatNumber(1234.5)).toBe("1235");
    expect(formatNumber(-12.3456)).toBe("-12.35");
  });

  it("shows integers as they are and honours fixed decimals", () => {
    expect(formatNumber(2026)).toBe("2026");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(10, 1)).toBe("10.0");
    expect(formatNumber(36.990481, 5)).toBe("36.99048");
  });

  it("has one placeholder for anything that is not a finite number", () => {
    for (const value of [undefined, null, NaN, Infinity, -Infinity])
      expect(formatNumber(value)).toBe(NO_VALUE);
    expect(NO_VALUE).toBe("—");
  });

  it("is what the field tables, plot legends and status bar show", () => {
    expect(displayValue(12.3456, { unit: "V" }, "metric").text).toBe(formatNumber(12.3456));
    expect(formatValue(12.3456, "V", false)).toBe(`${formatNumber(12.3456)} V`);
    expect(formatValue(5, "", false)).toBe("5");
    expect(displayValue(undefined, { unit: "V" }, "metric").text).toBe(NO_VALUE);
    expect(formatValue(null, "V", false)).toBe(NO_VALUE);
    expect(formatLatency(null)).toBe(NO_VALUE);
  });
});

describe("formatCount", () => {
  it("writes counts with thousands separators, as toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -4200, 2.5])
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    expect(formatCount(1_234_567)).toBe("1,234,567");
  });
});

describe("formatSigned", () => {
  it("writes a difference with its sign, ± where it rounds to zero", () => {
    expect(formatSigned(1.2, 1)).toBe("+1.2");
    expect(formatSigned(-0.44, 1)).toBe("−0.4");
    expect(formatSigned(-0.04, 1)).toBe("±0.0");
    expect(formatSigned(0.004, 2)).toBe("±0.00");
    expect(formatSigned(Number.NaN, 1)).toBe("—");
  });
});
