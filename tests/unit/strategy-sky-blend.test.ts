// The sky ahead with a weather forecast (strategy/skyBlend.ts): a perfect
// forecast gives the truth, a useless one falls back to the sky the car sees,
// a biased one is corrected by what the array measured today; without one
// the forecast is as before and says what it lacks.
import { describe, expect, it } from "vitest";
import type { KnownForecast } from "../../workers/contract/weather";
import { blendSky } from "../../workers/telemetry/strategy/skyBlend";
import type { SolarFit, SolarSample } from "../../workers/telemetry/strategy/solarFit";

const DAY = Date.UTC(2026, 6, 1) / 1000;
const H = 3600;
/** A clear sky's light: a bell from 06:00 to 20:00 (UTC here), 1,000 W/m² at 13:00. */
const clearSky = (t: number) => {
  const x = (t - DAY - 6 * H) / (14 * H);
  return x <= 0 || x >= 1 ? 0 : 1000 * Math.sin(Math.PI * x);
};
const PLACE = { lat: 40, long: -90 };
const words = {
  time: (t: number) => new Date(t * 1000).toISOString().slice(11, 16),
  duration: (s: number) => `${Math.round(s / 60)} min`,
};

/** The persistence's fit (solarFit.ts's shape): the sky `k` seen lately, held, with its band. */
function persistence(k: number, scale = 1): SolarFit {
  return {
    ratioNow: k * scale,
    ratioDay: k * scale,
    scale,
    scaleFrom: "rating",
    clearSkyFactor: k,
    skyAheadFactor: k,
    daySeen: 0.5,
    weatherFactor: 1,
    spread: 0.1,
    minutesUsed: 300,
    tau: 0.1,
    clearNoonW: 1000 * scale,
    changed: null,
    unknownSky: 0.3,
    clearSkyAt: clearSky,
    expectedAt: (t) => k * scale * clearSky(t),
    sigmaAt: (t) => 0.3 * scale * clearSky(t),
  };
}

/** Minutes of array power from 07:00 to `now` under the true sky `truth(t)` (a clear-sky index). */
function measured(truth: (t: number) => number, now: number, scale = 1): SolarSample[] {
  const samples: SolarSample[] = [];
  for (let t = DAY + 7 * H + 30; t < now; t += 60)
    samples.push({ time: t, powerW: scale * truth(t) * clearSky(t), lat: 40, long: -90 });
  return samples;
}

/** A forecast issued at `issuedH` (received 10 min later), hourly to 20:00, saying the index `said(t)`. */
function forecastAt(issuedH: number, said: (t: number) => number): KnownForecast {
  const periods = [];
  for (let h = Math.floor(issuedH); h < 20; h++) {
    const start = DAY + h * H;
    let ghi = 0;
    for (let k = 0; k < 60; k++) {
      const t = start + (k + 0.5) * 60;
      ghi += (said(t) * clearSky(t)) / 60;
    }
    periods.push({ start, end: start + H, ghi, ghi10: null, ghi90: null });
  }
  return {
    forecast: {
      format: "Open-Meteo JSON",
      variable: "shortwave_radiation",
      lat: 40,
      long: -90,
      periods,
    },
    issuedAt: (DAY + issuedH * H) * 1000,
    receivedAt: (DAY + issuedH * H + 600) * 1000,
    knownAt: DAY + issuedH * H + 600,
    origin: { kind: "file", name: `issued-${issuedH}.json` },
    warnings: [],
  };
}

const hourly = (from: number, to: number, said: (t: number) => number) =>
  Array.from({ length: to - from + 1 }, (_, i) => forecastAt(from + i, said));
/** The sky at noon (NOW) to the day's end at 17:00, as the forecast asks it. */
const skyAt = (fit: SolarFit, samples: SolarSample[], forecasts: KnownForecast[]) =>
  blendSky(fit, samples, forecasts, DAY + 12 * H, DAY + 17 * H, PLACE, words);
const index = (fit: SolarFit, t: number) => fit.expectedAt(t) / clearSky(t);

describe("the sky ahead with a weather forecast", () => {
  const NOW = DAY + 12 * H;
  // A clear morning, and a front at 14:00 that the sky the car sees cannot know.
  const front = (t: number) => (t < DAY + 14 * H ? 0.9 : 0.3);

  it("follows a perfect forecast to the truth, where persistence holds the morning", () => {
    const sky = skyAt(persistence(0.9), measured(front, NOW), hourly(6, 11, front));
    // Three hours of the morning tried it at this lead (each minute counted
    // once, however many issues said it): the forecast has most of the
    // weight, not all (a morning's errors hold together, so they are little
    // more than one independent try).
    const after = index(sky.fit, DAY + 15.5 * H);
    expect(after).toBeGreaterThan(0.3);
    expect((0.9 - after) / (0.9 - 0.3)).toBeGreaterThan(0.7);
    expect(index(sky.fit, DAY + 13 * H)).toBeCloseTo(0.9, 1);
    // The tab names the forecast as the guide after the front, and the plot draws it.
    expect(sky.sources.some((s) => s.kind === "forecast" && s.label.includes("issued 11:00"))).toBe(
      true,
    );
    expect(sky.forecastW!.values.length).toBeGreaterThan(10);
    const at = sky.forecastW!.time.indexOf(DAY + 16 * H);
    expect(sky.forecastW!.values[at]! / clearSky(DAY + 16 * H)).toBeCloseTo(0.3, 2);
  });

  it("falls back to the sky the car sees when the forecast has been useless all day", () => {
    const steady = () => 0.7;
    // Its clouds come and go by the hour, wherever the real ones are.
    const noise = (t: number) => (Math.floor((t - DAY) / H) % 2 === 0 ? 0.15 : 1.25);
    const sky = skyAt(persistence(0.7), measured(steady, NOW), hourly(6, 11, noise));
    // The forecast's share of each hour: what it moved the sky, of what it said.
    const share = (t: number) => (index(sky.fit, t) - 0.7) / (noise(t) - 0.7);
    expect(share(DAY + 12.5 * H)).toBeLessThan(0.2);
    expect(share(DAY + 13.5 * H)).toBeLessThan(0.2);
    expect(Math.abs(index(sky.fit, DAY + 12.5 * H) - 0.7)).toBeLessThan(0.1);
  });

  it("removes a forecast's bias as the array's power shows it, more as the hours compared add up", () => {
    const dim = () => 0.4;
    const bright = () => 0.6; // 0.2 of a clear sky too bright, all day
    // The forecast drawn for 16:00 and the bias the Inputs table reports, at `h` o'clock.
    const at = (h: number) => {
      const now = DAY + h * H;
      const sky = blendSky(
        persistence(0.4),
        measured(dim, now),
        hourly(6, h - 1, bright),
        now,
        DAY + 17 * H,
        PLACE,
        words,
      );
      const line = sky.inputs.find((i) => i.label === "Forecast's bias today")!;
      const drawn = sky.forecastW!.values[sky.forecastW!.time.indexOf(DAY + 16 * H)]!;
      return {
        bias: Number(/^\+(\d\.\d+) now/.exec(line.value)![1]),
        drawn: drawn / clearSky(DAY + 16 * H),
        blended: index(sky.fit, DAY + 16 * H),
      };
    };
    const early = at(9);
    const noon = at(12);
    const late = at(15);
    // Two hours compared take part of it off; eight hours most of it.
    expect(early.bias).toBeGreaterThan(0.05);
    expect(noon.bias).toBeGreaterThan(early.bias);
    expect(late.bias).toBeGreaterThan(noon.bias);
    expect(late.bias).toBeLessThanOrEqual(0.2);
    expect(early.drawn).toBeLessThan(0.6 - 0.04);
    expect(late.drawn).toBeLessThan(0.5);
    expect(late.drawn).toBeGreaterThanOrEqual(0.4 - 0.01);
    // The blend lies between the truth the array shows and the forecast drawn.
    expect(noon.blended).toBeGreaterThan(0.4 - 0.01);
    expect(noon.blended).toBeLessThan(noon.drawn);
  });

  it("counts a minute held against several issues once: six issues with one error are one hour's evidence", () => {
    // An hour of array power, 07:00–08:00, all of it 0.2 of a clear sky dimmer
    // than forecast: issued at 05:00 alone, or at 05:00 … 05:50 with the same
    // error (successive issues carry it, as real ones do).
    const dim = () => 0.4;
    const bright = () => 0.6;
    const hour = measured(dim, DAY + 8 * H);
    const biasLine = (forecasts: KnownForecast[]) =>
      skyAt(persistence(0.4), hour, forecasts).inputs.find(
        (i) => i.label === "Forecast's bias today",
      )!;
    const biasNow = (forecasts: KnownForecast[]) =>
      Number(/^\+(\d\.\d+) now/.exec(biasLine(forecasts).value)![1]);
    const sixIssues = [0, 1, 2, 3, 4, 5].map((k) => forecastAt(5 + k / 6, bright));
    const one = biasNow([forecastAt(5, bright)]);
    const six = biasNow(sixIssues);
    expect(six).toBe(one);
    // The Inputs table says an hour was compared, not six.
    expect(biasLine(sixIssues).source).toContain("over 1.0 h compared");
    // One hour of evidence against a prior worth six (one independent error):
    // a seventh of the error is removed, not all of it.
    expect(one).toBeGreaterThan(0.02);
    expect(one).toBeLessThan(0.05);
  });

  it("takes no forecast hour as brighter than 1.05 of a clear sky: an expected hour's light does not pass it", () => {
    // Before any measured minute there is no bias to remove: the plot draws the forecast, cut there.
    const glare = () => 1.3;
    const sky = skyAt(persistence(1), [], hourly(6, 11, glare));
    const at = sky.forecastW!.time.indexOf(DAY + 16 * H);
    expect(sky.forecastW!.values[at]! / clearSky(DAY + 16 * H)).toBeCloseTo(1.05, 3);
    // The cut comes after the bias: a forecast 0.3 too bright over a clear
    // morning is learned from 0.3 too bright (not from the 0.05 left above
    // the cut), so the afternoon it says is dimmed by what was learned.
    const clearMorning = skyAt(
      persistence(1),
      measured(() => 1, NOW),
      hourly(6, 11, glare),
    );
    const bias = clearMorning.inputs.find((i) => i.label === "Forecast's bias today")!;
    expect(Number(/^\+(\d\.\d+) now/.exec(bias.value)![1])).toBeGreaterThan(0.1);
    const dim = () => 0.5;
    const read = skyAt(persistence(1), [], hourly(6, 11, dim));
    expect(read.forecastW!.values[at]! / clearSky(DAY + 16 * H)).toBeCloseTo(0.5, 3);
  });

  it("without a forecast, forecasts as before and says what it lacks", () => {
    const fit = persistence(0.8);
    const sky = skyAt(
      fit,
      measured(() => 0.8, NOW),
      [],
    );
    expect(sky.fit).toBe(fit);
    expect(sky.forecastW).toBeNull();
    expect(sky.inputs[0]).toMatchObject({ label: "Weather forecast", value: "none" });
    expect(sky.sources.map((s) => s.kind)).toEqual(["recent", "typical"]);
  });

  it("takes the band from the forecast's own 10–90 % spread where it gives one", () => {
    // Clouds by the hour that the forecast has foreseen all day: it rules the hours ahead.
    const hours = (t: number) => (Math.floor((t - DAY) / H) % 2 === 0 ? 0.3 : 0.7);
    const spread = (share: number) =>
      hourly(6, 11, hours).map((f) => ({
        ...f,
        forecast: {
          ...f.forecast,
          periods: f.forecast.periods.map((p) => ({
            ...p,
            ghi10: p.ghi * (1 - share),
            ghi90: p.ghi * (1 + share),
          })),
        },
      }));
    const band = (share: number) =>
      skyAt(persistence(0.5), measured(hours, NOW), spread(share)).fit;
    const t = DAY + 15.5 * H;
    const wide = band(0.5).sigmaAt(t) / clearSky(t);
    const narrow = band(0.05).sigmaAt(t) / clearSky(t);
    expect(narrow).toBeLessThan(wide / 3);
    // The wide one is the forecast's own (p90 − p10 is 2.56 σ) at the
    // forecast's share of the blend, with the persistence's band (this
    // fixture's 0.3 of a clear sky, or less this close ahead) at the rest.
    const weight = (band(0.5).expectedAt(t) / clearSky(t) - 0.5) / (hours(t) - 0.5);
    const own = (0.7 * 2 * 0.5) / 2.563;
    expect(wide).toBeGreaterThanOrEqual(weight * own - 1e-9);
    expect(wide).toBeLessThanOrEqual(Math.hypot(weight * own, (1 - weight) * 0.3));
    // The forecast's part of it, which fades along the hours (scenario.ts), is that share alone.
    expect(band(0.5).forecastSigmaAt!(t) / clearSky(t)).toBeCloseTo(weight * own, 4);
  });
});
