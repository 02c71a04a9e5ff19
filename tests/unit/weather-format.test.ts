// How the Strategy tab words the weather forecasts (src/ui/format/weatherFormat.ts):
// the latest forecast's origin, issue time and age, the hourly fetch, the sky
// ahead's guides, and the Open-Meteo address for the car's position.
import { describe, expect, it } from "vitest";
import type { SkySource } from "../../workers/contract/strategy";
import type { ForecastFetchState, KnownForecast } from "../../workers/contract/weather";
import {
  fetchErrorText,
  fetchPlanText,
  forecastAgeText,
  latestForecastText,
  openMeteoAddress,
  skySourcesText,
} from "../../src/ui/format/weatherFormat";

const ZONE = "America/Chicago";
/** 07/01/2026 12:20 CDT (17:20 UTC). */
const NOW = Date.parse("2026-07-01T17:20:00Z");
const MIN = 60_000;

const known = (over: Partial<KnownForecast> = {}): KnownForecast => ({
  forecast: {
    format: "Open-Meteo JSON",
    variable: "shortwave_radiation",
    lat: 37,
    long: -86,
    periods: [],
  },
  issuedAt: NOW - 80 * MIN,
  receivedAt: NOW - MIN,
  knownAt: (NOW - MIN) / 1000,
  origin: { kind: "file", name: "today.json" },
  warnings: [],
  ...over,
});

const fetchState = (over: Partial<ForecastFetchState> = {}): ForecastFetchState => ({
  address: "https://api.open-meteo.com/v1/forecast?latitude=37",
  hasKey: false,
  lastTryAt: NOW - 20 * MIN,
  error: null,
  refusedByBrowser: false,
  nextAt: NOW + 40 * MIN,
  ...over,
});

describe("forecastAgeText", () => {
  it("counts whole minutes, and hours with their minutes", () => {
    expect(forecastAgeText(30_000)).toBe("under a minute old");
    expect(forecastAgeText(-5 * MIN)).toBe("under a minute old"); // a clock a little ahead
    expect(forecastAgeText(20 * MIN + 59_000)).toBe("20 min old");
    expect(forecastAgeText(80 * MIN)).toBe("1 h 20 min old");
    expect(forecastAgeText(26 * 60 * MIN)).toBe("26 h 00 min old");
  });
});

describe("latestForecastText", () => {
  it("says where it came from, when it was issued, how old it is and how many today", () => {
    expect(latestForecastText(known(), 1, NOW, ZONE)).toBe(
      "Latest: Open-Meteo JSON from the file today.json, issued 11:00 CDT, 1 h 20 min old. 1 forecast today.",
    );
    const fetched = known({
      forecast: { ...known().forecast, format: "Solcast CSV" },
      origin: { kind: "address", address: "https://api.solcast.com.au/x" },
    });
    expect(latestForecastText(fetched, 3, NOW, ZONE)).toBe(
      "Latest: Solcast CSV fetched from https://api.solcast.com.au/x, issued 11:00 CDT, 1 h 20 min old. 3 forecasts today.",
    );
  });

  it("gives the date of a forecast issued another day", () => {
    const old = known({ issuedAt: NOW - 25 * 60 * MIN });
    expect(latestForecastText(old, 1, NOW, ZONE)).toContain(
      "issued 06/30/2026 11:20 CDT, 25 h 00 min old",
    );
  });
});

describe("the fetch", () => {
  it("says what is fetched, with a key or not, and when next", () => {
    expect(fetchPlanText(fetchState(), NOW, ZONE)).toBe(
      "Fetching https://api.open-meteo.com/v1/forecast?latitude=37 every hour; next at 13:00 CDT.",
    );
    expect(fetchPlanText(fetchState({ hasKey: true, nextAt: null }), NOW, ZONE)).toBe(
      "Fetching https://api.open-meteo.com/v1/forecast?latitude=37 with your key every hour.",
    );
    expect(fetchPlanText(fetchState({ address: null, nextAt: null }), NOW, ZONE)).toBeNull();
  });

  it("says when the last fetch failed and why", () => {
    expect(fetchErrorText(fetchState(), NOW, ZONE)).toBeNull();
    expect(fetchErrorText(fetchState({ error: "HTTP 500" }), NOW, ZONE)).toBe(
      "The last fetch, at 12:00 CDT, failed: HTTP 500",
    );
  });
});

describe("skySourcesText", () => {
  const span = (kind: SkySource["kind"], label: string, to: string): SkySource => ({
    kind,
    label,
    from: 0,
    to: Date.parse(to) / 1000,
  });

  it("lists each guide until when it rules, in the tab's zone", () => {
    const sources = [
      span("recent", "the car's recent sky", "2026-07-01T18:00:00Z"),
      span("forecast", "Open-Meteo forecast (file today.json)", "2026-07-01T22:00:00Z"),
    ];
    expect(skySourcesText(sources, ZONE)).toBe(
      "Sky ahead: the car's recent sky until 13:00 CDT · Open-Meteo forecast (file today.json) until 17:00 CDT",
    );
    expect(skySourcesText([], ZONE)).toBeNull();
  });
});

describe("openMeteoAddress", () => {
  it("asks for the sun and clouds at the position, hourly for three days, in local time", () => {
    expect(openMeteoAddress(36.99054321, -86.3725)).toBe(
      "https://api.open-meteo.com/v1/forecast?latitude=36.9905&longitude=-86.3725" +
        "&hourly=shortwave_radiation,cloud_cover&forecast_days=3&timezone=auto",
    );
  });
});
