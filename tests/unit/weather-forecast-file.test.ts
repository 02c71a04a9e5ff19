// Forecast files read (issue 59): each service's documented shape, written
// here by hand, its time labels read as the service means them, and hostile
// files refused with one clear reason.
import { describe, expect, it } from "vitest";
import { MAX_FORECAST_BYTES, readForecastFile } from "../../workers/telemetry/weather/forecastFile";
import { forecastWarnings } from "../../workers/telemetry/weather/forecastChecks";

/** 2026-06-16 15:00 UTC (10:00 CDT). */
const T15 = Date.UTC(2026, 5, 16, 15) / 1000;

/** Open-Meteo, `&hourly=shortwave_radiation&timezone=America/Chicago` (local labels, offset −5 h). */
const openMeteo = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    latitude: 36.9,
    longitude: -86.4,
    generationtime_ms: 0.1,
    utc_offset_seconds: -18000,
    timezone: "America/Chicago",
    timezone_abbreviation: "CDT",
    elevation: 180,
    hourly_units: { time: "iso8601", shortwave_radiation: "W/m²" },
    hourly: {
      time: ["2026-06-16T10:00", "2026-06-16T11:00", "2026-06-16T12:00"],
      shortwave_radiation: [512.4, 680, null],
    },
    ...over,
  });

/** Solcast radiation forecasts, PT30M. */
const solcastJson = JSON.stringify({
  forecasts: [
    {
      ghi: 400,
      ghi90: 520,
      ghi10: 210,
      period_end: "2026-06-16T15:00:00.0000000Z",
      period: "PT30M",
    },
    {
      ghi: 450,
      ghi90: 560,
      ghi10: 260,
      period_end: "2026-06-16T15:30:00.0000000Z",
      period: "PT30M",
    },
  ],
});

const solcastCsv = [
  "ghi,ghi90,ghi10,period_end,period",
  "400,520,210,2026-06-16T15:00:00.0000000Z,PT30M",
  "450,560,260,2026-06-16T15:30:00.0000000Z,PT30M",
].join("\n");

const read = (text: string) => {
  const r = readForecastFile(text);
  if (!r.ok) throw new Error(r.error);
  return r;
};

describe("each service's file and its time labels", () => {
  it("Open-Meteo: the mean of the hour before each local label; nulls end the forecast", () => {
    const r = read(openMeteo());
    expect(r.forecast.format).toBe("Open-Meteo JSON");
    expect(r.forecast.lat).toBe(36.9);
    // "10:00" at −5 h is 15:00 UTC, the end of 09:00–10:00 CDT.
    expect(r.forecast.periods).toEqual([
      { start: T15 - 3600, end: T15, ghi: 512.4, ghi10: null, ghi90: null },
      { start: T15, end: T15 + 3600, ghi: 680, ghi10: null, ghi90: null },
    ]);
  });

  it("Open-Meteo's _instant values: a period of one step centred on the label; unix times too", () => {
    const r = read(
      openMeteo({
        hourly_units: { time: "unixtime", shortwave_radiation_instant: "W/m²" },
        hourly: { time: [T15], shortwave_radiation_instant: [700] },
      }),
    );
    expect(r.forecast.variable).toBe("shortwave_radiation_instant");
    expect(r.forecast.periods[0]).toMatchObject({ start: T15 - 1800, end: T15 + 1800, ghi: 700 });
  });

  it("Solcast JSON and CSV: periods ending at period_end, their length from period, with quantiles", () => {
    for (const text of [solcastJson, solcastCsv]) {
      const r = read(text);
      expect(r.forecast.periods[0]).toEqual({
        start: T15 - 1800,
        end: T15,
        ghi: 400,
        ghi10: 210,
        ghi90: 520,
      });
      expect(r.forecast.periods[1]!.start).toBe(T15);
    }
    expect(read(solcastCsv).forecast.format).toBe("Solcast CSV");
    // Solcast's export spelling of the columns.
    const pascal = solcastCsv.replace(
      "ghi,ghi90,ghi10,period_end,period",
      "Ghi,Ghi90,Ghi10,PeriodEnd,Period",
    );
    expect(read(pascal).forecast.periods).toHaveLength(2);
  });
});

describe("hostile files get one clear reason", () => {
  const error = (text: string) => {
    const r = readForecastFile(text);
    expect(r.ok).toBe(false);
    return r.ok ? "" : r.error;
  };
  it.each([
    ["empty", "", /empty/],
    ["huge", " ".repeat(MAX_FORECAST_BYTES + 1), /at most 5 MB/],
    ["not JSON", "{ghi: 1", /not valid JSON/],
    ["another shape", JSON.stringify({ data: [] }), /neither an Open-Meteo .* nor a Solcast/],
    ["NaN", solcastCsv.replace("400,", "NaN,"), /row 2: ghi is not a number/],
    ["negative", solcastCsv.replace("400,", "-5,"), /row 2: ghi is negative/],
    [
      "kW/m²",
      solcastCsv.replace("400,", "4000,"),
      /4000 W\/m², more than sunlight gives: is it in W\/m²\?/,
    ],
    [
      "wrong units",
      openMeteo({ hourly_units: { time: "iso8601", shortwave_radiation: "MJ/m²" } }),
      /in MJ\/m²; the app reads W\/m²/,
    ],
    [
      "out of order",
      solcastCsv
        .split("\n")
        .reverse()
        .slice(0, 2)
        .reverse()
        .join("\n")
        .replace(
          /^.*\n/,
          "ghi,ghi90,ghi10,period_end,period\n450,560,260,2026-06-16T15:30:00.0000000Z,PT30M\n",
        ),
      /out of order or repeated at period 2/,
    ],
    [
      "no zone",
      solcastCsv.replace("2026-06-16T15:00:00.0000000Z", "2026-06-16T15:00:00"),
      /not a UTC time/,
    ],
    ["bad period", solcastCsv.replace(",PT30M", ",30"), /period is not a length such as PT30M/],
    ["no ghi column", "period_end,period\n2026-06-16T15:00:00Z,PT30M", /lacks ghi/],
    [
      "no radiation",
      openMeteo({ hourly: { time: ["2026-06-16T10:00"], cloud_cover: [40] } }),
      /needs hourly.shortwave_radiation .* this one has time, cloud_cover/,
    ],
  ])("%s", (_name, text, reason) => {
    expect(error(text)).toMatch(reason);
  });
});

describe("a good file for another place or other days", () => {
  const forecast = read(openMeteo()).forecast;
  it("warns when the forecast is for a place more than 20 km from the car", () => {
    const here = { lat: 36.9, long: -86.4, from: T15 - 3600, to: T15 + 3600 };
    expect(forecastWarnings(forecast, here)).toEqual([]);
    const far = forecastWarnings(forecast, { ...here, lat: 37.2 });
    expect(far).toHaveLength(1);
    expect(far[0]).toMatch(/33 km from the car/);
  });
  it("warns when it covers none of the hours ahead", () => {
    const tomorrow = { lat: 36.9, long: -86.4, from: T15 + 86_400, to: T15 + 2 * 86_400 };
    expect(forecastWarnings(forecast, tomorrow)[0]).toMatch(/for other days/);
  });
});

describe("a quantile is the top of a spread, not a measurement", () => {
  it("takes a 90 % quantile past what sunlight gives, but not one a units' factor off", () => {
    const wide = read(solcastCsv.replace("400,520,", "1400,1620,"));
    expect(wide.forecast.periods[0]).toMatchObject({ ghi: 1400, ghi90: 1620 });
    const r = readForecastFile(solcastCsv.replace("400,520,", "400,520000,"));
    expect(r.ok ? "" : r.error).toMatch(/row 2: ghi90 is 520000 W\/m², more than sunlight gives/);
  });
});
