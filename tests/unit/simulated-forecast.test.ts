// The bench's simulated weather forecast (issue 59) checked against its own
// definition, before any forecaster is scored with it: the error's size at
// each lead, and its 10–90 % band's coverage on clear days.
import { describe, expect, it } from "vitest";
import { SimulatedForecasts, sigmaAt, type IssuedForecast } from "../../bench/simulatedForecast";
import { Weather } from "../../workers/telemetry/sources/demo/weather";
import {
  FORECAST_FORMATS,
  forecastFile,
  openMeteoJson,
  solcastCsv,
  solcastJson,
} from "../../bench/forecastFiles";
import { readForecastFile } from "../../workers/telemetry/weather/forecastFile";

const TRACK = { lat: 36.9, long: -86.4 };
/** 2026-06-01 00:00 CDT. */
const FIRST_DAY = Date.UTC(2026, 5, 1, 5) / 1000;
const DAYS = 60;

/** Two-day events of clear weather, issued at :15 and :30 of each hour 06–18 on the first day. */
function clearEvents() {
  return Array.from({ length: DAYS }, (_, d) => {
    const day = FIRST_DAY + d * 86_400;
    const weather = new Weather({ seed: 1000 + d, kind: "clear", longitude: TRACK.long });
    const issues: number[] = [];
    for (let h = 6; h <= 18; h++) issues.push(day + h * 3600 + 900, day + h * 3600 + 1800);
    const sim = new SimulatedForecasts({
      seed: 7 + d,
      ...TRACK,
      transmission: (t) => weather.transmission(t),
      issues,
      endAt: day + 2 * 86_400,
    });
    return { sim, issued: issues.map((i) => sim.issue(i)) };
  });
}

const events = clearEvents();

/** Each issued hour with its lead (issue to the hour's middle, h) and the truth, in full daylight. */
function daylightHours() {
  const rows: { lead: number; p50: number; p10: number; p90: number; truth: number }[] = [];
  for (const { sim, issued } of events)
    for (const f of issued as IssuedForecast[])
      for (const hour of f.hours) {
        // The sun well above 10° for the whole hour: σ is the definition's.
        if (sim.clearAt(hour.end) < 400) continue;
        rows.push({
          lead: (hour.end - 1800 - f.issuedAt) / 3600,
          ...hour,
          truth: sim.truthAt(hour.end),
        });
      }
  return rows;
}

const rows = daylightHours();

describe("the simulated forecast's errors", () => {
  it.each([0.25, 1, 3, 6, 24])("at a lead of %s h are σ(L) in size, within 15 %%", (lead) => {
    const at = rows.filter((r) => Math.abs(r.lead - lead) < 1e-6);
    expect(at.length).toBeGreaterThan(100);
    const rmse = Math.sqrt(at.reduce((s, r) => s + (r.p50 - r.truth) ** 2, 0) / at.length);
    expect(rmse / sigmaAt(lead)).toBeGreaterThan(0.85);
    expect(rmse / sigmaAt(lead)).toBeLessThan(1.15);
  });

  it("puts the truth inside the 10–90 % band 80 ± 3 % of the time on clear days", () => {
    const inside = rows.filter((r) => r.p10 <= r.truth && r.truth <= r.p90).length;
    expect(inside / rows.length).toBeGreaterThan(0.77);
    expect(inside / rows.length).toBeLessThan(0.83);
  });

  it("keeps a shorter lead's error in a longer one's: successive issues do not average it away", () => {
    // The same hour from issues an hour apart: their errors correlate as σ(short)/σ(long).
    const pairs: [number, number][] = [];
    for (const { sim, issued } of events) {
      const early = issued.find(
        (f) => f.issuedAt % 3600 === 1800 && new Date(f.issuedAt * 1000).getUTCHours() === 15,
      )!;
      const late = issued.find((f) => f.issuedAt === early.issuedAt + 3600)!;
      for (const hour of late.hours) {
        if (sim.clearAt(hour.end) < 400) continue;
        const e = early.hours.find((x) => x.end === hour.end)!;
        pairs.push([e.p50 - sim.truthAt(hour.end), hour.p50 - sim.truthAt(hour.end)]);
      }
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const a = pairs.map((p) => p[0]);
    const b = pairs.map((p) => p[1]);
    const cov = mean(pairs.map(([x, y]) => (x - mean(a)) * (y - mean(b))));
    const corr =
      cov /
      Math.sqrt(mean(a.map((x) => (x - mean(a)) ** 2)) * mean(b.map((y) => (y - mean(b)) ** 2)));
    expect(corr).toBeGreaterThan(0.7);
  });
});

describe("the cloudy-sky bias", () => {
  it("is +0.2 of the clouds' dimming from 3 h ahead, and none in the band", () => {
    // A steady overcast letting a quarter of the light through.
    const day = FIRST_DAY;
    const issues = [day + 9 * 3600];
    const errors: number[] = [];
    const dimming: number[] = [];
    for (let seed = 0; seed < 200; seed++) {
      const sim = new SimulatedForecasts({
        seed,
        ...TRACK,
        transmission: () => 0.25,
        issues,
        endAt: day + 86_400,
      });
      // 13:00–14:00, 4.5 h ahead.
      const hour = sim.issue(issues[0]!).hours.find((h) => h.end === day + 14 * 3600)!;
      errors.push(hour.p50 - sim.truthAt(hour.end));
      dimming.push(sim.clearAt(hour.end) - sim.truthAt(hour.end));
      expect(hour.p90 - hour.p50).toBeCloseTo(1.2816 * sigmaAt(4.5), 6);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(dimming)).toBeGreaterThan(600);
    expect(mean(errors) / (0.2 * mean(dimming))).toBeGreaterThan(0.85);
    expect(mean(errors) / (0.2 * mean(dimming))).toBeLessThan(1.15);
  });
});

describe("the forecast written as each service's file", () => {
  const { sim, issued } = events[0]!;
  const f = issued[0]!;
  it("Open-Meteo: local hour-end labels with the zone's offset, the p50 only", () => {
    const json = JSON.parse(openMeteoJson(f, "America/Chicago"));
    expect(json.utc_offset_seconds).toBe(-5 * 3600);
    expect(json.timezone_abbreviation).toBe("CDT");
    expect(json.hourly_units.shortwave_radiation).toBe("W/m²");
    // Issued 06:15 CDT: the first hour is 06:00–07:00, labelled by its end.
    expect(json.hourly.time[0]).toBe("2026-06-01T07:00");
    expect(json.hourly.shortwave_radiation[0]).toBeCloseTo(f.hours[0]!.p50, 0);
  });
  it("Solcast JSON and CSV: UTC period ends, PT60M, with the 10 and 90 % quantiles", () => {
    const json = JSON.parse(solcastJson(f));
    expect(json.forecasts[0]).toMatchObject({
      period: "PT60M",
      period_end: "2026-06-01T12:00:00.0000000Z",
    });
    expect(json.forecasts[0].ghi10).toBeLessThanOrEqual(json.forecasts[0].ghi);
    const csv = solcastCsv(f).split("\n");
    expect(csv[0]).toBe("ghi,ghi90,ghi10,period_end,period");
    expect(csv[1]!.split(",")[3]).toBe("2026-06-01T12:00:00.0000000Z");
    expect(sim.truthAt(f.hours[0]!.end)).toBeGreaterThan(0);
  });
});

describe("the written files read back through the app's parsers", () => {
  const f = events[1]!.issued[3]!;
  it.each(FORECAST_FORMATS)("%s: the same hours and values", (format) => {
    const reading = readForecastFile(forecastFile(f, format, "America/Chicago").text);
    if (!reading.ok) throw new Error(reading.error);
    const periods = reading.forecast.periods;
    expect(periods.map((p) => p.end)).toEqual(f.hours.map((h) => h.end));
    expect(periods.every((p) => p.end - p.start === 3600)).toBe(true);
    periods.forEach((p, i) => expect(Math.abs(p.ghi - f.hours[i]!.p50)).toBeLessThanOrEqual(0.05));
    const quantiles = format === "open-meteo" ? null : f.hours[0]!.p90;
    expect(periods[0]!.ghi90 === null ? null : Math.round(periods[0]!.ghi90)).toBe(
      quantiles === null ? null : Math.round(quantiles),
    );
  });
});
